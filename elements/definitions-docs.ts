/**
 * The texts of the table in definitions.ts: what each element, property and event is, with its
 * TypeScript type. Documentation only (the Custom Elements Manifest, the editor data, the README),
 * kept out of the browser bundle; test/package/manifest.test.ts checks that it covers exactly the
 * table's properties.
 */

import type { AuthEventType } from '../react-internals/events.ts';

/** The payload (`detail.data`) of each `auth-event` type, in words. Typed over every type. */
export const EVENT_TYPE_DOCS: Readonly<Record<AuthEventType, string>> = {
  OTP_EMAIL_LOGIN_OR_CREATE:
    'A passcode was emailed (first send and each resend): the login_or_create answer (`method_id`, `user_id`, ...) plus `email`, `resend`.',
  OTP_SMS_LOGIN_OR_CREATE: 'A passcode was texted: the answer plus `phone_number`, `resend`.',
  OTP_WHATSAPP_LOGIN_OR_CREATE: 'A passcode was sent by WhatsApp: the answer plus `phone_number`, `resend`.',
  OTP_AUTHENTICATE: 'A passcode was exchanged for a session: the authenticate answer (`user`, `session`, `session_token`, `session_jwt`, ...).',
  MAGIC_LINK_LOGIN_OR_CREATE: 'A sign-in link was emailed: the send answer plus `email`.',
  PASSWORD_CREATE: 'A new user signed up with a password: the authenticate answer.',
  PASSWORD_AUTHENTICATE: 'A user signed in with email and password: the authenticate answer.',
  PASSWORD_RESET_BY_EMAIL_START: 'A reset email was sent (forgot, breached, dedupe, passwordless): `{ email }`.',
  PASSWORD_RESET_BY_EMAIL: "A new password was set with the reset email's token: the authenticate answer.",
  PASSWORD_RESET_LOGIN: "The reset email's login link signed the user in: the authenticate answer.",
  OAUTH_START: 'A provider button was pressed and the browser leaves for the provider: `{ provider }`.',
  OAUTH_AUTHENTICATE: 'The redirect page redeemed the OAuth token: the authenticate answer plus `provider_type`, `provider_subject`, `provider_values`.',
  GOOGLE_ONE_TAP_SUBMIT: 'Google One Tap returned a credential the server accepted; the browser goes to `redirect_url` next: `{ redirect_url }`.',
  GOOGLE_ONE_TAP_FAILURE:
    'Google One Tap did not sign in and the Google button is back: `{ reason }` (oauth_config_not_found, an error_type, user_cancel, unknown_reason).',
  PASSKEY_AUTHENTICATE: 'A passkey signed the user in (button or autofill): the authenticate answer.',
  PASSKEY_REGISTER: 'A passkey was created: the register answer plus `webauthn_registration_id`.',
  PASSKEY_SKIP: 'The user skipped creating a passkey: `{}`.',
  PASSKEY_DONE: 'The user pressed Done on the passkey list: `{}`.',
  CRYPTO_WALLET_AUTHENTICATE_START: 'A wallet connected and the server issued its challenge: `{ crypto_wallet_address, crypto_wallet_type }`.',
  CRYPTO_WALLET_AUTHENTICATE: "A wallet's signature signed the user in (or up): the authenticate answer (plus `crypto_wallet_id`, `siwe_params`).",
  OAuthAuthorizeFlowStart: 'The consent screen read an authorize request and asks authorize-start: `{ client_id, redirect_uri, scopes }`.',
  OAuthAuthorizeFlowConsentDenied: 'The user pressed Deny: `{ client_id, redirect_uri, scopes }`.',
  OAuthAuthorizeFlowComplete:
    'Consent was given (or not needed) and the authorization completed: `{ client_id, redirect_uri, scopes, redirect_uri_returned? }`.',
  MFA_REQUIRED:
    "A first factor succeeded and the project asks for a second step (no session yet): the answer's `mfa_required` (`factors`, `enrolment_required`, `phone_number_hint?`).",
  MFA_TOTP_AUTHENTICATE: 'An authenticator-app code finished a two-step sign-in: the authenticate answer (plus `device_token` when the device is now trusted).',
  MFA_SMS_SEND: 'A passcode was texted to the verified phone for the second step: `{ method_id, phone_id, resend }`.',
  MFA_SMS_AUTHENTICATE: 'A texted passcode finished a two-step sign-in: the authenticate answer (plus `device_token`).',
  MFA_WEBAUTHN_AUTHENTICATE: 'A passkey finished a two-step sign-in: the authenticate answer (plus `device_token`).',
  MFA_RECOVERY_CODE: 'A recovery code finished a two-step sign-in: the authenticate answer (plus `device_token`).',
  MFA_ENROL_TOTP: 'The user set up an authenticator app at sign-in and its first code was accepted: `{ totp_id }`.',
  MFA_REVERIFY: 'A sensitive change asked to verify again, and it was: `{ factor }` (totp, sms_otp, webauthn); the change is retried.',
  PROFILE_UPDATE: 'A change to the account was saved in `<auth-user-profile>`: `{ section, change }` (e.g. `{ section: "emails", change: "email_added" }`).',
  ACCOUNT_DELETED: 'The user deleted their account in `<auth-user-profile>` (the session is gone): `{}`.',
  'authenticate-flow-complete': 'A sign-in finished and the success screen shows; once per completed flow: `{}`.',
};

