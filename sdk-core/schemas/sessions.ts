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

/** Body of `POST /sessions/revoke` (empty; unknown keys are ignored). */
export const SessionsRevokeRequest = z.object({});
/** Parsed body of `POST /sessions/revoke`. */
export type SessionsRevokeRequest = Record<string, never>;
type _SessionsRevokeRequest = Check<Describes<typeof SessionsRevokeRequest, SessionsRevokeRequest>>;

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
