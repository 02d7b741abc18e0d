/**
 * `<auth-idp-consent>`: the identity provider's consent and logout page (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider
 * screen"): the login widget's shell started on IDPConsent; the consent screen loads lazily when it
 * renders. Made from its row of the table (definitions.ts); importing this module defines a class
 * and nothing else. Serve its page with `Content-Security-Policy: frame-ancestors 'none'` (a framed
 * consent page can be clickjacked into granting access).
 * @example
 * const el = document.createElement('auth-idp-consent');
 * el.client = client; // the user signed in on this origin
 * el.addEventListener('auth-event', (e) => console.log(e.detail.type));
 * document.body.append(el);
 */
import type { LoginConfig } from '../react-internals/config.ts';
import type { IDPAuthTokenParams, IDPConsentManifestGenerator } from '../react-internals/idp/flow.ts';
import { IDP_CONSENT_DEFINITION } from './definitions.ts';
import { type AuthElement, createAuthElement } from './element.ts';

export type {
  IDPAuthTokenParams,
  IDPConsentItem,
  IDPConsentManifest,
  IDPConsentManifestGenerator,
  IDPConsentManifestInput,
  IDPConsentSection,
} from '../react-internals/idp/flow.ts';

/** Config of `<auth-idp-consent>`: the login config's client and session settings apply. */
export type IDPConsentConfig = Pick<LoginConfig, 'publicToken' | 'apiBaseUrl' | 'sessionOptions' | 'enableShadowDOM'>;

/** The properties `<auth-idp-consent>` has beyond the common five. */
export interface IDPConsentProperties {
  /** Builds the consent list from the grantable scopes; a failure falls back to the default list. */
  getIDPConsentManifest: IDPConsentManifestGenerator | undefined;
  /** A trusted auth token attested into a session before the authorize request (docs/reference/elements/auth-idp-consent.md#screens). */
  authTokenParams: IDPAuthTokenParams | undefined;
  /** Sends the browser to the returned redirect URI; default `location.assign`. */
  navigate: ((url: string) => void) | undefined;
}

/** The `<auth-idp-consent>` element class. */
export const AuthIDPConsentElement = createAuthElement<IDPConsentConfig, IDPConsentProperties>(IDP_CONSENT_DEFINITION);
/** An `<auth-idp-consent>` element. */
export type AuthIDPConsentElement = AuthElement<IDPConsentConfig> & IDPConsentProperties;
