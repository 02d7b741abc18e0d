/**
 * `POST /sdk/v1/sessions/authenticate`, `POST /sdk/v1/sessions/revoke`, and the user's own sessions with
 * their devices (`GET /sdk/v1/sessions`, `POST /sdk/v1/sessions/revoke_others`; issue 30).
 */
import { type DeviceSession, SessionsAuthenticateRequest, SessionsRevokeOthersRequest, SessionsRevokeRequest } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { ApiError } from '../errors.ts';
import { type BasicCredentials, requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { ok, okSerialized } from '../responses.ts';
import type { Services } from '../services.ts';
import { authenticateSession, findLiveSession, revokeSession, revokeSessions, toSession } from '../sessions.ts';
import { sessionDevice } from '../session-device.ts';
import { loadUser } from '../users.ts';
import type { Route } from './types.ts';

/**
 * The session token from Basic auth. Signed-out calls carry the public token as the secret:
 * 401 unauthorized_credentials; a token that is unknown, expired or revoked is 404 session_not_found.
 */
export function sessionTokenOf(creds: BasicCredentials): string {
  if (creds.secret === '' || creds.secret === creds.publicToken) {
    throw new ApiError('unauthorized_credentials', { message: 'This call needs a session token.' });
  }
  return creds.secret;
}

/** Registers the session routes. */
export function sessionRoutes(route: Route, svc: Services): void {
  route('POST', '/sdk/v1/sessions/authenticate', async (c) => {
    const token = sessionTokenOf(requireProjectAuth(c, svc));
    const body = await readJson(c, SessionsAuthenticateRequest, svc.maxBodyBytes);
    const answer = await authenticateSession(svc, token, body.session_duration_minutes);
    if (!answer) throw new ApiError('session_not_found');
    return okSerialized(c, answer);
  });

  route('POST', '/sdk/v1/sessions/revoke', async (c) => {
    const token = sessionTokenOf(requireProjectAuth(c, svc));
    const body = await readJson(c, SessionsRevokeRequest, svc.maxBodyBytes);
    if (body.session_id === undefined) {
      if (!(await revokeSession(svc, token))) throw new ApiError('session_not_found');
      return ok(c, {});
    }
    // One of the caller's own sessions (docs/reference/methods/sessions.md#rules): another user's id,
    // live or not, is not found, and the user filter sits in the UPDATE itself, so nothing else is revoked.
    const caller = await findLiveSession(svc, token);
    if (!caller) throw new ApiError('session_not_found');
    const [revoked] = await revokeSessions(svc, { session_id: body.session_id, user_id: caller.user_id });
    if (!revoked) throw new ApiError('session_not_found');
    return ok(c, {});
  });

  route('GET', '/sdk/v1/sessions', async (c) => {
    const caller = await requireSession(c, svc);
    const user = await loadUser(svc, caller.user_id);
    if (!user) throw new ApiError('user_unauthenticated');
    const now = svc.now();
    const rows = await svc.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', caller.user_id)
      .where('project_id', '=', svc.project.project_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_accessed_at', 'desc')
      .orderBy('session_id')
      .execute();
    // The provider's Session, as /v1/sessions lists it, plus what a person needs to tell their devices apart.
    const sessions: DeviceSession[] = rows.map((r) => ({
      ...toSession(r),
      roles: user.roles,
      device: sessionDevice(r.user_agent),
      current: r.session_id === caller.session_id,
    }));
    return ok(c, { sessions });
  });

  // Signing out everywhere else ends access someone may hold on a lost device: a sensitive call
  // (docs/reference/reverification.md#sensitive-calls).
  route('POST', '/sdk/v1/sessions/revoke_others', async (c) => {
    const caller = await requireSession(c, svc, { sensitive: true });
    await readJson(c, SessionsRevokeOthersRequest, svc.maxBodyBytes);
    await revokeSessions(svc, { user_id: caller.user_id, except_session_id: caller.session_id });
    return ok(c, {});
  });
}
