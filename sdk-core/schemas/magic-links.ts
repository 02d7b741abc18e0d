/** Magic-link request bodies of docs/reference/wire-protocol.md#calls / docs/reference/methods/magic-links.md#calls (`/magic_links/...`). */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { codeChallenge, codeVerifier } from './pkce.ts';
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from './defaults.ts';
import { sessionDurationMinutes } from './sessions.ts';

/** docs/reference/constants.md#sign-in-defaults: magic links live 30 minutes unless the send names another lifetime (the server's name for DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES). */
export const MAGIC_LINK_EXPIRATION_DEFAULT = DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES;
/** Shortest magic-link / reset lifetime accepted, in minutes (the provider's bound). */
export const MAGIC_LINK_EXPIRATION_MIN = 5;
/** Longest magic-link / reset lifetime accepted, in minutes (one week, the provider's bound). */
export const MAGIC_LINK_EXPIRATION_MAX = 10080;

// Bounded strings keep stored rows and logs small; the lengths are generous for real values.
const shortString = z.string().check(z.maxLength(256));
const tokenString = z.string().check(z.maxLength(4096));
const urlString = z.string().check(z.maxLength(2048));

/** Lifetime in minutes of a link or reset token. */
export const linkExpirationMinutes = z.int().check(z.gte(MAGIC_LINK_EXPIRATION_MIN), z.lte(MAGIC_LINK_EXPIRATION_MAX));

/** Body of `POST /magic_links/email/login_or_create` and `/magic_links/email/send/{primary,secondary}`. */
export const MagicLinkSendRequest = z.object({
  email: z.string().check(z.maxLength(1024)),
  login_magic_link_url: z.optional(urlString),
  signup_magic_link_url: z.optional(urlString),
  login_expiration_minutes: z.optional(linkExpirationMinutes),
  signup_expiration_minutes: z.optional(linkExpirationMinutes),
  login_template_id: z.optional(shortString),
  signup_template_id: z.optional(shortString),
  create_user_as_pending: z.optional(z.boolean()),
  locale: z.optional(shortString),
  code_challenge: z.optional(codeChallenge),
  captcha_token: z.optional(tokenString),
  dfp_telemetry_id: z.optional(tokenString),
});
/** Parsed body of a magic-link send. */
export interface MagicLinkSendRequest {
  email: string;
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  /** Minutes the login link lives; default 30 (docs/reference/constants.md#sign-in-defaults). */
  login_expiration_minutes?: number;
  /** Minutes the signup link lives; default 30 (docs/reference/constants.md#sign-in-defaults). */
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  create_user_as_pending?: boolean;
  locale?: string;
  code_challenge?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}
type _MagicLinkSendRequest = Check<Describes<typeof MagicLinkSendRequest, MagicLinkSendRequest>>;

/** Payload of a magic-link send answer. */
export interface MagicLinkSendResponse {
  user_id: string;
  email_id: string;
  user_created: boolean;
}

/** Body of `POST /magic_links/authenticate`. */
export const MagicLinkAuthenticateRequest = z.object({
  token: z.string().check(z.maxLength(512)),
  code_verifier: z.optional(codeVerifier),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /magic_links/authenticate`. */
export interface MagicLinkAuthenticateRequest {
  token: string;
  code_verifier?: string;
  session_duration_minutes?: number;
}
type _MagicLinkAuthenticateRequest = Check<Describes<typeof MagicLinkAuthenticateRequest, MagicLinkAuthenticateRequest>>;
