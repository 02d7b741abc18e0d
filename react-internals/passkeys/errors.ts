/** SPEC §8 passkey texts for what a passkey call threw. */
import { isApiError, isWebAuthnDuplicate } from '../../sdk-core/index.ts';
import type { StringKey } from '../strings.ts';

/**
 * Strings key of a failed passkey sign-in: a registration the account no longer has, else an SPEC §8
 * error type the table knows, else the unknown-error text (browser refusals, time-outs, odd answers).
 */
export function passkeyAuthErrorKey(e: unknown): StringKey {
  if (isApiError(e, 'webauthn_registration_not_found')) return 'passkey.errorRegistrationNotFound';
  return 'passkey.errorUnknown';
}

/**
 * True when the browser's passkey prompt ended without a passkey because the user closed it, or it
 * timed out (WebAuthn's NotAllowedError): the user chose not to go on, so nothing failed.
 */
export function isPasskeyPromptDeclined(e: unknown): boolean {
  // Duck-typed like sdk-core's isWebAuthnAbort: the error class lives in the lazy ceremony module.
  return e instanceof Error && e.name === 'WebAuthnCeremonyError' && (e as Error & { reason?: unknown }).reason === 'not_allowed';
}

/** True when a registration failed because this authenticator already holds a passkey for the account. */
export function isDuplicatePasskey(e: unknown): boolean {
  return isWebAuthnDuplicate(e) || isApiError(e, 'duplicate_webauthn_registration');
}
