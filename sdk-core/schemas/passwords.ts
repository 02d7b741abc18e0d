/** Password request bodies and answers of docs/reference/wire-protocol.md#authenticate-answers / docs/reference/methods/passwords.md#data, docs/reference/methods/passwords.md#calls (`/passwords/...`). */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { linkExpirationMinutes } from './magic-links.ts';
import { codeChallenge, codeVerifier } from './pkce.ts';
import { sessionDurationMinutes } from './sessions.ts';

// The byte cap (docs/reference/security.md#request-bodies) is enforced by the server with its own error type; this bound only limits parsing work.
const passwordString = z.string().check(z.maxLength(1024));
const emailString = z.string().check(z.maxLength(1024));
const shortString = z.string().check(z.maxLength(256));
const tokenString = z.string().check(z.maxLength(4096));
const urlString = z.string().check(z.maxLength(2048));

/** Body of `POST /passwords` (create) and `POST /passwords/authenticate`. */
export const PasswordCredentialsRequest = z.object({
  email: emailString,
  password: passwordString,
  session_duration_minutes: z.optional(sessionDurationMinutes),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of `POST /passwords` and `POST /passwords/authenticate`. */
export interface PasswordCredentialsRequest {
  email: string;
  password: string;
  session_duration_minutes?: number;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _PasswordCredentialsRequest = Check<Describes<typeof PasswordCredentialsRequest, PasswordCredentialsRequest>>;

/** Body of `POST /passwords/email/reset/start`. */
export const PasswordResetStartRequest = z.object({
  email: emailString,
  login_redirect_url: z.optional(urlString),
  reset_password_redirect_url: z.optional(urlString),
  reset_password_expiration_minutes: z.optional(linkExpirationMinutes),
  reset_password_template_id: z.optional(shortString),
  locale: z.optional(shortString),
  code_challenge: z.optional(codeChallenge),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of `POST /passwords/email/reset/start`. */
export interface PasswordResetStartRequest {
  email: string;
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  locale?: string;
  code_challenge?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _PasswordResetStartRequest = Check<Describes<typeof PasswordResetStartRequest, PasswordResetStartRequest>>;

/** Body of `POST /passwords/email/reset`. */
export const PasswordResetByEmailRequest = z.object({
  token: z.string().check(z.maxLength(512)),
  password: passwordString,
  code_verifier: z.optional(codeVerifier),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /passwords/email/reset`. */
export interface PasswordResetByEmailRequest {
  token: string;
  password: string;
  code_verifier?: string;
  session_duration_minutes?: number;
}
type _PasswordResetByEmailRequest = Check<Describes<typeof PasswordResetByEmailRequest, PasswordResetByEmailRequest>>;

/** Body of `POST /passwords/existing_password/reset`. */
export const PasswordResetByExistingRequest = z.object({
  email: emailString,
  existing_password: passwordString,
  new_password: passwordString,
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /passwords/existing_password/reset`. */
export interface PasswordResetByExistingRequest {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes?: number;
}
type _PasswordResetByExistingRequest = Check<Describes<typeof PasswordResetByExistingRequest, PasswordResetByExistingRequest>>;

/** Body of `POST /passwords/session/reset`. */
export const PasswordResetBySessionRequest = z.object({
  password: passwordString,
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /passwords/session/reset`. */
export interface PasswordResetBySessionRequest {
  password: string;
  session_duration_minutes?: number;
}
type _PasswordResetBySessionRequest = Check<Describes<typeof PasswordResetBySessionRequest, PasswordResetBySessionRequest>>;

/** Body of `POST /passwords/strength_check`. */
export const PasswordStrengthCheckRequest = z.object({
  email: z.optional(emailString),
  password: passwordString,
});
/** Parsed body of `POST /passwords/strength_check`. */
export interface PasswordStrengthCheckRequest {
  email?: string;
  password: string;
}
type _PasswordStrengthCheckRequest = Check<Describes<typeof PasswordStrengthCheckRequest, PasswordStrengthCheckRequest>>;

/** Which policy judged a password (docs/reference/methods/passwords.md#data). */
export type StrengthPolicy = 'none' | 'zxcvbn' | 'luds';

/** LUDS detail of a strength check: which classes are present and what is missing. */
export interface LudsRequirements {
  has_lower_case: boolean;
  has_upper_case: boolean;
  has_digit: boolean;
  has_symbol: boolean;
  /** Character classes still needed to reach the project's luds_complexity. */
  missing_complexity: number;
  /** Characters still needed to reach the project's luds_minimum_count. */
  missing_characters: number;
}

/** Payload of `POST /passwords/strength_check` (docs/reference/methods/passwords.md#data). */
export interface PasswordStrengthCheckResponse {
  score: number;
  valid_password: boolean;
  breached_password: boolean;
  strength_policy: StrengthPolicy;
  feedback: { warning: string; suggestions: string[]; luds_requirements: LudsRequirements };
}
