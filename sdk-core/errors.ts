/**
 * Error classes of docs/reference/errors.md#error-classes. One base class with a stable `code`, so hosts can branch on
 * `err.code` (or `instanceof`) without parsing messages.
 */

/** Codes carried by every SDK error; stable across releases. */
export type AuthErrorCode =
  | 'api_unreachable'
  | 'schema_error'
  | 'api_error'
  | 'usage_error'
  | 'no_session'
  | 'missing_parameter'
  | 'config_error'
  | 'confirmation_required'
  | 'pkce_verifier_missing'
  | 'captcha_required'
  | 'webauthn_ceremony'
  // OAuth (issue 13): Google One Tap did not sign in (oauth/errors.ts).
  | 'one_tap';

/** The own `errorClass` of an SDK error class, or '' (a host's subclass has none of its own). */
const errorClassOf = (c: unknown): string => (Object.hasOwn(Object(c), 'errorClass') && (c as typeof AuthError).errorClass) || '';

/** Whether `x` is an instance of `cls`: on its prototype chain, or a class of the same `errorClass` is (another copy of the kit). */
function isInstance(cls: { prototype: unknown }, x: unknown): boolean {
  const id = errorClassOf(cls);
  // Object(): a primitive's prototype chain is its wrapper's; null and undefined have an empty one.
  for (let p = Object.getPrototypeOf(Object(x)); p; p = Object.getPrototypeOf(p)) {
    if (p === cls.prototype || (id && errorClassOf(p.constructor) === id)) return true;
  }
  return false;
}

/**
 * Base class of every error the SDK throws. Each class names itself in a literal (`errorClass`, and
 * the instance's `name` from it): a minifier renames classes, and hosts (and `auth-error`'s
 * `detail.name`) read `name`, so `new.target.name` would say "a" in the built bundle.
 */
// Fields are `declare`d throughout: each constructor assigns its own, so the bundle carries no list of
// field definitions beside the assignments (issue 16's budget for the client core).
export class AuthError extends Error {
  /** The class's name as a literal (minifiers rename classes); `instanceof` compares it across copies of the kit. */
  static readonly errorClass: string = 'AuthError';
  /**
   * `instanceof` across copies of the kit: a page can hold two (`auth-elements/client` is a bundle
   * of its own beside the elements', and `auth-elements/react` another), each with its own classes.
   * An error of another copy is an instance of this class when a class on its prototype chain has
   * this class's `errorClass`; within one copy this is the ordinary prototype check.
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, x: unknown): x is T {
    // biome-ignore lint/complexity/noThisInStatic: the class on instanceof's right side (a subclass inherits this method).
    return isInstance(this, x);
  }
  /** Stable machine-readable code of the error class. */
  declare readonly code: AuthErrorCode;
  constructor(code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = (new.target as typeof AuthError).errorClass;
  }
}

/** The texts of docs/reference/errors.md#error-classes for an unreachable or misbehaving API. */
export const UNREACHABLE_MESSAGES = {
  network: 'Unable to contact our servers.',
  invalidJson: 'Invalid JSON response from our servers.',
  noResponse: 'Invalid or no response from server',
  invalidResponse: 'Invalid response from our servers.',
} as const;

/**
 * Why the API counts as unreachable: `network` (no connection, or the caller cancelled), `timeout`
 * (no whole answer in time), `invalid_json` (a body that is not JSON), `no_response` (no body, or an
 * error without error_type), `invalid_response` (JSON that is not the protocol's envelope).
 */
export type UnreachableReason = 'network' | 'timeout' | 'invalid_json' | 'no_response' | 'invalid_response';

const UNREACHABLE_TEXT: Record<UnreachableReason, string> = {
  network: UNREACHABLE_MESSAGES.network,
  // docs/reference/errors.md#error-classes: a time-out is a network failure to the user (and to the refresh, which retries it).
  timeout: UNREACHABLE_MESSAGES.network,
  invalid_json: UNREACHABLE_MESSAGES.invalidJson,
  no_response: UNREACHABLE_MESSAGES.noResponse,
  invalid_response: UNREACHABLE_MESSAGES.invalidResponse,
};

/**
 * The API could not be reached, or answered with something that is not the protocol. The message
 * is the docs/reference/errors.md#error-classes text of its `reason`; code (a UI choosing its own words among them) reads `reason`.
 */
export class ApiUnreachableError extends AuthError {
  static override readonly errorClass: string = 'ApiUnreachableError';
  /** Which of the unreachable cases this is. */
  declare readonly reason: UnreachableReason;
  constructor(reason: UnreachableReason, options?: { cause?: unknown }) {
    super('api_unreachable', UNREACHABLE_TEXT[reason], options);
    this.reason = reason;
  }
}

/**
 * The server wants a captcha token (the text 'Captcha required', or error_type captcha_required;
 * docs/reference/wire-protocol.md#error-bodies). Protected calls retry once with a fresh token (docs/reference/sdk.md#captcha-retry); this is what a second refusal throws.
 */
export class CaptchaRequiredError extends AuthError {
  static override readonly errorClass: string = 'CaptchaRequiredError';
  constructor() {
    super('captcha_required', 'Captcha required');
  }
}

/** One line of a schema error: where in the request, and what is wrong there. */
export interface SchemaIssue {
  dataPath: string;
  message: string;
}

