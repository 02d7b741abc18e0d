/**
 * Webhook endpoints in storage (issue 28): create, list, update, delete, rotate the secret, and the
 * endpoints of the project file. The `whsec_` secret signs every delivery, so it is kept readable:
 * AES-256-GCM under the project's webhook key (`server_secrets`, made on first use like the TOTP key),
 * bound to its endpoint id. Shared by the `/v1/webhooks` routes and the admin CLI (which has a Db, no app).
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { WebhookEndpointsTable } from '../db/schema.ts';
import { EVENT_TYPES, type EventType } from '../events.ts';

/** Name of the encryption key of endpoint secrets in `server_secrets`. */
const KEY_NAME = 'webhook_key';
const keyCache = new WeakMap<object, Map<string, Buffer>>();

/** What storage calls need: the database, the project and the clock. */
export interface WebhookScope {
  db: Db;
  projectId: string;
  mode: 'test' | 'live';
  now: () => number;
}

/** An endpoint as the API and the CLI show it (never its secret). */
export interface WebhookEndpoint {
  webhook_id: string;
  url: string;
  event_types: EventType[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  source: 'api' | 'file';
  created_at: string;
  updated_at: string;
}

/** An endpoint with its secret: the answer of create and rotate_secret, the only times it is shown. */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

/** A new `whsec_` secret: 32 random bytes, base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** True for a `whsec_` secret whose key is 24 to 64 bytes of base64. */
export function isWebhookSecret(s: string): boolean {
  const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(s);
  if (!m?.[1]) return false;
  const n = Buffer.from(m[1], 'base64').length;
  return n >= 24 && n <= 64;
}

async function webhookKey(scope: WebhookScope): Promise<Buffer> {
  let byProject = keyCache.get(scope.db);
  if (!byProject) {
    byProject = new Map();
    keyCache.set(scope.db, byProject);
  }
  const cached = byProject.get(scope.projectId);
  if (cached) return cached;
  const k = scope.db.kysely;
  // An insert that loses a race reads the winner's key, so every instance agrees.
  await k
    .insertInto('server_secrets')
    .values({ project_id: scope.projectId, name: KEY_NAME, secret: randomBytes(32).toString('base64url'), created_at: scope.now() })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
  const row = await k
    .selectFrom('server_secrets')
    .select('secret')
    .where('project_id', '=', scope.projectId)
    .where('name', '=', KEY_NAME)
    .executeTakeFirstOrThrow();
  const key = Buffer.from(row.secret, 'base64url');
  byProject.set(scope.projectId, key);
  return key;
}

/** Encrypts an endpoint's secret, bound to the endpoint (a ciphertext moved to another row does not open). */
async function seal(scope: WebhookScope, webhookId: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await webhookKey(scope), iv);
  cipher.setAAD(Buffer.from(`webhook:${webhookId}`, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The secret of an endpoint row. @throws Error when the ciphertext or its binding was altered */
export async function openSecret(scope: WebhookScope, row: Pick<WebhookEndpointsTable, 'webhook_id' | 'secret_enc'>): Promise<string> {
  const [iv, tag, body] = row.secret_enc.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed webhook secret ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', await webhookKey(scope), iv);
  decipher.setAAD(Buffer.from(`webhook:${row.webhook_id}`, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Parses the stored event filter (a JSON array; empty: every type). */
export function eventTypesOf(row: Pick<WebhookEndpointsTable, 'event_types'>): EventType[] {
  try {
    const v: unknown = JSON.parse(row.event_types);
    return Array.isArray(v) ? v.filter((t): t is EventType => (EVENT_TYPES as readonly string[]).includes(t as string)) : [];
  } catch {
    return [];
  }
}

/** The API's view of an endpoint row. */
export function toEndpoint(row: WebhookEndpointsTable): WebhookEndpoint {
  return {
    webhook_id: row.webhook_id,
    url: row.url,
    event_types: eventTypesOf(row),
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    disabled_reason: row.disabled_reason,
    source: row.source === 'file' ? 'file' : 'api',
    created_at: new Date(Number(row.created_at)).toISOString(),
    updated_at: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The project's endpoints, oldest first. */
export async function listEndpoints(scope: WebhookScope): Promise<WebhookEndpointsTable[]> {
  return scope.db.kysely
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .orderBy('created_at')
    .orderBy('webhook_id')
    .execute();
}

/** One endpoint of the project, or undefined. */
export async function findEndpoint(scope: WebhookScope, webhookId: string): Promise<WebhookEndpointsTable | undefined> {
  return scope.db.kysely
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
}

/** Stores a new endpoint; answers it with its secret (given, or made here). */
export async function createEndpoint(
  scope: WebhookScope,
  o: { url: string; eventTypes: readonly EventType[]; secret?: string; source?: 'api' | 'file' },
): Promise<WebhookEndpointWithSecret> {
  const now = scope.now();
  const webhookId = `webhook-${scope.mode}-${randomUUID()}`;
  const secret = o.secret ?? newWebhookSecret();
  const row: WebhookEndpointsTable = {
    webhook_id: webhookId,
    project_id: scope.projectId,
    url: o.url,
    event_types: JSON.stringify([...new Set(o.eventTypes)]),
    secret_enc: await seal(scope, webhookId, secret),
    status: 'enabled',
    source: o.source ?? 'api',
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  };
  await scope.db.kysely.insertInto('webhook_endpoints').values(row).execute();
  return { ...toEndpoint(row), secret };
}

/** Changes an endpoint's URL, filter or status (enabling clears the reason it was disabled); undefined when there is none. */
export async function updateEndpoint(
  scope: WebhookScope,
  webhookId: string,
  o: { url?: string; eventTypes?: readonly EventType[]; status?: 'enabled' | 'disabled'; reason?: string },
): Promise<WebhookEndpointsTable | undefined> {
  const set: Partial<WebhookEndpointsTable> = { updated_at: scope.now() };
  if (o.url !== undefined) set.url = o.url;
  if (o.eventTypes !== undefined) set.event_types = JSON.stringify([...new Set(o.eventTypes)]);
  if (o.status !== undefined) {
    set.status = o.status;
    set.disabled_reason = o.status === 'disabled' ? (o.reason ?? 'disabled by the project') : null;
  }
  await scope.db.kysely.updateTable('webhook_endpoints').set(set).where('project_id', '=', scope.projectId).where('webhook_id', '=', webhookId).execute();
  return findEndpoint(scope, webhookId);
}

/** Replaces an endpoint's secret with a new one, answered once; undefined when there is no such endpoint. */
export async function rotateSecret(scope: WebhookScope, webhookId: string): Promise<WebhookEndpointWithSecret | undefined> {
  const row = await findEndpoint(scope, webhookId);
  if (!row) return undefined;
  const secret = newWebhookSecret();
  const secret_enc = await seal(scope, webhookId, secret);
  const updated_at = scope.now();
  await scope.db.kysely
    .updateTable('webhook_endpoints')
    .set({ secret_enc, updated_at })
    .where('webhook_id', '=', webhookId)
    .where('project_id', '=', scope.projectId)
    .execute();
  return { ...toEndpoint({ ...row, secret_enc, updated_at }), secret };
}

/** Deletes an endpoint, its pending messages and its delivery log; false when there was none. */
export async function deleteEndpoint(scope: WebhookScope, webhookId: string): Promise<boolean> {
  const k = scope.db.kysely;
  const r = await k.deleteFrom('webhook_endpoints').where('project_id', '=', scope.projectId).where('webhook_id', '=', webhookId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) return false;
  await k.deleteFrom('webhook_messages').where('webhook_id', '=', webhookId).execute();
  await k.deleteFrom('webhook_deliveries').where('webhook_id', '=', webhookId).execute();
  return true;
}

/** One attempt of the delivery log, as the API and the CLI show it. */
export interface WebhookDeliveryInfo {
  delivery_id: string;
  event_id: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  response_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}

/** The endpoint's delivery attempts, newest first (`limit` at most 100). */
export async function listDeliveries(scope: WebhookScope, webhookId: string, o: { limit?: number; eventId?: string } = {}): Promise<WebhookDeliveryInfo[]> {
  let q = scope.db.kysely
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('project_id', '=', scope.projectId)
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .orderBy('attempt', 'desc')
    .limit(Math.min(Math.max(o.limit ?? 50, 1), 100));
  if (o.eventId) q = q.where('event_id', '=', o.eventId);
  const rows = await q.execute();
  return rows.map((r) => ({
    delivery_id: r.delivery_id,
    event_id: r.event_id,
    attempt: r.attempt,
    status: r.status === 'succeeded' ? 'succeeded' : 'failed',
    response_code: r.response_code,
    duration_ms: r.duration_ms,
    error: r.error,
    created_at: new Date(Number(r.created_at)).toISOString(),
  }));
}

/**
 * Queues one event (`eventId`) or every event since `since` (epoch ms) again for the endpoint, with the
 * same `webhook-id` (the event id): a pending message due now, its attempts counted afresh. Answers how
 * many; null when `eventId` never went to this endpoint.
 */
export async function replay(scope: WebhookScope, webhookId: string, o: { eventId: string } | { since: number }): Promise<number | null> {
  const k = scope.db.kysely;
  const now = scope.now();
  let q = k
    .updateTable('webhook_messages')
    .set({ status: 'pending', attempts: 0, first_attempt_at: null, next_attempt_at: now, locked_until: null, locked_by: null, last_error: null })
    .where('project_id', '=', scope.projectId)
    .where('webhook_id', '=', webhookId);
  q = 'eventId' in o ? q.where('event_id', '=', o.eventId) : q.where('created_at', '>=', o.since);
  const r = await q.executeTakeFirst();
  const n = Number(r.numUpdatedRows);
  if ('eventId' in o && n === 0) return null;
  return n;
}

/** An endpoint of the project file (`webhooks`) or of createApp's `webhooks` option. */
export interface WebhookFileEntry {
  url: string;
  event_types?: EventType[];
  secret?: string;
}

/**
 * Makes the file's endpoints exist (matched by URL among the file's own): new ones are created, the
 * filter and secret of existing ones follow the file, ones the file no longer lists are deleted.
 * Endpoints made through the API or CLI are left alone.
 */
export async function syncFileEndpoints(scope: WebhookScope, entries: readonly WebhookFileEntry[]): Promise<void> {
  const k = scope.db.kysely;
  const existing = (await listEndpoints(scope)).filter((r) => r.source === 'file');
  const byUrl = new Map(existing.map((r) => [r.url, r]));
  for (const e of entries) {
    const row = byUrl.get(e.url);
    byUrl.delete(e.url);
    if (!row) {
      await createEndpoint(scope, { url: e.url, eventTypes: e.event_types ?? [], ...(e.secret ? { secret: e.secret } : {}), source: 'file' });
      continue;
    }
    const set: Partial<WebhookEndpointsTable> = { event_types: JSON.stringify([...new Set(e.event_types ?? [])]) };
    if (e.secret && (await openSecret(scope, row)) !== e.secret) set.secret_enc = await seal(scope, row.webhook_id, e.secret);
    if (set.event_types !== row.event_types || set.secret_enc) {
      await k
        .updateTable('webhook_endpoints')
        .set({ ...set, updated_at: scope.now() })
        .where('webhook_id', '=', row.webhook_id)
        .execute();
    }
  }
  for (const gone of byUrl.values()) await deleteEndpoint(scope, gone.webhook_id);
}
