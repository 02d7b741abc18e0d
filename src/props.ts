/**
 * What a framework template may set on each tag (the element properties a host writes), shared by
 * the React, Vue and Svelte typings. Objects may also be JSON text (the attribute form).
 */
import type { AuthClient } from '../sdk-core/index.ts';
import type { IDPAuthTokenParams, IDPConsentConfig, IDPConsentManifestGenerator } from '../elements/idp-consent.tsx';
import type { PasskeyRegistrationConfig } from '../elements/passkey-registration.tsx';
import type { UserProfileConfig } from '../elements/user-profile.tsx';
import type { LoginConfig } from '../react-internals/config.ts';
import type { AuthCallbacks } from '../react-internals/events.ts';
import type { StringOverrides } from '../react-internals/strings.ts';
import type { StyleConfig } from '../react-internals/theme.ts';

/** The properties every tag takes. */
export interface AuthElementProps<C> {
  /** Widget config (docs/reference/config.md#widget-config): set it as a property (an object), or JSON text. */
  config?: C | string;
  /** Theme: an object (or JSON text) mapping onto the `--auth-*` tokens. */
  styles?: StyleConfig | string;
  /** Text overrides: an object (or JSON text). */
  strings?: StringOverrides | string;
  /** {onEvent, onError}; a property only. */
  callbacks?: AuthCallbacks;
  /** A client from createClient; a property only. */
  client?: AuthClient;
}

/** `<auth-login>`'s properties. */
export type AuthLoginProps = AuthElementProps<LoginConfig>;

/** `<auth-reset-password>`'s properties. */
export interface AuthResetPasswordProps extends AuthElementProps<LoginConfig> {
  /** The reset email's token (default: the page's `token` query parameter). */
  passwordResetToken?: string;
  /** The link's token type (default: the page's `stytch_token_type` query parameter). */
  passwordResetTokenType?: string;
}

/** `<auth-passkey-registration>`'s properties. */
export type AuthPasskeyRegistrationProps = AuthElementProps<PasskeyRegistrationConfig>;

/** `<auth-user-profile>`'s properties. */
export type AuthUserProfileProps = AuthElementProps<UserProfileConfig>;

/** `<auth-idp-consent>`'s properties. */
export interface AuthIDPConsentProps extends AuthElementProps<IDPConsentConfig> {
  /** Builds the consent list from the grantable scopes; a property only. */
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  /** A trusted auth token attested into a session first: an object (or JSON text). */
  authTokenParams?: IDPAuthTokenParams | string;
  /** Sends the browser to the returned redirect URI (default `location.assign`); a property only. */
  navigate?: (url: string) => void;
}
