/** What the two-step sign-in screens tell the host (issue 29, docs/reference/elements/auth-login.md#events onEvent). */
import type { AuthenticateResponse, MfaRequired } from '../../sdk-core/index.ts';

/** An answer that ended the second step: the session, and the device token when the device is now trusted. */
type SecondStepDone = AuthenticateResponse & { device_token?: string };

/** Payloads of the two-step events, by type. */
export interface MfaEventData {
  /** A first factor succeeded and the project asks for a second step; data: the answer's `mfa_required`. */
  MFA_REQUIRED: MfaRequired;
  /** An authenticator-app code finished sign-in; data: the authenticate answer. */
  MFA_TOTP_AUTHENTICATE: SecondStepDone;
  /** A passcode was texted for the second step; data: the send answer (`method_id`, `phone_id`) and `resend`. */
  MFA_SMS_SEND: { method_id?: string; phone_id?: string; resend: boolean };
  /** A texted passcode finished sign-in; data: the authenticate answer. */
  MFA_SMS_AUTHENTICATE: SecondStepDone;
  /** A passkey finished sign-in; data: the authenticate answer. */
  MFA_WEBAUTHN_AUTHENTICATE: SecondStepDone;
  /** A recovery code finished sign-in; data: the authenticate answer. */
  MFA_RECOVERY_CODE: SecondStepDone;
  /** The user set up an authenticator app (and its first code finished sign-in); data: `{ totp_id }`. */
  MFA_ENROL_TOTP: { totp_id: string };
  /** A sensitive change was verified again and retried; data: the factor used. */
  MFA_REVERIFY: { factor: 'totp' | 'sms_otp' | 'webauthn' };
}

/** The two-step event types (their part of AuthEventType); values are stable across releases. */
export const MFA_EVENTS = {
  MFA_REQUIRED: 'MFA_REQUIRED',
  MFA_TOTP_AUTHENTICATE: 'MFA_TOTP_AUTHENTICATE',
  MFA_SMS_SEND: 'MFA_SMS_SEND',
  MFA_SMS_AUTHENTICATE: 'MFA_SMS_AUTHENTICATE',
  MFA_WEBAUTHN_AUTHENTICATE: 'MFA_WEBAUTHN_AUTHENTICATE',
  MFA_RECOVERY_CODE: 'MFA_RECOVERY_CODE',
  MFA_ENROL_TOTP: 'MFA_ENROL_TOTP',
  MFA_REVERIFY: 'MFA_REVERIFY',
} as const;
