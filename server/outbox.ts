/**
 * The durable outbox (docs/reference/security.md#email-syntax: sends leave the request path). A route stores a job and answers; a worker
 * in the server process delivers it: kicked at once after each enqueue, and polling every second for jobs
 * that are due again or were left by a process that crashed or restarted.
 *
 * - Claiming: one conditional UPDATE sets a lease (`locked_until`, `locked_by`) on a due, unclaimed job,
 *   so several instances on one database never run the same attempt; a crashed claimant's lease expires
 *   and another instance takes the job over.
 * - Retries: 8 attempts; after the n-th failure the next comes 30 s x 2^(n-1) later (30 s, 1, 2, 4, 8,
 *   16, 32 min: the 8th attempt about 63.5 min after the first). Then the job is dead.
 * - Dead jobs stay (status 'dead', `last_error`) for inspection, their secrets (code, link, text)
 *   scrubbed; delivered jobs are deleted, so no plaintext code or link outlives its delivery.
 * - Deferred jobs: a route that must answer alike for every address (reset/start, and the sends that
 *   enumeration protection makes indistinguishable) enqueues the inputs; the job's handler does the
 *   per-address work (lookup, token, rendering) and returns the message, or null to send nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db/index.ts';
import type { OutboxJobsTable } from './db/schema.ts';
import { ApiError } from './errors.ts';
import { LeasedQueue } from './leased-queue.ts';
import { type Delivery, type OutboundMessage, PermanentDeliveryError } from './messaging/delivery.ts';

/** Attempts a job gets before it is dead. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Delay after the first failed attempt; each further failure doubles it. */
export const OUTBOX_FIRST_RETRY_MS = 30_000;
/** How long a claim holds a job: longer than any send may take ({@link OUTBOX_SEND_TIMEOUT_MS}). */
export const OUTBOX_LEASE_MS = 120_000;
/** One delivery attempt fails after this long (the transports' own time-outs are shorter). */
export const OUTBOX_SEND_TIMEOUT_MS = 60_000;
/** Period of the worker's poll for due jobs. */
export const OUTBOX_POLL_MS = 1_000;
/** Dead jobs are deleted after this long (30 days). */
export const OUTBOX_DEAD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Kind of a job holding a rendered message. */
const MESSAGE = 'message';

/** Delay before the attempt after the `attempts`-th failed one: 30 s x 2^(attempts-1). */
export function outboxRetryDelayMs(attempts: number): number {
  return OUTBOX_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);
}

/** What a deferred job's handler produces: the message to send and when it stops being worth sending. */
export interface PreparedMessage {
  message: OutboundMessage;
  expiresAt: number | null;
}

/** Does a deferred job's per-address work; null means there is nothing to send (e.g. no such account). */
export type DeferredHandler = (payload: unknown) => Promise<PreparedMessage | null>;

/** A job as the dev endpoint lists it: never its code, link or text. */
export interface OutboxJobInfo {
  job_id: string;
  kind: string;
  status: string;
  attempts: number;
  channel: string | null;
  to: string | null;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

/** Settings of an {@link Outbox}. */
export interface OutboxOptions {
  db: Db;
  projectId: string;
  now: () => number;
  delivery: Delivery;
  log: (line: string) => void;
  /** Run jobs by itself (kick after enqueue, poll). False: only {@link Outbox.drain} runs them. Default true. */
  autoRun?: boolean;
  pollMs?: number;
}

/** The outbox of one app instance; see the module comment. */
export class Outbox {
  private readonly handlers = new Map<string, DeferredHandler>();
  /** Claims, leases and runs the due jobs (leased-queue.ts, shared with the webhook deliverer). */
  private readonly queue: LeasedQueue<OutboxJobsTable>;

