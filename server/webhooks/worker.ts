/**
 * Webhook delivery (issue 28): the event hub's subscriber stores each event once (`webhook_events`) and
 * one message per endpoint that wants it (`webhook_messages`) before the emitting request answers; this
 * worker delivers the messages, at least once, with the outbox's claim and lease (server/leased-queue.ts):
 *
 * - Claiming: one conditional UPDATE sets a lease on a due message, so instances sharing the database
 *   never run the same attempt; a crashed claimant's lease expires and another instance takes it over.
 * - Each attempt POSTs the stored body through server/outbound (Standard Webhooks signature, 10 s
 *   time-out, no redirects, the target checked again and the connection pinned) and writes one
 *   `webhook_deliveries` row.
 * - Retries: {@link WEBHOOK_MAX_ATTEMPTS} attempts; after the n-th failure the next comes
 *   min(30 s x 4^(n-1), 6 h), +-10 % jitter, later: 30 s, 2 min, 8 min, 32 min, ~2 h, then 6 h four
 *   times, about 27 h from first to last attempt (never under 24 h, jitter included).
 * - An endpoint whose message used every attempt with no successful delivery to it meanwhile is
 *   disabled, and a `webhook.endpoint_disabled` event tells the project's other endpoints.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import type { WebhookMessagesTable } from '../db/schema.ts';
import type { AppEvent, EventHub, EventType } from '../events.ts';
import { LeasedQueue } from '../leased-queue.ts';
import { OUTBOUND_TIMEOUT_MS, type Resolver, signedPost } from '../outbound/index.ts';
import { eventTypesOf, openSecret, toEndpoint, type WebhookScope } from './store.ts';

/** Attempts a message gets before it has failed for good. */
export const WEBHOOK_MAX_ATTEMPTS = 10;
/** Delay after the first failed attempt; each further failure multiplies it by 4, up to {@link WEBHOOK_MAX_RETRY_MS}. */
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
/** The longest wait between two attempts. */
export const WEBHOOK_MAX_RETRY_MS = 6 * 60 * 60 * 1000;
/** Jitter: each delay is scaled by a random factor in [1 - this, 1 + this]. */
export const WEBHOOK_JITTER = 0.1;
/** A claim holds a message this long: longer than one POST may take. */
export const WEBHOOK_LEASE_MS = 60_000;
/** Delivered messages, their events and the delivery log are deleted after this long (30 days). */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const POLL_MS = 1_000;

/** The delay before the attempt after the `attempts`-th failed one, without jitter. */
export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(WEBHOOK_FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1), WEBHOOK_MAX_RETRY_MS);
}

/** Settings of a {@link WebhookWorker}. */
export interface WebhookWorkerOptions extends WebhookScope {
  events: EventHub;
  log: (line: string) => void;
  /** Deliver by itself (kick after each event, poll). False: only {@link WebhookWorker.drain} delivers. */
  autoRun?: boolean;
  /** Resolver of target host names (tests point names anywhere). */
  resolve?: Resolver;
  /** Default 10 s. */
  timeoutMs?: number;
  /** Jitter source in [0, 1) (tests fix it). Default Math.random. */
  random?: () => number;
}

/** The webhook deliverer of one app instance; see the module comment. */
export class WebhookWorker {
  /** Claims, leases and runs the due messages (server/leased-queue.ts, shared with the outbox). */
  private readonly queue: LeasedQueue<WebhookMessagesTable>;

  constructor(private readonly o: WebhookWorkerOptions) {
    this.queue = new LeasedQueue<WebhookMessagesTable>({
      scope: o,
      source: { table: 'webhook_messages', id: 'message_id' },
      leaseMs: WEBHOOK_LEASE_MS,
      stampFirstAttempt: true,
      // One message's failed attempt (a database error) does not stop the others.
      attempt: (msg) => this.attempt(msg).catch((err: unknown) => this.logError('attempt', err)),
      onError: (what, err) => this.logError(what, err),
      autoRun: o.autoRun ?? true,
      pollMs: POLL_MS,
    });
    o.events.subscribe({ wants: async (type) => (await this.endpointsFor(type)).length > 0, hear: (event) => this.store(event) });
  }

