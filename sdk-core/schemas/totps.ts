/**
 * TOTP request bodies and answers of docs/reference/methods/totps.md#calls (`/totps/...`), shared by the client and the server
 * (whose validators are checked against these types, as the other methods' are). Shapes follow the
 * provider's public TOTP API (create, authenticate, recovery_codes, recover).
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { sessionDurationMinutes } from './sessions.ts';

/** Shortest lifetime of an unconfirmed TOTP, in minutes (the provider's minimum). */
export const TOTP_EXPIRATION_MIN = 5;
/** Longest lifetime of an unconfirmed TOTP, in minutes, and the default (the provider's: 1 day). */
export const TOTP_EXPIRATION_MAX = 1440;

/** Body of `POST /totps`. */
export const TOTPCreateRequest = z.object({
  expiration_minutes: z.optional(z.int().check(z.gte(TOTP_EXPIRATION_MIN), z.lte(TOTP_EXPIRATION_MAX))),
});
/** Body of `POST /totps`: a new TOTP for the signed-in user. */
export interface TOTPCreateRequest {
  /** Minutes the new, unverified TOTP waits for its first code (5 to 1440, default 1440). */
  expiration_minutes?: number;
}
type _TOTPCreateRequest = Check<Describes<typeof TOTPCreateRequest, TOTPCreateRequest>>;

/** Payload of `POST /totps`. */
export interface TOTPCreateResponse {
  totp_id: string;
  /** The shared secret (base32), for manual entry. */
  secret: string;
  /** A QR code of the otpauth:// URI (data URL of a PNG). */
  qr_code: string;
  /** The `otpauth://totp/...` URI the QR code encodes (not a provider key; for hosts that draw their own). */
  otpauth_uri: string;
  /** One-time codes for when the authenticator is lost. */
  recovery_codes: string[];
  user_id: string;
}

/** Body of `POST /totps/authenticate`. */
export const TOTPAuthenticateRequest = z.object({
  totp_code: z.string().check(z.maxLength(64)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Body of `POST /totps/authenticate`. */
export interface TOTPAuthenticateRequest {
  totp_code: string;
  session_duration_minutes?: number;
}
type _TOTPAuthenticateRequest = Check<Describes<typeof TOTPAuthenticateRequest, TOTPAuthenticateRequest>>;

/** Body of `POST /totps/recovery_codes` (nothing: the session names the user). */
export const TOTPRecoveryCodesRequest = z.object({});

/** Body of `POST /totps/recovery_codes/rotate` (nothing: the session names the user and its verified TOTP). */
export const TOTPRotateRecoveryCodesRequest = z.object({});

/** Payload of `POST /totps/recovery_codes/rotate`: the verified TOTP's new codes, shown this once; the old ones no longer work. */
export interface TOTPRotateRecoveryCodesResponse {
  user_id: string;
  totp_id: string;
  recovery_codes: string[];
}

/** One TOTP of the user with its unused recovery codes. */
export interface TOTPRecoveryCodesEntry {
  totp_id: string;
  verified: boolean;
  recovery_codes: string[];
}

/** Payload of `POST /totps/recovery_codes`. */
export interface TOTPRecoveryCodesResponse {
  user_id: string;
  totps: TOTPRecoveryCodesEntry[];
}

/** Body of `POST /totps/recover`. */
export const TOTPRecoverRequest = z.object({
  recovery_code: z.string().check(z.maxLength(128)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Body of `POST /totps/recover`. */
export interface TOTPRecoverRequest {
  recovery_code: string;
  session_duration_minutes?: number;
}
type _TOTPRecoverRequest = Check<Describes<typeof TOTPRecoverRequest, TOTPRecoverRequest>>;
