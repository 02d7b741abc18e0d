/** docs/reference/methods/webauthn.md#texts passkey texts for what a passkey call threw. */
import { isWebAuthnDuplicate } from '../../sdk-core/helpers.ts';
import { isApiError } from '../../sdk-core/index.ts';
import type { StringKey } from '../strings.ts';

/**
 * Strings key of a failed passkey sign-in: a registration the account no longer has, else an docs/reference/methods/webauthn.md#errors
 * error type the table knows, else the unknown-error text (browser refusals, time-outs, odd answers).
 */
export function passkeyAuthErrorKey(e: unknown): StringKey {
  if (isApiError(e, 'webauthn_registration_not_found')) return 'passkey.errorRegistrationNotFound';
  return 'passkey.errorUnknown';
}

/** True when a registration failed because this authenticator already holds a passkey for the account. */
export function isDuplicatePasskey(e: unknown): boolean {
  return isWebAuthnDuplicate(e) || isApiError(e, 'duplicate_webauthn_registration');
}
