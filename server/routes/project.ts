/**
 * `GET /sdk/v1/projects/bootstrap/{public_token}`, `POST /sdk/v1/events` and the JWKS. Telemetry is
 * unauthenticated, so it is bounded on every axis: batches per IP and per token, batch length, event
 * size, rows stored per project per window, and retention (pruned by a timer: prune.ts).
 */
import { EventsRequest } from '../../sdk-core/schemas/index.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { publicJwks } from '../keys.ts';
import { assertJsonFieldSize, readJson } from '../body.ts';
import { clientIp } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { bootstrapData } from '../project/bootstrap.ts';
import { hit, take } from '../rate-limit.ts';
import type { Route } from './types.ts';

/** Largest `details` (and `telemetry`) object of one telemetry event, serialised (bytes). */
export const TELEMETRY_DETAILS_MAX_BYTES = 2048;

/** Registers bootstrap, events and JWKS routes. */
export function projectRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('GET', '/sdk/v1/projects/bootstrap/:public_token', (c) => {
    if (c.req.param('public_token') !== svc.project.public_token) throw new ApiError('invalid_public_token');
    return ok(c, bootstrapData(svc.project));
  });

  route('POST', '/sdk/v1/events', async (c) => {
    const now = svc.now();
    // No auth on this endpoint (docs/reference/wire-protocol.md#events-endpoint): before even reading the body, a per-IP batch limit.
    await hit(svc.db, `events:ip:${pid}:${clientIp(c, svc)}`, svc.limits.eventBatchesPerIp, now);
    const events = await readJson(c, EventsRequest, svc.maxBodyBytes);
    events.forEach((e, i) => {
      assertJsonFieldSize(e.event.details, TELEMETRY_DETAILS_MAX_BYTES, `[${i}].event.details`);
      assertJsonFieldSize(e.telemetry, TELEMETRY_DETAILS_MAX_BYTES, `[${i}].telemetry`);
    });
    // Only events naming our project are kept; others are dropped without a counter (a counter per
    // made-up token would itself be a table anyone can grow).
    const ours = events.filter((e) => e.event.public_token === svc.project.public_token);
    if (ours.length === 0) return ok(c, {});
    await hit(svc.db, `events:token:${pid}`, svc.limits.eventBatchesPerToken, now);
    // Rows beyond the project's window cap are dropped, and the answer is the usual one: the client
    // ignores it (docs/reference/wire-protocol.md#events-endpoint), and a flood learns nothing from it.
    const room = await take(svc.db, `events:stored:${pid}`, svc.limits.eventsStoredPerProject, ours.length, now);
    const rows = ours.slice(0, room).map((e) => ({
      event_id: newId('event', svc.project.mode),
      public_token: e.event.public_token,
      event_name: e.event.event_name,
      details: JSON.stringify(e.event.details ?? {}),
      telemetry: JSON.stringify(e.telemetry ?? {}),
      received_at: now,
    }));
    if (rows.length > 0) await k.insertInto('events').values(rows).execute();
    return ok(c, {});
  });

  const jwks = async (c: Ctx) => {
    c.header('Cache-Control', 'public, max-age=300');
    // Read per request: another instance's key (or a rotation) is served without a restart.
    return c.json(await publicJwks(svc.db, svc.now()));
  };
  route('GET', '/.well-known/jwks.json', jwks);
  // The provider's own path, so its backend SDKs find our keys too; public like the keys themselves, and
  // in the backend API's flat shape (its SDK's getJWKS reads status_code and request_id beside `keys`).
  route('GET', '/v1/sessions/jwks/:project_id', async (c) => {
    if (c.req.param('project_id') !== svc.project.project_id) throw new ApiError('not_found');
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ ...(await publicJwks(svc.db, svc.now())), request_id: c.get('requestId'), status_code: 200 });
  });
}
