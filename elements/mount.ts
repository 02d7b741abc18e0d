/**
 * Imperative mount entry points (docs/reference/elements/auth-login.md#mounting "Mount entry points"). Each takes a CSS selector and
 * upgrades every match; adding a widget is one `mountX` line over mountWidget.
 */
import { createElement, queryAll } from '../sdk-core/dom.ts';
import type { AuthClient } from '../sdk-core/index.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import type { AuthCallbacks } from '../react-internals/events.ts';
import type { StringOverrides } from '../react-internals/strings.ts';
import type { StyleConfig } from '../react-internals/theme.ts';
import type { AuthIDPConsentElement, IDPAuthTokenParams, IDPConsentConfig, IDPConsentManifestGenerator } from './idp-consent.tsx';
import type { AuthLoginElement } from './login.tsx';
import type { AuthPasskeyRegistrationElement, PasskeyRegistrationConfig } from './passkey-registration.tsx';
import {
  defineIdentityProvider,
  defineLogin,
  definePasskeyRegistration,
  defineResetPassword,
  IDP_CONSENT_TAG,
  LOGIN_TAG,
  PASSKEY_REGISTRATION_TAG,
  RESET_PASSWORD_TAG,
  USER_PROFILE_TAG,
  defineUserProfile,
} from './registry.ts';
import type { AuthResetPasswordElement } from './reset-password.tsx';
import type { AuthUserProfileElement, UserProfileConfig } from './user-profile.tsx';

/** Options every mount function takes. */
export interface MountOptions<Config> {
  config: Config;
  styles?: StyleConfig;
  strings?: StringOverrides;
  callbacks?: AuthCallbacks;
  /** A client from createClient; else the element creates one from config.publicToken. */
  client?: AuthClient;
}

/** Options of mountLogin. */
export type MountLoginOptions = MountOptions<LoginConfig>;

/** The docs/reference/elements/auth-login.md#mounting error text for a selector that matches nothing. */
export function noElementsMessage(selector: string, fnName: string): string {
  return `The selector you specified (${selector}) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling ${fnName}()`;
}

interface MountableElement extends HTMLElement {
  config: unknown;
  styles: StyleConfig | undefined;
  strings: StringOverrides | undefined;
  callbacks: AuthCallbacks | undefined;
  client: AuthClient | undefined;
}

/**
 * Shared mount: for each element matching `selector`, reuse it if it is the widget, else reuse the
 * widget it already holds, else create one inside it; then set the options (re-rendering it).
 * @throws Error with the docs/reference/elements/auth-login.md#mounting text naming `fnName` when nothing matches.
 */
export function mountWidget<E extends MountableElement>(
  fnName: string,
  tag: string,
  define: () => void,
  selector: string,
  options: MountOptions<unknown>,
): E[] {
  // Through Document.prototype: the host page's named elements must not redirect these (dom.ts).
  const targets = queryAll<HTMLElement>(document, selector);
  if (targets.length === 0) throw new Error(noElementsMessage(selector, fnName));
  define();
  return targets.map((target) => {
    const existing = target.localName === tag ? target : target.querySelector<HTMLElement>(`:scope > ${tag}`);
    const el = (existing ?? createElement(tag)) as E;
    // JS-only props first: they re-render without touching attributes; the JSON props then
    // reflect to attributes and render once more (React batches both into one commit).
    if (options.callbacks !== undefined || existing) el.callbacks = options.callbacks;
    if (options.client !== undefined) el.client = options.client;
    if (options.styles !== undefined) el.styles = options.styles;
    if (options.strings !== undefined) el.strings = options.strings;
    el.config = options.config;
    if (!existing) target.append(el);
    return el;
  });
}

/**
 * Mounts `<auth-login>` on every element matching `selector` (docs/reference/elements/auth-login.md#mounting Login: starts on Main).
 * @throws Error 'The selector you specified (...) applies to no DOM elements ...' when nothing matches.
 * @example
 * mountLogin('#login', { config: { publicToken, products: ['otp'], otpOptions: { methods: ['email'] } },
 *   callbacks: { onEvent: (e) => console.log(e.type) } });
 */
export function mountLogin(selector: string, options: MountLoginOptions): AuthLoginElement[] {
  return mountWidget<AuthLoginElement>('mountLogin', LOGIN_TAG, defineLogin, selector, options);
}

/** Options of mountResetPassword: the login options plus the reset email's token (docs/reference/elements/auth-reset-password.md#mounting). */
export interface MountResetPasswordOptions extends MountLoginOptions {
  /** The token of the reset link; default: the page's `token` query parameter. */
  passwordResetToken?: string;
}

