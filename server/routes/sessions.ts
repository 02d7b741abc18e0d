/** `POST /sdk/v1/sessions/authenticate` and `POST /sdk/v1/sessions/revoke`. */
import { SessionsAuthenticateRequest, SessionsRevokeRequest } from '../../sdk-core/schemas/index.ts';
import { ApiError } from '../errors.ts';
import { type BasicCredentials, requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { ok, okSerialized } from '../responses.ts';
import type { Services } from '../services.ts';
import { authenticateSession, revokeSession } from '../sessions.ts';
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
    await readJson(c, SessionsRevokeRequest, svc.maxBodyBytes);
    if (!(await revokeSession(svc, token))) throw new ApiError('session_not_found');
    return ok(c, {});
  });
}
