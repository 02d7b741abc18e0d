/** OTP request bodies and answers of docs/reference/wire-protocol.md#authenticate-answers / docs/reference/methods/otps.md#calls. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from './defaults.ts';
import { sessionDurationMinutes } from './sessions.ts';

/** OTP lifetime in minutes when a send names none (docs/reference/constants.md#sign-in-defaults; the server's name for DEFAULT_OTP_EXPIRATION_MINUTES). */
export const OTP_EXPIRATION_DEFAULT = DEFAULT_OTP_EXPIRATION_MINUTES;
/** Longest OTP lifetime accepted, in minutes. */
export const OTP_EXPIRATION_MAX = 60;

// Bounded strings keep stored rows and logs small; the lengths are generous for real values.
const shortString = z.string().check(z.maxLength(256));
const tokenString = z.string().check(z.maxLength(4096));

/** Body of `POST /otps/email/login_or_create` (email format is checked separately -> invalid_email). */
export const OTPEmailLoginOrCreateRequest = z.object({
  email: z.string().check(z.maxLength(1024)),
  expiration_minutes: z.optional(z.int().check(z.gte(1), z.lte(OTP_EXPIRATION_MAX))),
  login_template_id: z.optional(shortString),
  signup_template_id: z.optional(shortString),
  locale: z.optional(shortString),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of `POST /otps/email/login_or_create`. */
export interface OTPEmailLoginOrCreateRequest {
  email: string;
  /** Minutes the code lives; default 5 (docs/reference/constants.md#sign-in-defaults). */
  expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _OTPEmailLoginOrCreateRequest = Check<Describes<typeof OTPEmailLoginOrCreateRequest, OTPEmailLoginOrCreateRequest>>;

/** Body of `POST /otps/authenticate`. */
export const OTPAuthenticateRequest = z.object({
  token: z.string().check(z.maxLength(64)),
  method_id: shortString,
  session_duration_minutes: z.optional(sessionDurationMinutes),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of `POST /otps/authenticate`. */
export interface OTPAuthenticateRequest {
  /** The passcode. */
  token: string;
  method_id: string;
  session_duration_minutes?: number;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _OTPAuthenticateRequest = Check<Describes<typeof OTPAuthenticateRequest, OTPAuthenticateRequest>>;

/** Payload of every OTP `login_or_create` answer. */
export interface OTPLoginOrCreateResponse {
  method_id: string;
  user_id: string;
  email_id: string;
  user_created: boolean;
}