  /** The enabled endpoints whose filter takes `type`. */
  private async endpointsFor(type: EventType): Promise<{ webhook_id: string }[]> {
    const endpoints = await this.o.db.kysely
      .selectFrom('webhook_endpoints')
      .select(['webhook_id', 'event_types'])
      .where('project_id', '=', this.o.projectId)
      .where('status', '=', 'enabled')
      .execute();
    return endpoints.filter((e) => {
      const types = eventTypesOf(e);
      return types.length === 0 || types.includes(type);
    });
  }

  /** Stores the event and one message per enabled endpoint that wants it; nothing when none does. */
  async store(event: AppEvent): Promise<void> {
    const k = this.o.db.kysely;
    const wanted = await this.endpointsFor(event.type);
    if (wanted.length === 0) return;
    const now = this.o.now();
    await k.transaction().execute(async (tx) => {
      await tx
        .insertInto('webhook_events')
        .values({ event_id: event.event_id, project_id: this.o.projectId, type: event.type, body: JSON.stringify(event), created_at: now })
        .execute();
      await tx
        .insertInto('webhook_messages')
        .values(
          wanted.map((e) => ({
            message_id: `webhook-message-${randomUUID()}`,
            project_id: this.o.projectId,
            webhook_id: e.webhook_id,
            event_id: event.event_id,
            status: 'pending',
            attempts: 0,
            first_attempt_at: null,
            next_attempt_at: now,
            locked_until: null,
            locked_by: null,
            last_error: null,
            created_at: now,
          })),
        )
        .execute();
    });
    this.kick();
  }

  /** Starts a run soon, unless one is already scheduled. */
  kick(): void {
    this.queue.kick();
  }

  /** Starts the periodic poll (due retries, messages another process left). */
  start(): void {
    this.queue.start();
  }

  /** Delivers every due message now and resolves when done (tests call it before asserting). */
  async drain(): Promise<void> {
    if (this.queue.closed) return;
    await this.queue.run();
  }

  /** Stops the poll and waits for the run in progress. */
  close(): Promise<void> {
    return this.queue.close();
  }

