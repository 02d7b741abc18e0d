/**
 * The table of Auth Elements tags (docs/reference/house-style.md#layers): each element's tag, class name, the properties and
 * attributes it takes, the config keys it reads and the screen it starts on. The one element
 * implementation (`createAuthElement` in element.ts) reads a row of this table, and
 * scripts/custom-elements.ts writes the Custom Elements Manifest and the editor data from it (with
 * the texts of definitions-docs.ts), so the manifest cannot drift from what the elements do.
 */
import type { ConfigShapeName } from '../react-internals/config-check.ts';
import type { Shape } from '../react-internals/method.ts';
import type { Screen, WidgetState } from '../react-internals/login/state.ts';

/** How a property's value arrives. */
export type PropertyKind =
  /** An object: set as a property (identity kept), or as JSON in the attribute or a string property. */
  | 'object'
  /** Text: a property or an attribute. */
  | 'string'
  /** A JS value only (functions, a client): never an attribute. */
  | 'js';

/** One property of an element. */
export interface ElementProperty {
  /** The JS property name. */
  readonly name: string;
  /** The attribute that sets it, if any. */
  readonly attribute?: string;
  readonly kind: PropertyKind;
}

/**
 * What a widget starts with, from the element's current property values: a screen and state to lay
 * over the widget's initial state (the React side builds the state: the element's own module holds
 * no widget code, issue 16).
 */
export interface WidgetStart {
  /** The starting screen (default Main). */
  screen?: Screen;
  /** State laid over the screen's initial state. */
  state?: Partial<WidgetState>;
  /** A new key starts the widget afresh (e.g. a new reset token). */
  key?: string;
  /** The element's own values its screens read (the widget context's `elementOptions`). */
  options?: Readonly<Record<string, unknown>>;
}

/** One row of the table. */
export interface AuthElementDefinition {
  readonly tag: string;
  /** The exported class name. */
  readonly className: string;
  /** Which config keys the element reads (react-internals/config-check.ts; unknown keys are warned about). */
  readonly configShape: ConfigShapeName;
  /**
   * Config keys of the element's own beyond its shape, with their checks (the profile's `sections`):
   * loaded with the config check, so the first load carries none of them.
   */
  readonly configKeys?: () => Promise<Shape>;
  /** Whether `config.products` is read (login-type widgets). */
  readonly readsProducts: boolean;
  /** Properties beyond the five every element has (COMMON_PROPERTIES). */
  readonly properties: readonly ElementProperty[];
  /** The starting screen and state, from the element's current values. */
  readonly start: (values: { readonly [name: string]: unknown }) => WidgetStart;
  /**
   * Runs when the element first connects: values it returns are kept beside the properties (for
   * `start`), e.g. a credential taken out of the page's address before anything else reads it.
   */
  readonly capture?: (values: { readonly [name: string]: unknown }) => Record<string, string>;
}

/** The properties every element has. */
export const COMMON_PROPERTIES: readonly ElementProperty[] = [
  { name: 'config', attribute: 'config', kind: 'object' },
  { name: 'styles', attribute: 'styles', kind: 'object' },
  { name: 'strings', attribute: 'strings', kind: 'object' },
  { name: 'callbacks', kind: 'js' },
  { name: 'client', kind: 'js' },
];

/** The DOM events every element sends (bubbling, composed). */
export const EVENTS = ['auth-event', 'auth-error'] as const;

/** A query parameter of the page's address ('' when absent, and on a server). */
function queryParam(name: string): string {
  return new URLSearchParams(globalThis.location?.search ?? '').get(name) ?? '';
}

/** Where the reset link read from the page's address is kept beside the element's properties. */
const ADDRESS_TOKEN = ' addressToken';
const ADDRESS_TOKEN_TYPE = ' addressTokenType';

/**
 * Reads a reset link's token and type from the page's address and takes both out of the address
 * bar: the token is a credential (history, screenshots, a Referer to anything the page loads).
 */
