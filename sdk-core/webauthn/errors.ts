/**
 * The WebAuthn group's own error (the browser's side of a ceremony failed) and its predicates: small,
 * so the client entry exports them without loading the group (issue 16).
 */
import { AuthError } from '../errors.ts';
import type { WebAuthnCeremonyReason } from './types.ts';

/**
 * The browser refused or could not finish a WebAuthn ceremony (no request reached the server's
 * finish call). Code `webauthn_ceremony`; `reason` says which way it failed.
 */
export class WebAuthnCeremonyError extends AuthError {
  static override readonly errorClass: string = 'WebAuthnCeremonyError';
  /** Stable reason: `duplicate` = this authenticator already holds a credential for the account. */
  declare readonly reason: WebAuthnCeremonyReason;
  constructor(reason: WebAuthnCeremonyReason, message: string, options?: { cause?: unknown }) {
    super('webauthn_ceremony', message, options);
    this.reason = reason;
  }
}

/** True when `e` is a WebAuthnCeremonyError with `reason`. */
function isCeremonyFailure(e: unknown, reason: WebAuthnCeremonyReason): boolean {
  // By code, not instanceof: a page may hold two copies of the kit (two bundles), whose classes differ.
  return e instanceof Error && (e as { code?: unknown }).code === 'webauthn_ceremony' && (e as { reason?: unknown }).reason === reason;
}

/** True for an error that only means "this ceremony was cancelled" (unmount, a newer ceremony). */
export function isWebAuthnAbort(e: unknown): boolean {
  return isCeremonyFailure(e, 'aborted');
}

/** True when a passkey registration failed because this authenticator already holds one for the account. */
export function isWebAuthnDuplicate(e: unknown): boolean {
  return isCeremonyFailure(e, 'duplicate');
}

/** True when the browser's prompt ended without a credential: closed by the user or timed out (NotAllowedError). */
export function isWebAuthnNotAllowed(e: unknown): boolean {
  return isCeremonyFailure(e, 'not_allowed');
}