  /** Deletes what is older than {@link WEBHOOK_RETENTION_MS} and no longer pending (the pruning tick). */
  async prune(): Promise<void> {
    const k = this.o.db.kysely;
    const before = this.o.now() - WEBHOOK_RETENTION_MS;
    await k.deleteFrom('webhook_deliveries').where('project_id', '=', this.o.projectId).where('created_at', '<', before).execute();
    await k
      .deleteFrom('webhook_messages')
      .where('project_id', '=', this.o.projectId)
      .where('status', '!=', 'pending')
      .where('created_at', '<', before)
      .execute();
    await k
      .deleteFrom('webhook_events')
      .where('project_id', '=', this.o.projectId)
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('webhook_messages').select('message_id').whereRef('webhook_messages.event_id', '=', 'webhook_events.event_id'))),
      )
      .execute();
  }

  private async attempt(msg: WebhookMessagesTable): Promise<void> {
    const k = this.o.db.kysely;
    const token = msg.locked_by ?? '';
    const mine = () => k.updateTable('webhook_messages').where('message_id', '=', msg.message_id).where('locked_by', '=', token);
    const [endpoint, event] = await Promise.all([
      k.selectFrom('webhook_endpoints').selectAll().where('webhook_id', '=', msg.webhook_id).executeTakeFirst(),
      k.selectFrom('webhook_events').select(['body']).where('event_id', '=', msg.event_id).executeTakeFirst(),
    ]);
    if (!endpoint || !event || endpoint.status !== 'enabled') {
      // Deleted or disabled meanwhile: nothing to send (a replay after re-enabling queues it again).
      await mine()
        .set({ status: 'failed', locked_until: null, locked_by: null, last_error: endpoint ? 'endpoint disabled' : 'endpoint or event deleted' })
        .execute();
      return;
    }
    const started = this.o.now();
    const result = await signedPost(endpoint.url, event.body, {
      secret: await openSecret(this.o, endpoint),
      msgId: msg.event_id,
      timestamp: started,
      timeoutMs: this.o.timeoutMs ?? OUTBOUND_TIMEOUT_MS,
      mode: this.o.mode,
      ...(this.o.resolve ? { resolve: this.o.resolve } : {}),
    });
    const now = this.o.now();
    await k
      .insertInto('webhook_deliveries')
      .values({
        delivery_id: `webhook-delivery-${randomUUID()}`,
        project_id: this.o.projectId,
        webhook_id: msg.webhook_id,
        event_id: msg.event_id,
        attempt: msg.attempts,
        status: result.ok ? 'succeeded' : 'failed',
        response_code: result.status,
        duration_ms: result.durationMs,
        error: result.error ? result.error.slice(0, 500) : null,
        created_at: started,
      })
      .execute();
    if (result.ok) {
      await mine().set({ status: 'delivered', locked_until: null, locked_by: null, last_error: null }).execute();
      return;
    }
    const error = (result.error ?? 'failed').slice(0, 500);
    if (msg.attempts < WEBHOOK_MAX_ATTEMPTS) {
      const jitter = 1 + WEBHOOK_JITTER * (2 * (this.o.random ?? Math.random)() - 1);
      const delay = Math.round(webhookRetryDelayMs(msg.attempts) * jitter);
      await mine()
        .set({ next_attempt_at: now + delay, locked_until: null, locked_by: null, last_error: error })
        .execute();
      this.logLine('warn', { webhook: 'retry', webhook_id: msg.webhook_id, event_id: msg.event_id, attempts: msg.attempts, error });
      return;
    }
    await mine().set({ status: 'failed', locked_until: null, locked_by: null, last_error: error }).execute();
    this.logLine('error', { webhook: 'failed', webhook_id: msg.webhook_id, event_id: msg.event_id, attempts: msg.attempts, error });
    await this.disableIfDead(msg, now);
  }

  /** Disables the endpoint when nothing reached it since the failed message's first attempt, and says so. */
  private async disableIfDead(msg: WebhookMessagesTable, now: number): Promise<void> {
    const k = this.o.db.kysely;
    const since = msg.first_attempt_at ?? msg.created_at;
    const success = await k
      .selectFrom('webhook_deliveries')
      .select('delivery_id')
      .where('webhook_id', '=', msg.webhook_id)
      .where('status', '=', 'succeeded')
      .where('created_at', '>=', since)
      .executeTakeFirst();
    if (success) return;
    const reason = `every delivery failed for ${Math.round((now - since) / 3_600_000)} h (${WEBHOOK_MAX_ATTEMPTS} attempts)`;
    const r = await k
      .updateTable('webhook_endpoints')
      .set({ status: 'disabled', disabled_reason: reason, updated_at: now })
      .where('webhook_id', '=', msg.webhook_id)
      .where('status', '=', 'enabled')
      .returningAll()
      .executeTakeFirst();
    if (!r) return; // already disabled (by another instance or the project)
    this.logLine('error', { webhook: 'disabled', webhook_id: msg.webhook_id, reason });
    const e = toEndpoint(r);
    await this.o.events.emit({ type: 'webhook.endpoint_disabled', webhook: { webhook_id: e.webhook_id, url: e.url, event_types: e.event_types }, reason });
  }

  private logLine(level: string, fields: Record<string, unknown>): void {
    this.o.log(JSON.stringify({ time: new Date().toISOString(), level, ...fields }));
  }

  private logError(what: string, err: unknown): void {
    this.logLine('error', { webhook: what, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}

/** The scope of a worker or route: the services' database, project and clock. */
export function scopeOf(svc: { db: Db; project: { project_id: string; mode: 'test' | 'live' }; now: () => number }): WebhookScope {
  return { db: svc.db, projectId: svc.project.project_id, mode: svc.project.mode, now: svc.now };
}
