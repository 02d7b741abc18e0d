/** What the OTP forms and screens tell the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { AuthenticateResponse, OTPLoginOrCreateResponse } from '../../sdk-core/index.ts';

/** Payloads of the OTP events, by type. */
export interface OtpEventData {
  /** A one-time passcode was sent by email (first send and each resend); data: the login_or_create answer. */
  OTP_EMAIL_LOGIN_OR_CREATE: OTPLoginOrCreateResponse & { email: string; resend: boolean };
  /** A passcode was exchanged for a session; data: the authenticate answer. */
  OTP_AUTHENTICATE: AuthenticateResponse;
  /** A passcode was sent by text message (first send and each resend); data: the answer plus the number. */
  OTP_SMS_LOGIN_OR_CREATE: OTPLoginOrCreateResponse & { phone_number: string; resend: boolean };
  /** A passcode was sent by WhatsApp (first send and each resend); data: the answer plus the number. */
  OTP_WHATSAPP_LOGIN_OR_CREATE: OTPLoginOrCreateResponse & { phone_number: string; resend: boolean };
}

/** The OTP event types (their part of AuthEventType); values are stable across releases. */
export const OTP_EVENTS = {
  OTP_EMAIL_LOGIN_OR_CREATE: 'OTP_EMAIL_LOGIN_OR_CREATE',
  OTP_AUTHENTICATE: 'OTP_AUTHENTICATE',
  OTP_SMS_LOGIN_OR_CREATE: 'OTP_SMS_LOGIN_OR_CREATE',
  OTP_WHATSAPP_LOGIN_OR_CREATE: 'OTP_WHATSAPP_LOGIN_OR_CREATE',
} as const;
