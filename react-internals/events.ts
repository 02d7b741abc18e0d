/**
 * What the widgets tell the host (SPEC §7 "Host callbacks: onEvent, onError"). The element layer
 * forwards both to the host's callbacks and as DOM events (auth-event / auth-error).
 */
import type { AuthenticateResponse, OTPLoginOrCreateResponse, SendResult } from '../sdk-core/index.ts';

/** Event types a widget reports through onEvent; values are stable across releases. */
export const AuthEventType = {
  /** A one-time passcode was sent by email (first send and each resend); data: the login_or_create answer. */
  OTP_EMAIL_LOGIN_OR_CREATE: 'OTP_EMAIL_LOGIN_OR_CREATE',
  /** A passcode was exchanged for a session; data: the authenticate answer. */
  OTP_AUTHENTICATE: 'OTP_AUTHENTICATE',
  /** A passcode was sent by text message (first send and each resend); data: the answer plus the number. */
  OTP_SMS_LOGIN_OR_CREATE: 'OTP_SMS_LOGIN_OR_CREATE',
  /** A passcode was sent by WhatsApp (first send and each resend); data: the answer plus the number. */
  OTP_WHATSAPP_LOGIN_OR_CREATE: 'OTP_WHATSAPP_LOGIN_OR_CREATE',
  /** A sign-in link was emailed; data: the send answer plus the address. */
  MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
  /** The user finished signing in and the success screen is shown; fires once per completed flow. */
  AUTHENTICATE_FLOW_COMPLETE: 'authenticate-flow-complete',
  /** A passkey signed the user in (button or autofill); data: the authenticate answer. */
  PASSKEY_AUTHENTICATE: 'PASSKEY_AUTHENTICATE',
  /** A passkey was created; data: the register answer (with webauthn_registration_id). */
  PASSKEY_REGISTER: 'PASSKEY_REGISTER',
  /** The user skipped creating a passkey. */
  PASSKEY_SKIP: 'PASSKEY_SKIP',
  /** The user pressed Done on the passkey list (SPEC §2 PasskeyDone). */
  PASSKEY_DONE: 'PASSKEY_DONE',
  /** A new user signed up with a password; data: the authenticate answer. */
  PASSWORD_CREATE: 'PASSWORD_CREATE',
  /** A user signed in with email and password; data: the authenticate answer. */
  PASSWORD_AUTHENTICATE: 'PASSWORD_AUTHENTICATE',
  /** A password reset email was sent (forgot, breached, dedupe, passwordless); data: the address. */
  PASSWORD_RESET_BY_EMAIL_START: 'PASSWORD_RESET_BY_EMAIL_START',
  /** A new password was set with the reset email's token; data: the authenticate answer. */
  PASSWORD_RESET_BY_EMAIL: 'PASSWORD_RESET_BY_EMAIL',
  /** The reset email's login link signed the user in (stytch_token_type=login); data: the authenticate answer. */
  PASSWORD_RESET_LOGIN: 'PASSWORD_RESET_LOGIN',
} as const;

/** One of the AuthEventType values. */
export type AuthEventType = (typeof AuthEventType)[keyof typeof AuthEventType];

/** Event payloads by type. */
export interface AuthEventDataMap {
  [AuthEventType.OTP_EMAIL_LOGIN_OR_CREATE]: OTPLoginOrCreateResponse & { email: string; resend: boolean };
  [AuthEventType.OTP_AUTHENTICATE]: AuthenticateResponse;
  [AuthEventType.OTP_SMS_LOGIN_OR_CREATE]: OTPLoginOrCreateResponse & { phone_number: string; resend: boolean };
  [AuthEventType.OTP_WHATSAPP_LOGIN_OR_CREATE]: OTPLoginOrCreateResponse & { phone_number: string; resend: boolean };
  [AuthEventType.MAGIC_LINK_LOGIN_OR_CREATE]: SendResult & { email: string };
  [AuthEventType.AUTHENTICATE_FLOW_COMPLETE]: Record<string, never>;
  [AuthEventType.PASSKEY_AUTHENTICATE]: AuthenticateResponse;
  [AuthEventType.PASSKEY_REGISTER]: AuthenticateResponse & { webauthn_registration_id: string };
  [AuthEventType.PASSKEY_SKIP]: Record<string, never>;
  [AuthEventType.PASSKEY_DONE]: Record<string, never>;
  [AuthEventType.PASSWORD_CREATE]: AuthenticateResponse;
  [AuthEventType.PASSWORD_AUTHENTICATE]: AuthenticateResponse;
  [AuthEventType.PASSWORD_RESET_BY_EMAIL_START]: { email: string };
  [AuthEventType.PASSWORD_RESET_BY_EMAIL]: AuthenticateResponse;
  [AuthEventType.PASSWORD_RESET_LOGIN]: AuthenticateResponse;
}

/** An event as handed to onEvent and as the detail of `auth-event`. */
export type AuthEvent = { [T in AuthEventType]: { type: T; data: AuthEventDataMap[T] } }[AuthEventType];

/** An error as handed to onError and as the detail of `auth-error`. */
export interface AuthErrorDetail {
  /** The text shown to the user (strings table for known error types, else the server's message). */
  message: string;
  /** Class name of the SDK error, e.g. `ApiError`, `ApiUnreachableError`. */
  name: string;
  /** Stable SDK error code (`api_error`, `api_unreachable`, `usage_error`, ...) when known. */
  code?: string;
  /** API errors only: the server's error_type. */
  error_type?: string;
  /** API errors only: the server's error_message. */
  error_message?: string;
  /** API errors only: HTTP status. */
  status_code?: number;
  /** API errors only: request id for support. */
  request_id?: string;
  /** API errors only: documentation link. */
  error_url?: string;
  /** ConfigError only: the input at fault, e.g. `config`, `config.products[1]`, `client`. */
  field?: string;
}

/** Host callbacks of every widget (JS property only; functions do not survive JSON attributes). */
export interface AuthCallbacks {
  /** Called for each widget event. */
  onEvent?: (event: AuthEvent) => void;
  /** Called for each error the widget meets (SPEC §7: every error also goes to onError). */
  onError?: (error: AuthErrorDetail) => void;
}
