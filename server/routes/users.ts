/** `GET /sdk/v1/users/me`. */
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import { findLiveSession } from '../sessions.ts';
import { loadUser } from '../users.ts';
import type { Route } from './types.ts';

/** Registers the user routes. */
export function userRoutes(route: Route, svc: Services): void {
  route('GET', '/sdk/v1/users/me', async (c) => {
    const creds = requireProjectAuth(c, svc);
    const unauthorized = () => new ApiError('unauthorized_credentials', { message: 'A valid session token is required.' });
    if (creds.secret === '' || creds.secret === creds.publicToken) throw unauthorized();
    const session = await findLiveSession(svc, creds.secret);
    if (!session) throw unauthorized();
    const user = await loadUser(svc, session.user_id);
    if (!user) throw unauthorized();
    return ok(c, user);
  });
}