/** The server rejected the request's shape (docs/reference/errors.md#error-classes: '[400] Request does not match expected schema'). */
export class SchemaError extends AuthError {
  static override readonly errorClass: string = 'SchemaError';
  /** Every issue the server reported, in order. */
  declare readonly issues: SchemaIssue[];
  constructor(issues: SchemaIssue[]) {
    const lines = issues.map((i) => `${i.dataPath}: ${i.message}`);
    super('schema_error', ['[400] Request does not match expected schema', ...lines].join('\n'));
    this.issues = issues;
  }
}

/** Fields of an API error as sent on the wire (docs/reference/wire-protocol.md#error-bodies). */
export interface ApiErrorFields {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: string;
  error_details?: unknown;
}

const API_ERROR_FIELDS = [
  'status_code',
  'error_type',
  'error_message',
  'error_url',
  'request_id',
  'error_details',
] as const satisfies readonly (keyof ApiErrorFields)[];

/** The API answered with an error (non-2xx JSON with `error_type`). */
export class ApiError extends AuthError implements ApiErrorFields {
  static override readonly errorClass: string = 'ApiError';
  declare readonly status_code: number;
  declare readonly error_type: string;
  declare readonly error_message: string;
  declare readonly error_url: string;
  declare readonly request_id?: string;
  declare readonly error_details?: unknown;
  constructor(fields: ApiErrorFields, options?: { cause?: unknown }) {
    super('api_error', `[${fields.status_code}] ${fields.error_type}\n${fields.error_message}`, options);
    // The wire fields only (never another key of the object passed, such as a `code` or `name`), each
    // when present: request_id and error_details are absent when the server sent none.
    for (const k of API_ERROR_FIELDS) if (fields[k] !== undefined) (this as Record<keyof ApiErrorFields, unknown>)[k] = fields[k];
  }
}

/** A method was called with bad arguments; names the method and the field. */
export class UsageError extends AuthError {
  static override readonly errorClass: string = 'UsageError';
  /** The SDK method that was called, e.g. `otps.email.loginOrCreate`. */
  declare readonly method: string;
  /** The argument at fault, e.g. `email`. */
  declare readonly field: string;
  constructor(method: string, field: string, problem: string) {
    super('usage_error', `Invalid call to ${method}\n${field} ${problem}`);
    this.method = method;
    this.field = field;
  }
}

/** A call needs a session and there is none. */
export class NoSessionError extends AuthError {
  static override readonly errorClass: string = 'NoSessionError';
  constructor() {
    super('no_session', 'There is no session currently available. Make sure the user is authenticated with a valid session.');
  }
}

/** The identity-provider flow is missing a required query parameter. */
export class MissingParameterError extends AuthError {
  static override readonly errorClass: string = 'MissingParameterError';
  /** The missing parameter's name. */
  declare readonly parameter: string;
  constructor(parameter: string) {
    super('missing_parameter', `Required parameter is missing: ${parameter}. Please reach out to the application developer.`);
    this.parameter = parameter;
  }
}

/**
 * A widget's host configuration is unusable or partly ignored (not an API call): invalid JSON in a
 * `config` attribute, an unknown product, no client. `field` names the place, e.g. `config.products[1]`.
 */
export class ConfigError extends AuthError {
  static override readonly errorClass: string = 'ConfigError';
  /** Where the problem is, e.g. `config`, `config.otpOptions.methods`, `client`. */
  declare readonly field: string;
  constructor(field: string, message: string) {
    super('config_error', message);
    this.field = field;
  }
}

/**
 * A magic link was opened in a browser that holds no PKCE verifier for it, in a project that does
 * not require PKCE: anything that merely opens links (a mail scanner) would get here too, so the
 * page must ask the user before redeeming it (pass `confirm` to authenticateFromUrl).
 */
export class ConfirmationRequiredError extends AuthError {
  static override readonly errorClass: string = 'ConfirmationRequiredError';
  constructor() {
    super(
      'confirmation_required',
      'This link was opened without the PKCE verifier of the browser that requested it; ask the user to confirm before signing in (magicLinks.authenticateFromUrl option `confirm`).',
    );
  }
}

/**
 * The project requires PKCE for this link and this browser holds no verifier for it: the link only
 * works in the browser where it was requested. Nothing was sent, so the link is still unused.
 */
export class PKCEVerifierMissingError extends AuthError {
  static override readonly errorClass: string = 'PKCEVerifierMissingError';
  constructor() {
    super('pkce_verifier_missing', 'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.');
  }
}

/** True when `e` is an API error, optionally of one of the given types. */
export function isApiError(e: unknown, ...types: string[]): e is ApiError {
  return e instanceof ApiError && (types.length === 0 || types.includes(e.error_type));
}

/** docs/reference/errors.md#error-classes's form of an error of no known class: API error 400 unknown_error with its message. */
export function unknownError(e: unknown): ApiError {
  const message = e instanceof Error ? e.message : String(e);
  return new ApiError({ status_code: 400, error_type: 'unknown_error', error_message: message, error_url: '' }, { cause: e });
}

/** Normalises anything thrown into an SDK error; unknown errors become API error 400 unknown_error (docs/reference/errors.md#error-classes). */
export function toAuthError(e: unknown): AuthError {
  return e instanceof AuthError ? e : unknownError(e);
}
