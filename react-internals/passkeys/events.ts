/** What the passkey button and screens tell the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { AuthenticateResponse } from '../../sdk-core/index.ts';

/** Payloads of the passkey events, by type. */
export interface PasskeyEventData {
  /** A passkey signed the user in (button or autofill); data: the authenticate answer. */
  PASSKEY_AUTHENTICATE: AuthenticateResponse;
  /** A passkey was created; data: the register answer (with webauthn_registration_id). */
  PASSKEY_REGISTER: AuthenticateResponse & { webauthn_registration_id: string };
  /** The user skipped creating a passkey. */
  PASSKEY_SKIP: Record<string, never>;
  /** The user pressed Done on the passkey list (docs/reference/methods/webauthn.md#screens PasskeyDone). */
  PASSKEY_DONE: Record<string, never>;
}

/** The passkey event types (their part of AuthEventType); values are stable across releases. */
export const PASSKEY_EVENTS = {
  PASSKEY_AUTHENTICATE: 'PASSKEY_AUTHENTICATE',
  PASSKEY_REGISTER: 'PASSKEY_REGISTER',
  PASSKEY_SKIP: 'PASSKEY_SKIP',
  PASSKEY_DONE: 'PASSKEY_DONE',
} as const;