function takeLinkFromAddress(): Record<string, string> {
  const token = queryParam('token');
  const tokenType = queryParam('stytch_token_type');
  const loc = globalThis.location;
  if (token && loc && globalThis.history?.replaceState) {
    const url = new URL(loc.href);
    url.searchParams.delete('token');
    url.searchParams.delete('stytch_token_type');
    globalThis.history.replaceState(globalThis.history.state, '', url.href);
  }
  return { [ADDRESS_TOKEN]: token, [ADDRESS_TOKEN_TYPE]: tokenType };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** `<auth-login>` (docs/reference/elements/auth-login.md#mounting Login: starts on Main). */
export const LOGIN_DEFINITION: AuthElementDefinition = {
  tag: 'auth-login',
  className: 'AuthLoginElement',
  configShape: 'login',
  readsProducts: true,
  properties: [],
  start: () => ({}),
};

/** `<auth-reset-password>` (docs/reference/elements/auth-reset-password.md#mounting Reset password). */
export const RESET_PASSWORD_DEFINITION: AuthElementDefinition = {
  tag: 'auth-reset-password',
  className: 'AuthResetPasswordElement',
  configShape: 'login',
  readsProducts: true,
  properties: [
    { name: 'passwordResetToken', attribute: 'password-reset-token', kind: 'string' },
    { name: 'passwordResetTokenType', attribute: 'password-reset-token-type', kind: 'string' },
  ],
  // Without a preloaded token the link in the address is the token: keep it, clear the address.
  capture: (values) => (text(values['passwordResetToken']) ? {} : takeLinkFromAddress()),
  start: (values) => {
    // docs/reference/elements/auth-reset-password.md#mounting: the token is preloaded (property or attribute), else read with its type from the
    // emailed link's query (`token`, `stytch_token_type`), taken when the element connected.
    const fromAddress = ADDRESS_TOKEN in values;
    const token = text(values['passwordResetToken']) || (fromAddress ? text(values[ADDRESS_TOKEN]) : queryParam('token'));
    const tokenType = text(values['passwordResetTokenType']) || (fromAddress ? text(values[ADDRESS_TOKEN_TYPE]) : queryParam('stytch_token_type'));
    // A new token is a new reset: start over rather than carry the old one's state.
    return { screen: 'PasswordResetForm', state: { resetPasswordState: { token, tokenType } }, key: `${tokenType}:${token}` };
  },
};

/** `<auth-passkey-registration>` (docs/reference/elements/auth-passkey-registration.md#screens Passkey registration). */
export const PASSKEY_REGISTRATION_DEFINITION: AuthElementDefinition = {
  tag: 'auth-passkey-registration',
  className: 'AuthPasskeyRegistrationElement',
  configShape: 'client',
  readsProducts: false,
  properties: [],
  start: () => ({ screen: 'PasskeyRegistrationStart' }),
};

/** `<auth-idp-consent>` (docs/reference/elements/auth-idp-consent.md#screens Identity provider: starts on IDPConsent; never a watermark). */
export const IDP_CONSENT_DEFINITION: AuthElementDefinition = {
  tag: 'auth-idp-consent',
  className: 'AuthIDPConsentElement',
  configShape: 'client',
  readsProducts: false,
  properties: [
    { name: 'getIDPConsentManifest', kind: 'js' },
    { name: 'authTokenParams', attribute: 'auth-token-params', kind: 'object' },
    { name: 'navigate', kind: 'js' },
  ],
  start: (values) => ({
    screen: 'IDPConsent',
    // New auth-token params are a new attestation: start over.
    key: JSON.stringify(values['authTokenParams'] ?? null),
    options: {
      getIDPConsentManifest: values['getIDPConsentManifest'],
      authTokenParams: values['authTokenParams'],
      navigate: values['navigate'],
    },
  }),
};

/** `<auth-user-profile>` (docs/reference/elements/user-profile.md#screens: starts on UserProfile; never a watermark). */
export const USER_PROFILE_DEFINITION: AuthElementDefinition = {
  tag: 'auth-user-profile',
  className: 'AuthUserProfileElement',
  configShape: 'client',
  readsProducts: false,
  properties: [],
  configKeys: () => import('../react-internals/profile/sections.ts').then((m) => m.PROFILE_CONFIG_SHAPE),
  // The screen reads its own config keys (sections, providers) from the element's options.
  start: (values) => ({ screen: 'UserProfile', options: { config: values['config'] } }),
};

/** Every row, in the order of the tags' documentation. */
export const AUTH_ELEMENT_DEFINITIONS: readonly AuthElementDefinition[] = [
  LOGIN_DEFINITION,
  RESET_PASSWORD_DEFINITION,
  PASSKEY_REGISTRATION_DEFINITION,
  IDP_CONSENT_DEFINITION,
  USER_PROFILE_DEFINITION,
];
