/** The route label of a request for logs and metrics: its registered pattern, never the raw path. */
import { matchedRoutes } from 'hono/route';
import type { Ctx } from '../services.ts';

/**
 * The pattern of the handler that answered (`/sdk/v1/webauthn/update/:id`), `static` for a static file,
 * `unmatched` for anything else: a bounded set of values (metric labels) holding no token or address
 * a path might carry.
 */
export function routeLabel(c: Ctx, status: number): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const p = routes[i]!.path;
    if (p !== '/*' && p !== '*') return p;
  }
  return status < 400 && c.req.method === 'GET' ? 'static' : 'unmatched';
}
