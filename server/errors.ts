/**
 * The server's error catalogue and the one error class every handler throws. The catalogue is core's
 * error types plus each sign-in method's (`server/<method>/errors.ts`, also named by the method's
 * `errors`), and has exactly the keys of sdk-core's ERROR_TYPES (checked by the type and by
 * methods.test.ts).
 */
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import type { SchemaErrorItem } from '../sdk-core/schemas/index.ts';
import type { ErrorInfo, ErrorTablePart, UnionToIntersection } from './method.ts';
import { METHOD_DATA } from './method-data.ts';

export type { ErrorType } from '../sdk-core/schemas/errors.ts';

/** Core's error types: transport, auth, sessions, users and their addresses, sends, account, captcha. */
export const CORE_ERRORS = {
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  // Security hardening (issue 10).
  json_too_deep: { status: 400, message: 'The JSON is nested too deeply.' },
  invalid_host: { status: 421, message: 'This server does not answer for this host name.' },
  request_timeout: { status: 408, message: 'The request was not received in time.' },
  unsupported_phone_number_type: { status: 400, message: 'This phone number cannot receive text messages: only mobile numbers are supported.' },
  invalid_request_body: { status: 400, message: 'Request does not match expected schema.' },
  invalid_email: { status: 400, message: 'Email format is invalid.' },
  unauthorized_credentials: { status: 401, message: 'Unauthorized credentials.' },
  invalid_public_token: { status: 401, message: 'The public token is not valid for this server.' },
  invalid_origin: { status: 403, message: 'This origin is not allowed for the project.' },
  not_found: { status: 404, message: 'The requested resource was not found.' },
  session_not_found: { status: 404, message: 'Session not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed for this path.' },
  request_too_large: { status: 413, message: 'The request body exceeds the size limit.' },
  too_many_requests: { status: 429, message: 'Too many requests, please try again later.' },
  user_lock_limit_reached: { status: 429, message: 'Too many failed authentication attempts. Please try again later.' },
  // Magic links, phone OTPs, passwords, users/search (issue 4).
  invalid_phone_number: { status: 400, message: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.' },
  invalid_phone_number_country_code: { status: 400, message: "The phone number's country code is invalid, unsupported, or disabled." },
  invalid_redirect_url: { status: 400, message: 'The redirect URL is not on the project allowlist.' },
  pkce_required: { status: 400, message: 'This project requires PKCE: the send must carry a code_challenge.' },
  pkce_mismatch: { status: 400, message: 'The code_verifier is missing or does not match the PKCE code_challenge of this flow.' },
  duplicate_email: { status: 400, message: 'A user with the specified email already exists for this project.' },
  duplicate_phone_number: { status: 400, message: 'A user with the specified phone number already exists for this project.' },
  user_unauthenticated: { status: 401, message: 'Must have an active session to call this method. Have you logged in yet?' },
  email_not_found: { status: 404, message: 'Email not found.' },
  phone_number_not_found: { status: 404, message: 'Phone number not found.' },
  // The rest of docs/reference/errors.md#catalogue's catalogue, and the account calls (issue 3).
  unsubscribed_phone_number: {
    status: 400,
    message: "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.",
  },
  inactive_email: {
    status: 400,
    message: 'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  },
  oauth_token_not_found: { status: 404, message: 'OAuth Token could not be found.' },
  member_password_not_found: { status: 404, message: 'Member password not found.' },
  oauth_flow_callback_error: { status: 400, message: 'An error was encountered in the callback of the OAuth flow. Please try again.' },
  unauthorized_action: { status: 403, message: 'Unauthorized action.' },
  invalid_session_token: { status: 401, message: 'Invalid session token.' },
  invalid_secret_authentication: { status: 401, message: 'The secret in the Authorization header is not valid.' },
  duplicate_member_phone_number: { status: 400, message: 'A member with the specified phone number already exists for this organization.' },
  totp_not_found: { status: 404, message: 'TOTP registration not found.' },
  crypto_wallet_not_found: { status: 404, message: 'Crypto wallet not found.' },
  oauth_user_registration_not_found: { status: 404, message: 'OAuth registration not found.' },
  biometric_registration_not_found: { status: 404, message: 'Biometric registration not found.' },
  connected_app_not_found: { status: 404, message: 'Connected app not found.' },
  invalid_access_token: { status: 401, message: 'The access token is invalid or expired.' },
  trusted_auth_token_profile_not_found: { status: 404, message: 'Trusted auth token profile not found.' },
  invalid_trusted_auth_token: { status: 401, message: 'Trusted auth token is not verified' },
  captcha_required: { status: 403, message: 'Captcha required' },
  internal_server_error: { status: 500, message: 'An internal error occurred.' },
  // The /v1 backend API (issue 27).
  user_not_found: { status: 404, message: 'User could not be found.' },
  // Owned by b2b before; core's since /v1/users/search pages with cursors too.
  invalid_cursor: { status: 400, message: 'The cursor is not one this search returned.' },
  duplicate_external_id: { status: 400, message: 'A user with the specified external_id already exists for this project.' },
  // Webhooks (issue 28, server/webhooks).
  webhook_not_found: { status: 404, message: 'Webhook endpoint not found.' },
  webhook_event_not_found: { status: 404, message: 'No event by this id was sent to this webhook endpoint.' },
  invalid_webhook_url: { status: 400, message: 'The webhook URL may not be called by this project.' },
  consumer_session_authorization_error: { status: 403, message: 'The User is not authorized to perform the requested action on that resource.' },
  // Blocking hooks (issue 28, server/hooks): the hook's own message replaces the default.
  user_creation_denied: { status: 403, message: 'Sign-up is not allowed for this account.' },
  hook_unavailable: { status: 503, message: 'The sign-in could not be completed right now. Please try again later.' },
  // Two-step sign-in (issue 29, server/mfa): the intermediate token is unknown, expired or already spent.
  intermediate_session_not_found: { status: 401, message: 'The sign-in step expired or was already completed. Please sign in again.' },
  // Re-verification before sensitive calls (issue 29, server/reverification).
  reverification_required: { status: 403, message: 'This action needs you to verify it is you again.' },
  // The account page (issue 30, docs/reference/methods/users.md#rules).
  last_sign_in_method: { status: 400, message: 'This is your last way to sign in: add another before removing it.' },
} as const satisfies ErrorTablePart;

/** The error tables of the methods in server/method-data.ts, merged (a type: their literal statuses stay). */
type MethodErrors = UnionToIntersection<Extract<(typeof METHOD_DATA)[number], { errors: object }>['errors']>;

/**
 * Every error_type this server emits, with its HTTP status and default message: core's and each
 * method's (from server/method-data.ts, which loads no method code: every module throws these, so
 * the table must not import the methods' routes; methods.test.ts checks it is exactly core's and the
 * registered methods' `errors`). Stable: clients key on these.
 */
export const ERRORS = Object.assign({}, CORE_ERRORS, ...METHOD_DATA.map((m) => ('errors' in m ? m.errors : {}))) as typeof CORE_ERRORS &
  MethodErrors satisfies Record<ErrorType, ErrorInfo>;

/** Base of error_url: one anchor per error_type in server/README.md. */
export const ERROR_URL_BASE = 'https://github.com/auth-elements/auth-elements/blob/main/server/README.md#';

/** A client-visible API error; handlers throw it and the app turns it into the docs/reference/wire-protocol.md#error-bodies error body. */
export class ApiError extends Error {
  readonly errorType: ErrorType;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly schemaErrors: SchemaErrorItem[] | undefined;

  constructor(errorType: ErrorType, opts: { message?: string; details?: Record<string, unknown>; schemaErrors?: SchemaErrorItem[]; cause?: unknown } = {}) {
    super(opts.message ?? ERRORS[errorType].message, { cause: opts.cause });
    this.name = 'ApiError';
    this.errorType = errorType;
    this.status = ERRORS[errorType].status;
    this.details = opts.details;
    this.schemaErrors = opts.schemaErrors;
  }
}