  constructor(private readonly o: OutboxOptions) {
    this.queue = new LeasedQueue<OutboxJobsTable>({
      scope: o,
      source: { table: 'outbox_jobs', id: 'job_id' },
      leaseMs: OUTBOX_LEASE_MS,
      attempt: (job) => this.attempt(job),
      onError: (what, err) => this.logError(what, err),
      autoRun: o.autoRun ?? true,
      pollMs: o.pollMs ?? OUTBOX_POLL_MS,
    });
  }

  /** Registers the handler of a deferred job kind (at app build time). */
  register(kind: string, handler: DeferredHandler): void {
    if (kind === MESSAGE) throw new Error('"message" is the built-in kind');
    this.handlers.set(kind, handler);
  }

  /** Stores a rendered message for delivery; `expiresAt` (its code's or link's expiry) drops it if still unsent then. */
  async enqueueMessage(message: OutboundMessage, opts: { expiresAt?: number | null } = {}): Promise<string> {
    return this.insert(MESSAGE, message, opts.expiresAt ?? null);
  }

  /** Stores a deferred job of a registered `kind`; its handler runs in the worker, never in the request. */
  async enqueue(kind: string, payload: unknown): Promise<string> {
    if (!this.handlers.has(kind)) throw new Error(`no outbox handler for ${kind}`);
    return this.insert(kind, payload, null);
  }

  private async insert(kind: string, payload: unknown, expiresAt: number | null): Promise<string> {
    const now = this.o.now();
    const jobId = `outbox-job-${randomUUID()}`;
    await this.o.db.kysely
      .insertInto('outbox_jobs')
      .values({
        job_id: jobId,
        project_id: this.o.projectId,
        kind,
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        locked_by: null,
        expires_at: expiresAt,
        last_error: null,
        created_at: now,
        dead_at: null,
      })
      .execute();
    this.kick();
    return jobId;
  }

  /** Starts a run soon (after the current request's answer), unless one is already scheduled. */
  kick(): void {
    this.queue.kick();
  }

  /** Starts the periodic poll (and prunes old dead jobs once). */
  start(): void {
    if (this.queue.start()) this.pruneDead().catch((err: unknown) => this.logError('prune', err));
  }

  /**
   * Runs every due job now and resolves when they are done: what `/dev/inbox.json` awaits before it
   * answers, and what server tests call before asserting on a delivery. Also waits (up to
   * `waitForOthersMs`, default 5 s) while another instance holds a claim on a due job.
   */
  async drain(opts: { waitForOthersMs?: number } = {}): Promise<void> {
    if (this.queue.closed) return;
    await this.queue.run();
    const end = Date.now() + (opts.waitForOthersMs ?? 5_000);
    while (Date.now() < end && (await this.claimedElsewhere())) {
      await new Promise((r) => setTimeout(r, 25));
      await this.queue.run();
    }
  }

  /** Stops the poll and waits for the run in progress; nothing runs afterwards. */
  close(): Promise<void> {
    return this.queue.close();
  }

  /** The project's jobs still pending or dead (oldest first), without their secrets. */
  async list(): Promise<OutboxJobInfo[]> {
    const rows = await this.o.db.kysely
      .selectFrom('outbox_jobs')
      .selectAll()
      .where('project_id', '=', this.o.projectId)
      .orderBy('created_at')
      .limit(500)
      .execute();
    return rows.map((r) => {
      const p = parsePayload(r.payload);
      return {
        job_id: r.job_id,
        kind: r.kind,
        status: r.status,
        attempts: r.attempts,
        channel: typeof p.channel === 'string' ? p.channel : null,
        to: typeof p.to === 'string' ? p.to : null,
        next_attempt_at: new Date(r.next_attempt_at).toISOString(),
        last_error: r.last_error,
        created_at: new Date(r.created_at).toISOString(),
      };
    });
  }

