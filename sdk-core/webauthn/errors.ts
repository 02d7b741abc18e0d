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
  override name = 'WebAuthnCeremonyError';
  /** Stable reason: `duplicate` = this authenticator already holds a credential for the account. */
  readonly reason: WebAuthnCeremonyReason;
  constructor(reason: WebAuthnCeremonyReason, message: string, options?: { cause?: unknown }) {
    super('webauthn_ceremony', message, options);
    this.reason = reason;
  }
}

/**
 * The predicate for one `reason`. By code, not instanceof: a page may hold two copies of the kit
 * (two bundles), whose classes differ.
 */
const isCeremonyFailure =
  (reason: WebAuthnCeremonyReason) =>
  (e: unknown): boolean =>
    e instanceof Error && (e as { code?: unknown }).code === 'webauthn_ceremony' && (e as { reason?: unknown }).reason === reason;

/** True for an error that only means "this ceremony was cancelled" (unmount, a newer ceremony). */
export const isWebAuthnAbort: (e: unknown) => boolean = isCeremonyFailure('aborted');

/** True when a passkey registration failed because this authenticator already holds one for the account. */
export const isWebAuthnDuplicate: (e: unknown) => boolean = isCeremonyFailure('duplicate');

/** True when the browser's prompt ended without a credential: closed by the user or timed out (NotAllowedError). */
export const isWebAuthnNotAllowed: (e: unknown) => boolean = isCeremonyFailure('not_allowed');
