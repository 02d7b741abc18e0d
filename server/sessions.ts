/** Session storage: opaque tokens (only SHA-256 stored), atomic validation and revocation, authenticate answers. */
import type { AuthenticateResponse, AuthenticationFactor, Session } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import { newId, newSecretToken, sha256Hex } from './crypto.ts';
import { preparedQuery } from './db/prepared.ts';
import { ApiError } from './errors.ts';
import type { Services } from './http.ts';
import { signSessionJwt } from './keys.ts';
import { loadUser } from './users.ts';

/** Session lifetime when the body names none (SPEC 9, one number for client and server). */
export { DEFAULT_SESSION_DURATION_MINUTES } from '../sdk-core/schemas/defaults.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Wire shape of a stored session row. */
export function toSession(row: SessionsTable): Session {
  return {
    session_id: row.session_id,
    user_id: row.user_id,
    started_at: iso(row.started_at),
    last_accessed_at: iso(row.last_accessed_at),
    expires_at: iso(row.expires_at),
    attributes: { ip_address: row.ip_address, user_agent: row.user_agent },
    authentication_factors: JSON.parse(row.factors) as AuthenticationFactor[],
    custom_claims: {},
    roles: [],
  };
}

/** Creates a session; returns the row and the bearer token (the only time the token exists in clear). */
export async function createSession(
  svc: Services,
  opts: { userId: string; factor: AuthenticationFactor; durationMinutes: number; ip: string; userAgent: string },
): Promise<{ row: SessionsTable; token: string }> {
  const now = svc.now();
  const token = newSecretToken();
  const row: SessionsTable = {
    session_id: newId('session', svc.project.mode),
    project_id: svc.project.project_id,
    user_id: opts.userId,
    token_hash: sha256Hex(token),
    started_at: now,
    last_accessed_at: now,
    expires_at: now + opts.durationMinutes * 60_000,
    revoked_at: null,
    ip_address: opts.ip,
    user_agent: opts.userAgent,
    factors: JSON.stringify([opts.factor]),
  };
  await svc.db.kysely.insertInto('sessions').values(row).execute();
  return { row, token };
}

/**
 * Validates a session token and touches it in one conditional UPDATE (so a revoke racing it wins
 * cleanly); with `durationMinutes` the expiry becomes now + that, except for an impersonated session,
 * whose expiry never moves (the provider's rule: impersonated sessions cannot be extended). Null when
 * unknown, expired or revoked.
 */
export async function touchSession(svc: Services, token: string, durationMinutes?: number): Promise<SessionsTable | null> {
  const now = svc.now();
  const hash = sha256Hex(token);
  const projectId = svc.project.project_id;
  const k = svc.db.kysely;
  if (durationMinutes !== undefined) {
    const [row] = await touchSettingExpiry(k, now, now + durationMinutes * 60_000, hash, projectId, IMPERSONATED_FACTOR_PATTERN);
    if (row) return row;
    // Unknown, expired, revoked, or impersonated: the plain touch tells them apart.
  }
  const [row] = await touchKeepingExpiry(k, now, hash, projectId);
  return row ?? null;
}

const touchKeepingExpiry = preparedQuery((k, now: number, hash: string, projectId: string) =>
  k
    .updateTable('sessions')
    .set({ last_accessed_at: now })
    .where('token_hash', '=', hash)
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll(),
);

/**
 * How an impersonated session's factor reads in `sessions.factors` (JSON.stringify of the factor list,
 * server/impersonation/routes.ts): such a session is never extended.
 */
export const IMPERSONATED_FACTOR_PATTERN = '%"type":"impersonated"%';

const touchSettingExpiry = preparedQuery((k, now: number, expiresAt: number, hash: string, projectId: string, impersonated: string) =>
  k
    .updateTable('sessions')
    .set({ last_accessed_at: now, expires_at: expiresAt })
    .where('token_hash', '=', hash)
    .where('project_id', '=', projectId)
    .where('factors', 'not like', impersonated)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll(),
);

/** Reads a live session without touching it; null when unknown, expired or revoked. */
export async function findLiveSession(svc: Services, token: string): Promise<SessionsTable | null> {
  const row = await svc.db.kysely
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', svc.now())
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes the live session holding `token` at once; false when there was none. */
export async function revokeSession(svc: Services, token: string): Promise<boolean> {
  const now = svc.now();
  const row = await svc.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('session_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The DESIGN 2 authenticate answer for a session: user, session, the token and a fresh JWT. */
export async function authenticateAnswer(svc: Services, row: SessionsTable, token: string): Promise<AuthenticateResponse> {
  const user = await loadUser(svc, row.user_id);
  if (!user) throw new ApiError('session_not_found');
  // The session carries the user's roles (the rbac method's part of the user), and so does its JWT.
  const session = { ...toSession(row), roles: user.roles };
  const session_jwt = await signSessionJwt(svc.keys, { projectId: svc.project.project_id, issuer: svc.issuer, session, nowMs: svc.now() });
  return { user_id: user.user_id, session_token: token, session_jwt, session, user };
}
