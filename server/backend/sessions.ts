/**
 * Sessions through the `/v1` backend API (issue 27), the provider's shapes: authenticate (a session token
 * or a session JWT), list a user's live sessions, revoke (by id, token or JWT). A validly signed JWT whose
 * five minutes are over still names its session: when that session is live it is answered with a fresh
 * JWT (the provider's SDK falls back here exactly when its local check finds the JWT expired).
 */
import { compactVerify, createLocalJWKSet } from 'jose';
import { readJson } from '../body.ts';
import { sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { JWT_ALG, publicJwks, SESSION_CLAIM } from '../keys.ts';
import type { AuthorizationCheck, AuthorizationVerdict } from '../method.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { authenticateAnswer, revokeSessions, toSession, touchSession } from '../sessions.ts';
import { loadUser } from '../users.ts';
import { assertJsonFieldSize } from '../body.ts';
import { backendOk } from './auth.ts';
import { BACKEND_JSON_FIELD_MAX_BYTES, BackendSessionsAuthenticateRequest, BackendSessionsRevokeRequest } from './schemas.ts';
import { requireBackendUser } from './users.ts';

/** Claims a custom claim may not name: the registered ones the JWT sets itself, its roles, and the provider's namespace. */
const RESERVED_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'roles']);
const RESERVED_CLAIM_PREFIX = 'https://stytch.com/';

/** The session a JWT of ours names, when its signature (by a published key) and audience hold; its expiry is not checked here. */
async function sessionOfJwt(svc: Services, jwt: string): Promise<{ session_id: string; user_id: string } | null> {
  try {
    const jwks = createLocalJWKSet(await publicJwks(svc.db, svc.now()));
    const { payload } = await compactVerify(jwt, jwks, { algorithms: [JWT_ALG] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    const aud = claims.aud;
    const audOk = aud === svc.project.project_id || (Array.isArray(aud) && aud.includes(svc.project.project_id));
    const session = claims[SESSION_CLAIM] as { id?: unknown } | undefined;
    if (!audOk || typeof claims.sub !== 'string' || typeof session?.id !== 'string') return null;
    return { session_id: session.id, user_id: claims.sub };
  } catch {
    // Malformed, not ours, or signed by a key no longer published: names no session.
    return null;
  }
}

/** The stored token hash of the session a JWT names (the session itself is checked live by the caller). */
export async function hashOfJwtSession(svc: Services, jwt: string): Promise<string | null> {
  const named = await sessionOfJwt(svc, jwt);
  if (!named) return null;
  const row = await svc.db.kysely
    .selectFrom('sessions')
    .select('token_hash')
    .where('session_id', '=', named.session_id)
    .where('user_id', '=', named.user_id)
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  return row?.token_hash ?? null;
}

/** Exactly one of the keys is given: its name, or a 400 naming them. */
function exactlyOne<K extends string>(body: Partial<Record<K, unknown>>, keys: readonly K[]): K {
  const given = keys.filter((k) => body[k] !== undefined);
  if (given.length !== 1) throw new ApiError('invalid_request_body', { message: `Give exactly one of ${keys.join(', ')}.` });
  return given[0] as K;
}

/** The custom claims after `update` (a null value removes its claim); refuses reserved names and oversized sets. */
export function mergedClaims(current: string | null | undefined, update: Record<string, unknown>): Record<string, unknown> {
  for (const name of Object.keys(update)) {
    if (RESERVED_CLAIMS.has(name) || name.startsWith(RESERVED_CLAIM_PREFIX)) {
      throw new ApiError('invalid_request_body', { message: `session_custom_claims may not set the reserved claim ${JSON.stringify(name)}.` });
    }
  }
  const merged: Record<string, unknown> = current ? (JSON.parse(current) as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(update)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  assertJsonFieldSize(merged, BACKEND_JSON_FIELD_MAX_BYTES, '.session_custom_claims');
  return merged;
}

/** The registered verdict of an authorization check (the method that offers one); refused when none does. */
function verdictOf(svc: Services, roles: readonly string[], check: AuthorizationCheck): AuthorizationVerdict {
  for (const m of svc.methods) if (m.authorizationVerdict) return m.authorizationVerdict(svc, roles, check);
  return { authorized: false, granting_roles: [] };
}

/** Registers the sessions routes of the backend API. */
export function backendSessionRoutes(route: BackendRoute, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/v1/sessions/authenticate', async (c) => {
    const body = await readJson(c, BackendSessionsAuthenticateRequest, svc.maxBodyBytes);
    const by = exactlyOne(body, ['session_token', 'session_jwt'] as const);
    const token = by === 'session_token' ? (body.session_token ?? '') : '';
    const hash = by === 'session_token' ? sha256Hex(token) : await hashOfJwtSession(svc, body.session_jwt ?? '');
    if (hash === null) throw new ApiError('session_not_found');
    let row = await touchSession(svc, token, body.session_duration_minutes, hash);
    if (!row) throw new ApiError('session_not_found');
    if (body.session_custom_claims !== undefined) {
      const claims = JSON.stringify(mergedClaims(row.custom_claims, body.session_custom_claims));
      const updated = await k
        .updateTable('sessions')
        .set({ custom_claims: claims })
        .where('session_id', '=', row.session_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Revoked between the check and the write: the revoke wins.
      if (Number(updated.numUpdatedRows) === 0) throw new ApiError('session_not_found');
      row = { ...row, custom_claims: claims };
    }
    // The session token is never stored in clear: a call that presented only a JWT gets no token back.
    const answer = await authenticateAnswer(svc, row, token);
    const check = body.authorization_check;
    const verdict = check ? verdictOf(svc, answer.session.roles, check) : undefined;
    if (check && !verdict?.authorized) {
      throw new ApiError('consumer_session_authorization_error', { details: { resource_id: check.resource_id, action: check.action } });
    }
    const user = await requireBackendUser(svc, row.user_id);
    return backendOk(c, { ...answer, user, ...(verdict ? { verdict } : {}) });
  });

  route('GET', '/v1/sessions', async (c) => {
    const userId = c.req.query('user_id');
    if (!userId || userId.length > 256) throw new ApiError('invalid_request_body', { message: 'The user_id query parameter is required.' });
    const user = await loadUser(svc, userId);
    if (!user) throw new ApiError('user_not_found');
    const now = svc.now();
    const rows = await k
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('project_id', '=', pid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('started_at')
      .orderBy('session_id')
      .execute();
    return backendOk(c, { sessions: rows.map((r) => ({ ...toSession(r), roles: user.roles })) });
  });

  route('POST', '/v1/sessions/revoke', async (c) => {
    const body = await readJson(c, BackendSessionsRevokeRequest, svc.maxBodyBytes);
    const by = exactlyOne(body, ['session_id', 'session_token', 'session_jwt'] as const);
    let hash: string | null = null;
    if (by !== 'session_id') {
      hash = by === 'session_token' ? sha256Hex(body.session_token ?? '') : await hashOfJwtSession(svc, body.session_jwt ?? '');
      if (hash === null) throw new ApiError('session_not_found');
    }
    // The same revoke as the user's own and the CLI's (sessions.ts): caches freed, session.revoked emitted.
    const [row] = await revokeSessions(svc, hash === null ? { session_id: body.session_id ?? '' } : { token_hash: hash });
    if (!row) throw new ApiError('session_not_found');
    return backendOk(c, {});
  });
}
