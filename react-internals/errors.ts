/**
 * Turns whatever a call threw into the text the user sees and the detail onError receives
 * (docs/reference/errors.md#messages-by-error-type: strings-table text for a known error_type, else the server's error_message).
 */
import {
  ApiError,
  ApiUnreachableError,
  type AuthError,
  ConfigError,
  NoSessionError,
  PKCEVerifierMissingError,
  toAuthError,
  type UnreachableReason,
  unknownError,
} from '../sdk-core/index.ts';
import type { AuthErrorDetail } from './events.ts';
import type { StringKey, Strings } from './strings.ts';
import { isStringKey } from './widget-strings.ts';

// The strings key of each unreachable case (docs/reference/errors.md#error-classes texts by default), so hosts can reword them.
const UNREACHABLE_KEYS: Record<UnreachableReason, StringKey> = {
  network: 'error.unreachable',
  timeout: 'error.unreachable',
  invalid_json: 'error.invalidJson',
  no_response: 'error.noResponse',
  invalid_response: 'error.invalidResponse',
};

/**
 * The SDK error a thrown value is reported as. docs/reference/errors.md#error-classes has no class for a browser's refusal of a
 * passkey ceremony, so that one is reported as an error of no known class: API error 400 unknown_error.
 */
function reported(e: unknown): AuthError {
  const err = toAuthError(e);
  return err.code === 'webauthn_ceremony' ? unknownError(err) : err;
}

/** The user-facing text for an error thrown by the SDK (or anything else). */
export function errorText(e: unknown, strings: Strings): string {
  const err = reported(e);
  if (err instanceof ApiError) {
    // A link redeemed without (or with another browser's) PKCE verifier: say what the user can do.
    if (err.error_type === 'pkce_mismatch') return strings['error.pkceVerifierMissing'];
    const key = `errorType.${err.error_type}`;
    return isStringKey(key) ? strings[key] : err.error_message;
  }
  if (err instanceof ApiUnreachableError) return strings[UNREACHABLE_KEYS[err.reason]];
  if (err instanceof NoSessionError) return strings['error.noSession'];
  if (err instanceof PKCEVerifierMissingError) return strings['error.pkceVerifierMissing'];
  return err.message;
}

/** The onError / auth-error payload for an error. */
export function errorDetail(e: unknown, strings: Strings): AuthErrorDetail {
  const err: AuthError = reported(e);
  const detail: AuthErrorDetail = { message: errorText(err, strings), name: err.name, code: err.code };
  if (err instanceof ApiError) {
    detail.error_type = err.error_type;
    detail.error_message = err.error_message;
    detail.status_code = err.status_code;
    detail.error_url = err.error_url;
    if (err.request_id !== undefined) detail.request_id = err.request_id;
  }
  if (err instanceof ConfigError) detail.field = err.field;
  return detail;
}
