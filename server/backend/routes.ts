/**
 * Core's `/v1` backend routes (issue 27): users and sessions as the provider's backend API serves them,
 * each registered through `BackendRoute` (the app checks the project secret first, routes/types.ts).
 * A method's own backend routes live in its folder (`ServerMethod.backendRoutes`).
 */
import { ApiError } from '../errors.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { loadUser } from '../users.ts';
import { backendOk } from './auth.ts';

/** Registers core's backend routes. */
export function backendRoutes(route: BackendRoute, svc: Services): void {
  route('GET', '/v1/users/:user_id', async (c) => {
    const user = await loadUser(svc, c.req.param('user_id') ?? '');
    if (!user) throw new ApiError('user_not_found');
    return backendOk(c, { ...user, user });
  });
}
