/**
 * The table of Auth Elements tags (DESIGN §1): what each element is, the properties and attributes
 * it takes, the events it sends, the config keys it reads and the screen it starts on. The one
 * element implementation (`createAuthElement` in element.tsx) reads a row of this table, and
 * scripts/custom-elements.ts writes the Custom Elements Manifest and the editor data from it, so the
 * manifest cannot drift from what the elements do.
 */
import { type ConfigShape, LOGIN_CONFIG_SHAPE, PASSKEY_REGISTRATION_CONFIG_SHAPE } from '../react-internals/config.ts';
import { initialWidgetState, type WidgetState } from '../react-internals/login/state.ts';

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
  /** Its TypeScript type, as text (manifest and docs). */
  readonly type: string;
  readonly description: string;
}

/** One DOM event an element dispatches. */
export interface ElementEvent {
  readonly name: string;
  /** The event's TypeScript type, as text. */
  readonly type: string;
  readonly description: string;
}

/** What a widget starts with, from the element's current property values. */
export interface WidgetStart {
  initialState?: WidgetState;
  /** A new key starts the widget afresh (e.g. a new reset token). */
  key?: string;
}

/** One row of the table. */
export interface AuthElementDefinition {
  readonly tag: string;
  /** The exported class name. */
  readonly className: string;
  readonly summary: string;
  readonly description: string;
  /** The config keys the element reads, with their checks (unknown keys are warned about). */
  readonly configShape: ConfigShape;
  /** Whether `config.products` is read (login-type widgets). */
  readonly readsProducts: boolean;
  /** The TypeScript type of `config`, as text. */
  readonly configType: string;
  /** Properties beyond the five every element has (config, styles, strings, callbacks, client). */
  readonly properties: readonly ElementProperty[];
  readonly events: readonly ElementEvent[];
  /** The starting screen and state, from the element's string properties. */
  readonly start: (values: { readonly [name: string]: unknown }) => WidgetStart;
}

/** The properties every element has. `config`'s type text is filled per element. */
export function commonProperties(configType: string): readonly ElementProperty[] {
  return [
    {
      name: 'config',
      attribute: 'config',
      kind: 'object',
      type: `${configType} | undefined`,
      description:
        'Widget config (SPEC §3): an object property (kept as given, never copied into the attribute), or JSON in the `config` attribute or a string property.',
    },
    {
      name: 'styles',
      attribute: 'styles',
      kind: 'object',
      type: 'StyleConfig | undefined',
      description: 'Theme (SPEC §3), validated per property; sets the same `--auth-*` tokens as CSS. An object or JSON.',
    },
    {
      name: 'strings',
      attribute: 'strings',
      kind: 'object',
      type: 'StringOverrides | undefined',
      description: 'Partial strings table overriding any English text. An object or JSON.',
    },
    {
      name: 'callbacks',
      kind: 'js',
      type: 'AuthCallbacks | undefined',
      description: 'Host callbacks {onEvent, onError}; a JS property only (functions do not survive an attribute).',
    },
    {
      name: 'client',
      kind: 'js',
      type: 'AuthClient | undefined',
      description:
        'A client from createClient, shared with the page; when unset the element creates one from config.publicToken (and config.apiBaseUrl). A JS property only.',
    },
  ];
}

/** The two events every element sends; both bubble and are composed (they cross shadow roots). */
export const COMMON_EVENTS: readonly ElementEvent[] = [
  {
    name: 'auth-event',
    type: 'CustomEvent<AuthEvent>',
    description: 'A widget event: detail {type, data} (see AuthEventType for every type and its payload).',
  },
  {
    name: 'auth-error',
    type: 'CustomEvent<AuthErrorDetail>',
    description:
      'An error: detail {message, name, code, ...} (API errors add error_type, status_code, request_id; ConfigError adds field).',
  },
];

/** A query parameter of the page's address ('' when absent, and on a server). */
function queryParam(name: string): string {
  return new URLSearchParams(globalThis.location?.search ?? '').get(name) ?? '';
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The starting state of `<auth-reset-password>`: PasswordResetForm with the token preloaded (SPEC §2). */
export function resetInitialState(token: string, tokenType: string): WidgetState {
  return { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token, tokenType } };
}

/** `<auth-login>` (SPEC §2 Login: starts on Main). */
export const LOGIN_DEFINITION: AuthElementDefinition = {
  tag: 'auth-login',
  className: 'AuthLoginElement',
  summary: 'Sign-up and log-in widget: email passcode, magic link, text or WhatsApp passcode, password, passkey.',
  description:
    'Starts on Main with the methods of config.products. Attribute `data-screen` mirrors the current screen.',
  configShape: LOGIN_CONFIG_SHAPE,
  readsProducts: true,
  configType: 'LoginConfig',
  properties: [],
  events: COMMON_EVENTS,
  start: () => ({}),
};

/** `<auth-reset-password>` (SPEC §2 Reset password). */
export const RESET_PASSWORD_DEFINITION: AuthElementDefinition = {
  tag: 'auth-reset-password',
  className: 'AuthResetPasswordElement',
  summary: 'The page a password-reset email links to: sets a new password, or signs in from the login link.',
  description:
    "Starts on PasswordResetForm with the link's token; stytch_token_type=login signs the user in at once. Attribute `data-screen` mirrors the current screen.",
  configShape: LOGIN_CONFIG_SHAPE,
  readsProducts: true,
  configType: 'LoginConfig',
  properties: [
    {
      name: 'passwordResetToken',
      attribute: 'password-reset-token',
      kind: 'string',
      type: 'string | undefined',
      description: "The reset email's token; when empty, the page's `token` query parameter.",
    },
    {
      name: 'passwordResetTokenType',
      attribute: 'password-reset-token-type',
      kind: 'string',
      type: 'string | undefined',
      description: "The link's token type; when empty, the page's `stytch_token_type` query parameter.",
    },
  ],
  events: COMMON_EVENTS,
  start: (values) => {
    // SPEC §2: the token is preloaded (property or attribute), else read with its type from the
    // emailed link's query (`token`, `stytch_token_type`).
    const token = text(values['passwordResetToken']) || queryParam('token');
    const tokenType = text(values['passwordResetTokenType']) || queryParam('stytch_token_type');
    // A new token is a new reset: start over rather than carry the old one's state.
    return { initialState: resetInitialState(token, tokenType), key: `${tokenType}:${token}` };
  },
};

/** `<auth-passkey-registration>` (SPEC §2 Passkey registration). */
export const PASSKEY_REGISTRATION_DEFINITION: AuthElementDefinition = {
  tag: 'auth-passkey-registration',
  className: 'AuthPasskeyRegistrationElement',
  summary: 'Lets a signed-in user create, rename and delete passkeys.',
  description:
    "Starts on PasskeyRegistrationStart; without a session it shows 'Error: Cannot use PasskeyRegistration component without active user authenticated.'. Sends PASSKEY_REGISTER, PASSKEY_SKIP and PASSKEY_DONE.",
  configShape: PASSKEY_REGISTRATION_CONFIG_SHAPE,
  readsProducts: false,
  configType: 'PasskeyRegistrationConfig',
  properties: [],
  events: COMMON_EVENTS,
  start: () => ({ initialState: initialWidgetState('PasskeyRegistrationStart') }),
};

/** Every row, in the order of the tags' documentation. */
export const AUTH_ELEMENT_DEFINITIONS: readonly AuthElementDefinition[] = [
  LOGIN_DEFINITION,
  RESET_PASSWORD_DEFINITION,
  PASSKEY_REGISTRATION_DEFINITION,
];
