/** The WebAuthn group's own error: the browser's side of a ceremony failed. */
import { AuthError } from '../errors.ts';
import type { WebAuthnCeremonyReason } from './types.ts';

/**
 * The browser refused or could not finish a WebAuthn ceremony (no request reached the server's
 * finish call). Code `webauthn_ceremony`; `reason` says which way it failed.
 */
export class WebAuthnCeremonyError extends AuthError {
  override name = 'WebAuthnCeremonyError';
  /** Stable reason: `duplicate` = this authenticator already holds a credential for the account. */
  readonly reason: WebAuthnCeremonyReason;
  constructor(reason: WebAuthnCeremonyReason, message: string, options?: { cause?: unknown }) {
    super('webauthn_ceremony', message, options);
    this.reason = reason;
  }
}
