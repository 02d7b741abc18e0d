/** Session storage: opaque tokens (only SHA-256 stored), atomic validation and revocation, authenticate answers. */
import type { AuthenticateResponse, AuthenticationFactor, Session, User } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import { newId, newSecretToken, sha256Hex } from './crypto.ts';
import { databaseVersion, preparedQuery } from './db/prepared.ts';
import { ApiError } from './errors.ts';
import type { Services } from './services.ts';
import { SESSION_JWT_TTL_SECONDS, signSessionJwt } from './keys.ts';
import { sessionJwtIssuer } from './jwt-issuer.ts';
import { reusable } from './session-jwt-cache.ts';
import type { SessionRead } from './session-read-cache.ts';
import { type KnownUserRow, loadUser } from './users.ts';
import { hookOf } from './hooks/call.ts';
import { hookClaims } from './hooks/session-claims.ts';

/**
 * A session's `last_accessed_at` is written at most once per this window (5 s): sessions/authenticate
 * still checks the session on every call (its row, or that the database is unchanged since it read it:
 * a revoke is seen at once), but a client polling it, or a
 * page opened in many tabs, no longer costs a database write per call. The answer's `last_accessed_at`
 * is the stored value, so it lags the call by less than this window, and every instance shows the same.
 */
export const LAST_ACCESS_WRITE_INTERVAL_MS = 5_000;

/** Session lifetime when the body names none (docs/reference/constants.md#sign-in-defaults, one number for client and server). */
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
    // Set through the backend API (POST /v1/sessions/authenticate session_custom_claims).
    custom_claims: row.custom_claims ? (JSON.parse(row.custom_claims) as Record<string, unknown>) : {},
    roles: [],
  };
}

/**
 * Creates a session; returns the row and the bearer token (the only time the token exists in clear).
 * `priorFactors` are listed before `factor` (a two-step sign-in's first factor, server/mfa/second-step.ts).
 */
export async function createSession(
  svc: Services,
  opts: { userId: string; factor: AuthenticationFactor; durationMinutes: number; ip: string; userAgent: string; priorFactors?: AuthenticationFactor[] },
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
    factors: JSON.stringify([...(opts.priorFactors ?? []), opts.factor]),
  };
  await svc.db.kysely.insertInto('sessions').values(row).execute();
  await svc.events.emit({ type: 'session.created', session: row });
  return { row, token };
}

/**
 * Validates a session token and touches it. With `durationMinutes` one conditional UPDATE sets the
 * expiry to now + that (so a revoke racing it wins cleanly), except for an impersonated session, whose
 * expiry never moves (the provider's rule: impersonated sessions cannot be extended). Without it, the
 * live row is read, and `last_accessed_at` written only when it is {@link LAST_ACCESS_WRITE_INTERVAL_MS}
 * old or more (the write repeats the live conditions: a revoke landing between the read and the write
 * wins). Null when unknown, expired or revoked.
 */
export async function touchSession(svc: Services, token: string, durationMinutes?: number, hash: string = sha256Hex(token)): Promise<TouchedSession | null> {
  const now = svc.now();
  const projectId = svc.project.project_id;
  const k = svc.db.kysely;
  if (durationMinutes !== undefined) {
    const [row] = await touchSettingExpiry(k, now, now + durationMinutes * 60_000, hash, projectId, IMPERSONATED_FACTOR_PATTERN);
    if (row) return row;
    // Unknown, expired, revoked, or impersonated: the read below tells them apart.
  }
  // The session and its user in one read (the answer needs both; a session whose user is gone is not live).
  const [joined] = await liveSessionWithUser(k, hash, projectId, now);
  if (!joined) return null;
  const { user_status, user_created_at, user_untrusted_metadata, user_name, user_trusted_metadata, ...live } = joined;
  // Recent enough (or the clock was set back): no write.
  if (now - live.last_accessed_at < LAST_ACCESS_WRITE_INTERVAL_MS) {
    const userRow = {
      status: user_status,
      created_at: user_created_at,
      untrusted_metadata: user_untrusted_metadata,
      name: user_name,
      trusted_metadata: user_trusted_metadata,
    };
    return { ...live, userRow };
  }
  const [row] = await touchKeepingExpiry(k, now, hash, projectId);
  return row ?? null;
}