/** The text of one property. */
export interface PropertyDoc {
  /** Its TypeScript type, as text. */
  readonly type: string;
  readonly description: string;
}

/** The text of one event. */
export interface EventDoc {
  readonly type: string;
  readonly description: string;
}

/** The texts of one element. */
export interface ElementDoc {
  readonly summary: string;
  readonly description: string;
  /** Every property, keyed by name (the common ones and the element's own). */
  readonly properties: { readonly [name: string]: PropertyDoc };
  /** The `auth-event` types this element sends. */
  readonly eventTypes: readonly string[];
}

/** The texts of the five properties every element has, for config type `configType`. */
function common(configType: string): { [name: string]: PropertyDoc } {
  return {
    config: {
      type: `${configType} | undefined`,
      description:
        'Widget config (docs/reference/config.md#widget-config): an object property (kept as given, never copied into the attribute), or JSON in the `config` attribute or a string property.',
    },
    styles: {
      type: 'StyleConfig | undefined',
      description: 'Theme (docs/reference/config.md#theme), validated per property; sets the same `--auth-*` tokens as CSS. An object or JSON.',
    },
    strings: {
      type: 'StringOverrides | undefined',
      description: 'Partial strings table overriding any English text. An object or JSON.',
    },
    callbacks: {
      type: 'AuthCallbacks | undefined',
      description: 'Host callbacks {onEvent, onError}; a JS property only (functions do not survive an attribute).',
    },
    client: {
      type: 'AuthClient | undefined',
      description:
        'A client from createClient, shared with the page; when unset the element creates one from config.publicToken (and config.apiBaseUrl). A JS property only.',
    },
  };
}

/** The two events every element sends; both bubble and are composed (they cross shadow roots). */
export const EVENT_DOCS: { readonly [name: string]: EventDoc } = {
  'auth-event': {
    type: 'CustomEvent<AuthEvent>',
    description: 'A widget event: detail {type, data} (AuthEventType lists every type and its payload).',
  },
  'auth-error': {
    type: 'CustomEvent<AuthErrorDetail>',
    description:
      'An error: detail {message, name, code, ...}; API errors add error_type, error_message, status_code, request_id, error_url; ConfigError adds field.',
  },
};

