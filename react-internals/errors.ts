/**
 * Turns whatever a call threw into the text the user sees and the detail onError receives
 * (SPEC §8: strings-table text for a known error_type, else the server's error_message).
 */
import { ApiError, ApiUnreachableError, type AuthError, ConfigError, NoSessionError, PKCEVerifierMissingError, toAuthError } from '../sdk-core/index.ts';
import type { AuthErrorDetail } from './events.ts';
import { DEFAULT_STRINGS, isStringKey, type StringKey, type Strings } from './strings.ts';

// Unreachable errors carry one of the four fixed SPEC §8 texts (our defaults are the same texts);
// map them back to keys so hosts can reword them.
const UNREACHABLE_KEYS = ['error.unreachable', 'error.invalidJson', 'error.noResponse', 'error.invalidResponse'] as const;
const unreachableKey = (message: string): StringKey | undefined =>
  UNREACHABLE_KEYS.find((k) => DEFAULT_STRINGS[k] === message);

/** The user-facing text for an error thrown by the SDK (or anything else). */
export function errorText(e: unknown, strings: Strings): string {
  const err = toAuthError(e);
  if (err instanceof ApiError) {
    // A link redeemed without (or with another browser's) PKCE verifier: say what the user can do.
    if (err.error_type === 'pkce_mismatch') return strings['error.pkceVerifierMissing'];
    const key = `errorType.${err.error_type}`;
    return isStringKey(key) ? strings[key] : err.error_message;
  }
  if (err instanceof ApiUnreachableError) {
    const key = unreachableKey(err.message);
    return key ? strings[key] : err.message;
  }
  if (err instanceof NoSessionError) return strings['error.noSession'];
  if (err instanceof PKCEVerifierMissingError) return strings['error.pkceVerifierMissing'];
  return err.message;
}

/** The onError / auth-error payload for an error. */
export function errorDetail(e: unknown, strings: Strings): AuthErrorDetail {
  const err: AuthError = toAuthError(e);
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
