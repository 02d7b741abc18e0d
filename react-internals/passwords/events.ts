/** What the password forms and screens tell the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { AuthenticateResponse } from '../../sdk-core/index.ts';

/** Payloads of the password events, by type. */
export interface PasswordEventData {
  /** A new user signed up with a password; data: the authenticate answer. */
  PASSWORD_CREATE: AuthenticateResponse;
  /** A user signed in with email and password; data: the authenticate answer. */
  PASSWORD_AUTHENTICATE: AuthenticateResponse;
  /** A password reset email was sent (forgot, breached, dedupe, passwordless); data: the address. */
  PASSWORD_RESET_BY_EMAIL_START: { email: string };
  /** A new password was set with the reset email's token; data: the authenticate answer. */
  PASSWORD_RESET_BY_EMAIL: AuthenticateResponse;
  /** The reset email's login link signed the user in (stytch_token_type=login); data: the authenticate answer. */
  PASSWORD_RESET_LOGIN: AuthenticateResponse;
}

/** The password event types (their part of AuthEventType); values are stable across releases. */
export const PASSWORD_EVENTS = {
  PASSWORD_CREATE: 'PASSWORD_CREATE',
  PASSWORD_AUTHENTICATE: 'PASSWORD_AUTHENTICATE',
  PASSWORD_RESET_BY_EMAIL_START: 'PASSWORD_RESET_BY_EMAIL_START',
  PASSWORD_RESET_BY_EMAIL: 'PASSWORD_RESET_BY_EMAIL',
  PASSWORD_RESET_LOGIN: 'PASSWORD_RESET_LOGIN',
} as const;