  private async attempt(job: OutboxJobsTable): Promise<void> {
    const k = this.o.db.kysely;
    const token = job.locked_by ?? '';
    let kind = job.kind;
    let payload = job.payload;
    let expiresAt = job.expires_at;
    const finish = () => k.deleteFrom('outbox_jobs').where('job_id', '=', job.job_id).where('locked_by', '=', token).execute();
    try {
      let message: OutboundMessage;
      if (kind === MESSAGE) {
        message = JSON.parse(payload) as OutboundMessage;
      } else {
        const handler = this.handlers.get(kind);
        if (!handler) throw new PermanentDeliveryError(`no handler for outbox job kind ${kind}`);
        const prepared = await handler(JSON.parse(payload));
        if (!prepared) {
          await finish();
          return;
        }
        message = prepared.message;
        kind = MESSAGE;
        payload = JSON.stringify(message);
        expiresAt = prepared.expiresAt;
        // The rendered message replaces the inputs: a retry resends this message rather than issuing
        // a second token or code.
        await k
          .updateTable('outbox_jobs')
          .set({ kind, payload, expires_at: expiresAt })
          .where('job_id', '=', job.job_id)
          .where('locked_by', '=', token)
          .execute();
      }
      if (expiresAt !== null && expiresAt <= this.o.now()) {
        // Its code or link no longer works: sending it would only confuse.
        await finish();
        this.o.log(JSON.stringify({ time: new Date().toISOString(), level: 'warn', outbox: 'expired', job_id: job.job_id, attempts: job.attempts }));
        return;
      }
      await withTimeout(this.o.delivery.send(message), OUTBOX_SEND_TIMEOUT_MS);
      await finish();
    } catch (err) {
      await this.fail(job, token, kind, payload, err);
    }
  }

  private async fail(job: OutboxJobsTable, token: string, kind: string, payload: string, err: unknown): Promise<void> {
    const now = this.o.now();
    const permanent = err instanceof PermanentDeliveryError || err instanceof ApiError;
    const dead = permanent || job.attempts >= OUTBOX_MAX_ATTEMPTS;
    const reason = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);
    const q = this.o.db.kysely.updateTable('outbox_jobs').where('job_id', '=', job.job_id).where('locked_by', '=', token);
    if (dead) {
      await q.set({ status: 'dead', dead_at: now, kind, payload: scrub(kind, payload), locked_until: null, locked_by: null, last_error: reason }).execute();
    } else {
      await q
        .set({ kind, payload, next_attempt_at: now + outboxRetryDelayMs(job.attempts), locked_until: null, locked_by: null, last_error: reason })
        .execute();
    }
    const p = parsePayload(payload);
    this.o.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: dead ? 'error' : 'warn',
        outbox: dead ? 'dead' : 'retry',
        job_id: job.job_id,
        kind,
        channel: p.channel ?? null,
        attempts: job.attempts,
        error: reason,
      }),
    );
  }

  /** True when a due job is claimed by another instance (or by a run of ours still going). */
  private async claimedElsewhere(): Promise<boolean> {
    const now = this.o.now();
    const row = await this.o.db.kysely
      .selectFrom('outbox_jobs')
      .select('job_id')
      .where('project_id', '=', this.o.projectId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where('locked_until', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async pruneDead(): Promise<void> {
    await this.o.db.kysely
      .deleteFrom('outbox_jobs')
      .where('project_id', '=', this.o.projectId)
      .where('status', '=', 'dead')
      .where('dead_at', '<', this.o.now() - OUTBOX_DEAD_RETENTION_MS)
      .execute();
  }

  private logError(what: string, err: unknown): void {
    this.o.log(
      JSON.stringify({ time: new Date().toISOString(), level: 'error', outbox: what, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
  }
}

/** The payload kept of a dead job: who and what kind, never the code, link or text. */
function scrub(kind: string, payload: string): string {
  if (kind !== MESSAGE) return payload; // deferred inputs hold no secret: the token is issued by the handler
  const p = parsePayload(payload);
  return JSON.stringify({ projectId: p.projectId, channel: p.channel, to: p.to, subject: p.subject, scrubbed: true });
}

function parsePayload(payload: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(payload);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `p`, or a rejection after `ms`. */
async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`send timed out after ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
