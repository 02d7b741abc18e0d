/** Session shapes and session request bodies of docs/reference/wire-protocol.md#authenticate-answers. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import type { User } from './users.ts';

/** Provider limits for session lifetimes, in minutes (5 minutes to 366 days). */
export const SESSION_DURATION_MIN = 5;
/** Upper bound of `session_duration_minutes` (366 days). */
export const SESSION_DURATION_MAX = 527040;

/** `session_duration_minutes` as every authenticate body accepts it. */
export const sessionDurationMinutes = z.int().check(z.gte(SESSION_DURATION_MIN), z.lte(SESSION_DURATION_MAX));

/** Body of `POST /sessions/authenticate`. */
export const SessionsAuthenticateRequest = z.object({
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /sessions/authenticate`. */
export interface SessionsAuthenticateRequest {
  session_duration_minutes?: number;
}
type _SessionsAuthenticateRequest = Check<Describes<typeof SessionsAuthenticateRequest, SessionsAuthenticateRequest>>;

/** Longest session id a body may name (ids are far shorter; a longer one names nothing). */
export const SESSION_ID_MAX_LENGTH = 128;

/**
 * Body of `POST /sessions/revoke`: empty revokes the calling session; `session_id` one of the caller's
 * own sessions (docs/reference/methods/sessions.md#calls). Unknown keys are ignored.
 */
export const SessionsRevokeRequest = z.object({
  session_id: z.optional(z.string().check(z.minLength(1), z.maxLength(SESSION_ID_MAX_LENGTH))),
});
/** Parsed body of `POST /sessions/revoke`. */
export interface SessionsRevokeRequest {
  session_id?: string;
}
type _SessionsRevokeRequest = Check<Describes<typeof SessionsRevokeRequest, SessionsRevokeRequest>>;

/** Body of `POST /sessions/revoke_others` (empty; unknown keys are ignored). */
export const SessionsRevokeOthersRequest = z.object({});
/** Parsed body of `POST /sessions/revoke_others`. */
export type SessionsRevokeOthersRequest = Record<string, never>;
type _SessionsRevokeOthersRequest = Check<Describes<typeof SessionsRevokeOthersRequest, SessionsRevokeOthersRequest>>;

/** One factor that authenticated a session. */
export interface AuthenticationFactor {
  type: string;
  delivery_method: string;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  [extra: string]: unknown;
}

/** A session as the server reports it. */
export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown>;
  roles: string[];
}

/** Payload of every authenticate-type answer (OTP, magic link, password, session authenticate, ...). */
export interface AuthenticateResponse {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
}

/** Payload of `POST /sessions/revoke`: nothing beyond request_id and status_code. */
export type SessionsRevokeResponse = Record<string, never>;

/** The device a session's user agent names, each a short label, or null when the agent does not say. */
export interface SessionDevice {
  /** Browser and major version, e.g. "Chrome 131". */
  browser: string | null;
  /** Operating system and version, e.g. "macOS 10.15", "Windows 10", "iOS 17.4". */
  os: string | null;
  /** The kind of device. */
  device_type: 'desktop' | 'mobile' | 'tablet' | null;
}

/** One of the user's live sessions as `GET /sessions` lists it: the Session plus its device and whether it is the caller's. */
export type DeviceSession = Session & { device: SessionDevice; current: boolean };

/** Payload of `GET /sessions`: the caller's live sessions, most recently used first. */
export interface SessionsListResponse {
  sessions: DeviceSession[];
}