/** The texts of each tag. */
export const ELEMENT_DOCS: { readonly [tag: string]: ElementDoc } = {
  'auth-login': {
    summary: 'Sign-up and log-in widget: email passcode, magic link, text or WhatsApp passcode, password, passkey, crypto wallet.',
    description: 'Starts on Main with the methods of config.products. Attribute `data-screen` mirrors the current screen.',
    properties: common('LoginConfig'),
    eventTypes: [
      'OTP_EMAIL_LOGIN_OR_CREATE',
      'OTP_SMS_LOGIN_OR_CREATE',
      'OTP_WHATSAPP_LOGIN_OR_CREATE',
      'OTP_AUTHENTICATE',
      'MAGIC_LINK_LOGIN_OR_CREATE',
      'PASSWORD_CREATE',
      'PASSWORD_AUTHENTICATE',
      'PASSWORD_RESET_BY_EMAIL_START',
      'PASSKEY_AUTHENTICATE',
      'CRYPTO_WALLET_AUTHENTICATE_START',
      'CRYPTO_WALLET_AUTHENTICATE',
      'MFA_REQUIRED',
      'MFA_TOTP_AUTHENTICATE',
      'MFA_SMS_SEND',
      'MFA_SMS_AUTHENTICATE',
      'MFA_WEBAUTHN_AUTHENTICATE',
      'MFA_RECOVERY_CODE',
      'MFA_ENROL_TOTP',
      'authenticate-flow-complete',
    ],
  },
  'auth-reset-password': {
    summary: 'The page a password-reset email links to: sets a new password, or signs in from the login link.',
    description:
      "Starts on PasswordResetForm with the link's token; stytch_token_type=login signs the user in at once. Attribute `data-screen` mirrors the current screen.",
    properties: {
      ...common('LoginConfig'),
      passwordResetToken: {
        type: 'string | undefined',
        description: "The reset email's token (attribute `password-reset-token`); when empty, the page's `token` query parameter.",
      },
      passwordResetTokenType: {
        type: 'string | undefined',
        description: "The link's token type (attribute `password-reset-token-type`); when empty, the page's `stytch_token_type` query parameter.",
      },
    },
    eventTypes: ['PASSWORD_RESET_BY_EMAIL', 'PASSWORD_RESET_LOGIN', 'PASSWORD_RESET_BY_EMAIL_START', 'authenticate-flow-complete'],
  },
  'auth-passkey-registration': {
    summary: 'Lets a signed-in user create, rename and delete passkeys.',
    description:
      "Starts on PasskeyRegistrationStart; without a session it shows 'Error: Cannot use PasskeyRegistration component without active user authenticated.'",
    properties: common('PasskeyRegistrationConfig'),
    eventTypes: ['PASSKEY_REGISTER', 'PASSKEY_SKIP', 'PASSKEY_DONE'],
  },
  'auth-idp-consent': {
    summary: "The identity provider's consent and logout page: lets an application sign users in with this project (OAuth 2.0 / OpenID Connect).",
    description:
      "Reads the request from the page's address: post_logout_redirect_uri means RP-initiated logout ('Log out?'), else an authorize request (client_id, redirect_uri, scope, code_challenge, state, nonce, prompt) for a signed-in user: consent with Allow / Deny when needed, then on to the application's redirect_uri. Never shows the watermark. Serve it with `frame-ancestors 'none'`.",
    properties: {
      ...common('IDPConsentConfig'),
      getIDPConsentManifest: {
        type: 'IDPConsentManifestGenerator | undefined',
        description:
          'Builds the consent list from `{ scopes, clientName }` (the grantable scopes): `[{ header, items: (string | { text, details? })[] }]`. A throw or malformed answer is logged and the default list shown. A JS property only.',
      },
      authTokenParams: {
        type: 'IDPAuthTokenParams | undefined',
        description:
          "`{ trustedAuthToken, tokenProfileID }`: a trusted auth token from the host's own identity system, attested into a session before the authorize request. An object or JSON (attribute `auth-token-params`).",
      },
      navigate: {
        type: '((url: string) => void) | undefined',
        description: 'Sends the browser to the redirect URI the server returned; default `location.assign`. A JS property only.',
      },
    },
    eventTypes: ['OAuthAuthorizeFlowStart', 'OAuthAuthorizeFlowConsentDenied', 'OAuthAuthorizeFlowComplete'],
  },
  'auth-user-profile': {
    summary:
      "A signed-in user's account page: name, emails, phones, password, passkeys, authenticator app, linked accounts, wallets, connected apps, sessions, delete.",
    description:
      "Starts on UserProfile; `config.sections` orders and hides the sections (default all), `config.oauthProviders` names the providers the linked-accounts section offers. Without a session it shows 'Sign in to manage your account.'",
    properties: common('UserProfileConfig'),
    eventTypes: ['PROFILE_UPDATE', 'ACCOUNT_DELETED', 'PASSKEY_REGISTER', 'MFA_REVERIFY'],
  },
};
