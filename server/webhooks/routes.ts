/**
 * `/v1/webhooks` (issue 28): a project's webhook endpoints through the backend API, each call
 * authenticated by a project secret (BackendRoute). POST and rotate_secret answer the `whsec_` secret,
 * the only times it is shown; GET never shows it. A URL is checked for the project's mode
 * (server/outbound: live projects need https and a public address) when it is set, and again at every send.
 */
import { z } from 'zod/mini';
import { readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import { EVENT_TYPES } from '../events.ts';
import { backendOk } from '../backend/auth.ts';
import { checkTarget, type Resolver } from '../outbound/index.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { createEndpoint, deleteEndpoint, findEndpoint, listDeliveries, listEndpoints, replay, rotateSecret, toEndpoint, updateEndpoint } from './store.ts';
import { scopeOf } from './worker.ts';

/** Longest URL an endpoint may have. */
export const WEBHOOK_URL_MAX = 2048;
/** Most endpoints one project may have. */
export const WEBHOOK_MAX_ENDPOINTS = 50;

const Url = z.string().check(z.minLength(1), z.maxLength(WEBHOOK_URL_MAX));
const EventTypes = z.array(z.enum(EVENT_TYPES)).check(z.maxLength(EVENT_TYPES.length * 2));
const CreateBody = z.strictObject({ url: Url, event_types: z.optional(EventTypes) });
const UpdateBody = z.strictObject({ url: z.optional(Url), event_types: z.optional(EventTypes), status: z.optional(z.enum(['enabled', 'disabled'])) });
const ReplayBody = z.strictObject({
  event_id: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  since: z.optional(z.iso.datetime({ offset: true })),
});

/** Refuses a URL the project may not call (400 invalid_webhook_url, `details.reason`). */
export async function assertWebhookUrl(svc: Services, url: string, resolve?: Resolver): Promise<void> {
  const r = await checkTarget(url, { mode: svc.project.mode, ...(resolve ? { resolve } : {}) });
  if (!r.ok) throw new ApiError('invalid_webhook_url', { message: `The webhook URL is refused: ${r.message}.`, details: { reason: r.reason } });
}

/** Registers the `/v1/webhooks` routes; `resolve` replaces the system resolver for URL checks (tests). */
export function webhookBackendRoutes(route: BackendRoute, svc: Services, resolve?: Resolver): void {
  const scope = scopeOf(svc);
  const idParam = (c: Ctx) => c.req.param('webhook_id') ?? '';
  const requireEndpoint = async (c: Ctx) => {
    const row = await findEndpoint(scope, idParam(c));
    if (!row) throw new ApiError('webhook_not_found');
    return row;
  };

  route('POST', '/v1/webhooks', async (c) => {
    const body = await readJson(c, CreateBody, svc.maxBodyBytes);
    await assertWebhookUrl(svc, body.url, resolve);
    if ((await listEndpoints(scope)).length >= WEBHOOK_MAX_ENDPOINTS) {
      throw new ApiError('invalid_request_body', { message: `A project may have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints.` });
    }
    const webhook = await createEndpoint(scope, { url: body.url, eventTypes: body.event_types ?? [] });
    return backendOk(c, { webhook });
  });

  route('GET', '/v1/webhooks', async (c) => backendOk(c, { webhooks: (await listEndpoints(scope)).map(toEndpoint) }));

  route('GET', '/v1/webhooks/:webhook_id', async (c) => backendOk(c, { webhook: toEndpoint(await requireEndpoint(c)) }));

  route('PUT', '/v1/webhooks/:webhook_id', async (c) => {
    // The body first, as every route does: a malformed one is a 400 whichever endpoint it names.
    const body = await readJson(c, UpdateBody, svc.maxBodyBytes);
    await requireEndpoint(c);
    if (body.url !== undefined) await assertWebhookUrl(svc, body.url, resolve);
    const row = await updateEndpoint(scope, idParam(c), {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.event_types !== undefined ? { eventTypes: body.event_types } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    if (!row) throw new ApiError('webhook_not_found');
    return backendOk(c, { webhook: toEndpoint(row) });
  });

  route('DELETE', '/v1/webhooks/:webhook_id', async (c) => {
    if (!(await deleteEndpoint(scope, idParam(c)))) throw new ApiError('webhook_not_found');
    return backendOk(c, { webhook_id: idParam(c) });
  });

  route('POST', '/v1/webhooks/:webhook_id/rotate_secret', async (c) => {
    const webhook = await rotateSecret(scope, idParam(c));
    if (!webhook) throw new ApiError('webhook_not_found');
    return backendOk(c, { webhook });
  });

  route('GET', '/v1/webhooks/:webhook_id/deliveries', async (c) => {
    const row = await requireEndpoint(c);
    const limitText = c.req.query('limit');
    const limit = limitText === undefined ? undefined : Number(limitText);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
      throw new ApiError('invalid_request_body', { message: 'limit must be an integer from 1 to 100.' });
    }
    const eventId = c.req.query('event_id');
    if (eventId !== undefined && (eventId.length === 0 || eventId.length > 256))
      throw new ApiError('invalid_request_body', { message: 'event_id is invalid.' });
    const deliveries = await listDeliveries(scope, row.webhook_id, { ...(limit ? { limit } : {}), ...(eventId ? { eventId } : {}) });
    return backendOk(c, { webhook_id: row.webhook_id, deliveries });
  });

  route('POST', '/v1/webhooks/:webhook_id/replay', async (c) => {
    const body = await readJson(c, ReplayBody, svc.maxBodyBytes);
    const row = await requireEndpoint(c);
    if ((body.event_id === undefined) === (body.since === undefined)) {
      throw new ApiError('invalid_request_body', { message: 'Give exactly one of event_id and since.' });
    }
    const n = await replay(scope, row.webhook_id, body.event_id !== undefined ? { eventId: body.event_id } : { since: Date.parse(body.since ?? '') });
    if (n === null) throw new ApiError('webhook_event_not_found');
    svc.webhooks.kick();
    return backendOk(c, { webhook_id: row.webhook_id, replayed: n });
  });
}
