/**
 * Core's `/v1` backend routes (issue 27): users and sessions as the provider's backend API serves them,
 * each registered through `BackendRoute` (the app checks the project secret first, routes/types.ts).
 * A method's own backend routes live in its folder (`ServerMethod.backendRoutes`).
 */
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { backendUserSearchRoute } from './search.ts';
import { backendSessionRoutes } from './sessions.ts';
import { backendUserRoutes } from './users.ts';

/** Registers core's backend routes. */
export function backendRoutes(route: BackendRoute, svc: Services): void {
  // Search before `/v1/users/:user_id`, so its literal path is never read as a user id.
  backendUserSearchRoute(route, svc);
  backendUserRoutes(route, svc);
  backendSessionRoutes(route, svc);
}