/** A session row from {@link touchSession}, with its user's row when the read brought it along. */
export type TouchedSession = SessionsTable & { userRow?: KnownUserRow };

const liveSessionWithUser = preparedQuery((k, hash: string, projectId: string, now: number) =>
  k
    .selectFrom('sessions')
    .innerJoin('users', (j) => j.onRef('users.user_id', '=', 'sessions.user_id').onRef('users.project_id', '=', 'sessions.project_id'))
    .selectAll('sessions')
    .select([
      'users.status as user_status',
      'users.created_at as user_created_at',
      'users.untrusted_metadata as user_untrusted_metadata',
      'users.name as user_name',
      'users.trusted_metadata as user_trusted_metadata',
    ])
    .where('sessions.token_hash', '=', hash)
    .where('sessions.project_id', '=', projectId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

const liveSession = preparedQuery((k, hash: string, projectId: string, now: number) =>
  k
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('project_id', '=', projectId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now),
);

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
  const [row] = await liveSession(svc.db.kysely, sha256Hex(token), svc.project.project_id, svc.now());
  return row ?? null;
}

/** Revokes the live session holding `token` at once; false when there was none. */
export async function revokeSession(svc: Services, token: string): Promise<boolean> {
  return (await revokeSessions(svc, { token_hash: sha256Hex(token) })).length > 0;
}

/**
 * Revokes at once the live sessions of one token (its hash), one id (of one user, when `user_id` is given)
 * or one user (but `except_session_id`); this process never serves
 * their JWTs or reads again (the row check refuses them anyway: this frees the entries now), and each is
 * a `session.revoked`. Returns the sessions revoked.
 */
export async function revokeSessions(
  svc: Services,
  by: { token_hash: string } | { session_id: string; user_id?: string } | { user_id: string; except_session_id?: string },
): Promise<SessionsTable[]> {
  const now = svc.now();
  let q = svc.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if ('token_hash' in by) q = q.where('token_hash', '=', by.token_hash);
  else if ('session_id' in by) {
    q = q.where('session_id', '=', by.session_id);
    if (by.user_id !== undefined) q = q.where('user_id', '=', by.user_id);
  } else {
    q = q.where('user_id', '=', by.user_id);
    if (by.except_session_id !== undefined) q = q.where('session_id', '<>', by.except_session_id);
  }
  const rows = await q.returningAll().execute();
  for (const row of rows) {
    svc.sessionJwts.delete(row.session_id);
    svc.sessionReads.delete(row.token_hash);
    await svc.events.emit({ type: 'session.revoked', session: row });
  }
  return rows;
}

/**
 * The docs/reference/wire-protocol.md#session-jwt authenticate answer for a session: user, session, the token and its JWT. The caller has
 * just checked the session row is live; the JWT is the one this process signed for the session before
 * while it may still be reused (session-jwt-cache.ts: enough life left, the same claims, the key that
 * signs now), otherwise a new one.
 */
export async function authenticateAnswer(svc: Services, row: TouchedSession, token: string): Promise<AuthenticateResponse> {
  const user = await loadUser(svc, row.user_id, row.userRow);
  if (!user) throw new ApiError('session_not_found');
  return answerOf(svc, row, user, sessionOf(row, user), token);
}

/** The answer's session: the row's, carrying the user's roles (the rbac method's part of the user), as its JWT does. */
const sessionOf = (row: SessionsTable, user: User): Session => ({ ...toSession(row), roles: user.roles });

/**
 * sessions/authenticate: touches the session ({@link touchSession}) and answers for it, serialized
 * (`JSON.stringify` of the {@link AuthenticateResponse}); null when the token is unknown, expired or
 * revoked. A call that moves no expiry is answered from the rows an earlier call read while the database
 * has not changed since (session-read-cache.ts), and with the answer serialized then when its JWT is the
 * same; the clock's checks (expiry, the last-access write, the JWT's reuse) run on every call.
 */
export async function authenticateSession(svc: Services, token: string, durationMinutes?: number): Promise<string | null> {
  const hash = sha256Hex(token);
  // Read before any other statement of this call (see databaseVersion); null inside a SQLite transaction.
  const version = durationMinutes === undefined && svc.sessionReads.shouldCheck() ? await databaseVersion(svc.db) : null;
  let read: SessionRead | undefined;
  if (version) {
    const hit = svc.sessionReads.get(hash, version);
    const now = svc.now();
    if (hit && hit.row.expires_at > now && now - hit.row.last_accessed_at < LAST_ACCESS_WRITE_INTERVAL_MS) read = hit;
  }
  if (!read) {
    const row = await touchSession(svc, token, durationMinutes, hash);
    if (!row) return null;
    const user = await loadUser(svc, row.user_id, row.userRow);
    if (!user) throw new ApiError('session_not_found');
    read = { row, user, session: sessionOf(row, user) };
    if (version) svc.sessionReads.set(hash, version, read);
  }
  const jwt = await sessionJwt(svc, read.row, read.session, read.user);
  // The answer around its session_token, which is never kept (in memory, as in the database, only its hash).
  let kept = svc.sessionReads.answerJson(read, jwt);
  if (!kept) {
    const { user_id, session_jwt, session, user } = answerWith(read.user, read.session, '', jwt);
    kept = { head: `{"user_id":${JSON.stringify(user_id)},"session_token":`, tail: `,${JSON.stringify({ session_jwt, session, user }).slice(1)}` };
    svc.sessionReads.keepAnswerJson(read, jwt, kept);
  }
  return `${kept.head}${JSON.stringify(token)}${kept.tail}`;
}

async function answerOf(svc: Services, row: SessionsTable, user: User, session: Session, token: string): Promise<AuthenticateResponse> {
  return answerWith(user, session, token, await sessionJwt(svc, row, session, user));
}

/** The answer's fields in the wire order (docs/reference/wire-protocol.md#authenticate-answers). */
const answerWith = (user: User, session: Session, token: string, session_jwt: string): AuthenticateResponse => ({
  user_id: user.user_id,
  session_token: token,
  session_jwt,
  session,
  user,
});

/** The session's cached JWT when it may be served again, else a new one (cached in its place). */
async function sessionJwt(svc: Services, row: SessionsTable, session: Session, user: User): Promise<string> {
  const nowMs = svc.now();
  // The key signing at this moment (rotation): once another key signs, cached JWTs of the old one are not served.
  const signer = svc.keys.select ? await svc.keys.select(nowMs) : svc.keys;
  // Everything the JWT carries besides its times, last_accessed_at and expires_at (compared on its own).
  const issuer = sessionJwtIssuer(svc);
  const claimsKey = `${signer.kid}\n${issuer}\n${row.user_id}\n${row.started_at}\n${row.factors}\n${JSON.stringify(session.roles)}\n${row.ip_address}\n${row.user_agent}\n${row.custom_claims ?? ''}`;
  const cached = svc.sessionJwts.get(row.session_id);
  if (cached && reusable(cached, nowMs, claimsKey, row.expires_at)) return cached.jwt;
  // A project's session_claims hook is asked per signature (hooks/session-claims.ts); the session's own
  // custom claims (set through the backend for this session) win over the hook's.
  const hooked = hookOf(svc, 'session_claims') ? await hookClaims(svc, session, user) : undefined;
  const signed = hooked ? { ...session, custom_claims: { ...hooked, ...session.custom_claims } } : session;
  const jwt = await signSessionJwt({ kid: signer.kid, privateKey: signer.privateKey }, { projectId: svc.project.project_id, issuer, session: signed, nowMs });
  // Signed without a hook's claims because it failed open: not reused, so the next call asks again.
  if (hooked === null) {
    svc.sessionJwts.delete(row.session_id);
    return jwt;
  }
  const issuedAtMs = Math.floor(nowMs / 1000) * 1000;
  svc.sessionJwts.set(row.session_id, {
    jwt,
    issuedAtMs,
    expiresAtMs: issuedAtMs + SESSION_JWT_TTL_SECONDS * 1000,
    sessionExpiresAt: row.expires_at,
    claimsKey,
  });
  return jwt;
}