/**
 * Mounts `<auth-reset-password>` on every element matching `selector` (docs/reference/elements/auth-reset-password.md#mounting Reset password:
 * starts on PasswordResetForm with the token; stytch_token_type=login signs in at once).
 * @throws Error 'The selector you specified (...) applies to no DOM elements ...' when nothing matches.
 * @example
 * mountResetPassword('#reset', { config: { publicToken, products: ['passwords'] },
 *   passwordResetToken: new URLSearchParams(location.search).get('token') ?? '' });
 */
export function mountResetPassword(selector: string, options: MountResetPasswordOptions): AuthResetPasswordElement[] {
  const els = mountWidget<AuthResetPasswordElement>('mountResetPassword', RESET_PASSWORD_TAG, defineResetPassword, selector, options);
  // Set in the same task as the other props, so React renders once with the token.
  if (options.passwordResetToken !== undefined) for (const el of els) el.passwordResetToken = options.passwordResetToken;
  return els;
}

/** Options of mountPasskeyRegistration; `config` may be omitted when `client` is given. */
export type MountPasskeyRegistrationOptions = Omit<MountOptions<PasskeyRegistrationConfig>, 'config'> & { config?: PasskeyRegistrationConfig };

/**
 * Mounts `<auth-passkey-registration>` on every element matching `selector` (docs/reference/methods/webauthn.md#screens Passkey
 * registration: starts on PasskeyRegistrationStart; needs an authenticated user).
 * @throws Error 'The selector you specified (...) applies to no DOM elements ... calling mountPasskeyRegistration()'.
 * @example
 * mountPasskeyRegistration('#passkeys', { client, callbacks: { onEvent: (e) => e.type === 'PASSKEY_DONE' && location.assign('/') } });
 */
export function mountPasskeyRegistration(selector: string, options: MountPasskeyRegistrationOptions): AuthPasskeyRegistrationElement[] {
  return mountWidget<AuthPasskeyRegistrationElement>('mountPasskeyRegistration', PASSKEY_REGISTRATION_TAG, definePasskeyRegistration, selector, {
    ...options,
    config: options.config ?? {},
  });
}

/** Options of mountIdentityProvider (docs/reference/elements/auth-idp-consent.md#screens Identity provider); `config` may be omitted when `client` is given. */
export type MountIdentityProviderOptions = Omit<MountOptions<IDPConsentConfig>, 'config'> & {
  config?: IDPConsentConfig;
  /** Builds the consent list from the grantable scopes; a failure falls back to the default list. */
  getIDPConsentManifest?: IDPConsentManifestGenerator;
  /** A trusted auth token (and its profile) attested into a session before the authorize request. */
  authTokenParams?: IDPAuthTokenParams;
  /** Sends the browser to the returned redirect URI; default `location.assign`. */
  navigate?: (url: string) => void;
};

/**
 * Mounts `<auth-idp-consent>` on every element matching `selector` (docs/reference/elements/auth-idp-consent.md#screens Identity provider:
 * starts on IDPConsent, reads the authorize or logout request from the page's address).
 * @throws Error 'The selector you specified (...) applies to no DOM elements ... calling mountIdentityProvider()'.
 * @example
 * mountIdentityProvider('#consent', { client, callbacks: { onEvent: (e) => console.log(e.type) } });
 */
export function mountIdentityProvider(selector: string, options: MountIdentityProviderOptions): AuthIDPConsentElement[] {
  const els = mountWidget<AuthIDPConsentElement>('mountIdentityProvider', IDP_CONSENT_TAG, defineIdentityProvider, selector, {
    ...options,
    config: options.config ?? {},
  });
  // The element's own properties, in the same task as the common ones (one render).
  for (const el of els) {
    if (options.getIDPConsentManifest !== undefined) el.getIDPConsentManifest = options.getIDPConsentManifest;
    if (options.authTokenParams !== undefined) el.authTokenParams = options.authTokenParams;
    if (options.navigate !== undefined) el.navigate = options.navigate;
  }
  return els;
}

/** Options of mountUserProfile; `config` may be omitted when `client` is given. */
export type MountUserProfileOptions = Omit<MountOptions<UserProfileConfig>, 'config'> & { config?: UserProfileConfig };

/**
 * Mounts `<auth-user-profile>` on every element matching `selector` (docs/reference/elements/user-profile.md#screens: a
 * signed-in user's account page; `config.sections` orders and hides its sections).
 * @throws Error 'The selector you specified (...) applies to no DOM elements ... calling mountUserProfile()'.
 * @example
 * mountUserProfile('#account', { client, config: { sections: ['profile', 'emails', 'sessions'] } });
 */
export function mountUserProfile(selector: string, options: MountUserProfileOptions): AuthUserProfileElement[] {
  return mountWidget<AuthUserProfileElement>('mountUserProfile', USER_PROFILE_TAG, defineUserProfile, selector, {
    ...options,
    config: options.config ?? {},
  });
}
