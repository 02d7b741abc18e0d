/** `GET /sdk/v1/projects/bootstrap/{public_token}`, `POST /sdk/v1/events` and the JWKS. */
import { EventsRequest } from '../../sdk-core/schemas/index.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { publicJwks } from '../keys.ts';
import { ok, readJson, type Services } from '../http.ts';
import { bootstrapData } from '../project.ts';
import type { Route } from './types.ts';

/** Telemetry rows older than this are pruned. */
const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Registers bootstrap, events and JWKS routes. */
export function projectRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;

  route('GET', '/sdk/v1/projects/bootstrap/:public_token', (c) => {
    if (c.req.param('public_token') !== svc.project.public_token) throw new ApiError('invalid_public_token');
    return ok(c, bootstrapData(svc.project));
  });

  let batches = 0;
  route('POST', '/sdk/v1/events', async (c) => {
    const events = await readJson(c, EventsRequest, svc.maxBodyBytes);
    const now = svc.now();
    // No auth on this endpoint (DESIGN 2), so only events naming our project are kept.
    const rows = events
      .filter((e) => e.event.public_token === svc.project.public_token)
      .map((e) => ({
        event_id: newId('event', svc.project.mode),
        public_token: e.event.public_token,
        event_name: e.event.event_name,
        details: JSON.stringify(e.event.details ?? {}),
        telemetry: JSON.stringify(e.telemetry ?? {}),
        received_at: now,
      }));
    if (rows.length > 0) await k.insertInto('events').values(rows).execute();
    batches += 1;
    if (batches % 100 === 1) await k.deleteFrom('events').where('received_at', '<', now - EVENT_RETENTION_MS).execute();
    return ok(c, {});
  });

  const jwks = async (c: Parameters<Parameters<Route>[2]>[0]) => {
    c.header('Cache-Control', 'public, max-age=300');
    // Read per request: another instance's key (or a rotation) is served without a restart.
    return c.json(await publicJwks(svc.db));
  };
  route('GET', '/.well-known/jwks.json', jwks);
  // The provider's own path, so its backend SDKs find our keys too.
  route('GET', '/v1/sessions/jwks/:project_id', (c) => {
    if (c.req.param('project_id') !== svc.project.project_id) throw new ApiError('not_found');
    return jwks(c);
  });
}
