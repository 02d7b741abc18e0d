/**
 * The claim and lease of a durable queue, shared by the outbox (server/outbox.ts, `outbox_jobs`) and the
 * webhook deliverer (server/webhooks/worker.ts, `webhook_messages`):
 *
 * - a run takes the due rows (pending, `next_attempt_at` passed, no live lease), oldest first, in
 *   batches, and claims each with one conditional UPDATE that sets a lease (`locked_until`, `locked_by`)
 *   and counts the attempt, so several instances on one database never run the same attempt and a
 *   crashed claimant's lease simply expires;
 * - runs are serialised within the process (each waits for the one before); a run is kicked after each
 *   enqueue and a poll starts one for rows that are due again or were left by another process.
 */
import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Db } from './db/index.ts';

/** A table run through a {@link LeasedQueue}, and its id column. */
export type LeasedTable = { table: 'outbox_jobs'; id: 'job_id' } | { table: 'webhook_messages'; id: 'message_id' };

/** The columns every leased table has. */
interface LeaseColumns {
  id: string;
  project_id: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  locked_by: string | null;
  created_at: number;
  /** Only where {@link LeasedQueueOptions.stampFirstAttempt} is set (webhook messages). */
  first_attempt_at: number | null;
}
/** The leased tables seen through their common columns only (the id column aliased per table at run time). */
type LeaseDb = { leased: LeaseColumns };

/** Settings of a {@link LeasedQueue}. */
export interface LeasedQueueOptions<Row> {
  /** The database, the project whose rows it runs, and the clock (the owner's own options). */
  scope: { db: Db; projectId: string; now: () => number };
  source: LeasedTable;
  /** How long a claim holds a row: longer than one attempt may take. */
  leaseMs: number;
  /** Also stamp `first_attempt_at` (kept at its first value) when claiming. */
  stampFirstAttempt?: boolean;
  /** Runs one claimed row's attempt; an error it throws ends the run (and is logged by the caller's `onError`). */
  attempt(row: Row): Promise<void>;
  /** Logs a failed run (`what`: run, poll). */
  onError(what: string, err: unknown): void;
  /** Run by itself (kick after enqueue, poll). False: only {@link LeasedQueue.run} runs. */
  autoRun: boolean;
  pollMs: number;
}

const BATCH = 20;
const CONCURRENCY = 4;

/** The due-and-unleased condition of a leased row at `now`. */
function leaseFree(eb: ExpressionBuilder<LeaseDb, 'leased'>, now: number) {
  return eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]);
}

/** Runs the due rows of one table of one project; see the module comment. */
export class LeasedQueue<Row> {
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  private kickScheduled = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Set by {@link close}: nothing runs afterwards. */
  closed = false;

  constructor(private readonly o: LeasedQueueOptions<Row>) {}

  /** The table under the common name `leased`, its id column as `id`. */
  private leased(): Kysely<LeaseDb> {
    return this.o.scope.db.kysely as unknown as Kysely<LeaseDb>;
  }

  private get table(): 'leased' {
    return this.o.source.table as unknown as 'leased';
  }

  private get idColumn(): 'id' {
    return this.o.source.id as unknown as 'id';
  }

  /** Starts a run soon (after the current request's answer), unless one is already scheduled. */
  kick(): void {
    if (!this.o.autoRun || this.closed || this.kickScheduled) return;
    this.kickScheduled = true;
    setImmediate(() => {
      this.kickScheduled = false;
      this.run().catch((err: unknown) => this.o.onError('run', err));
    });
  }

  /** Starts the periodic poll; false when it does not run (no autoRun, closed, or already started). */
  start(): boolean {
    if (!this.o.autoRun || this.closed || this.timer) return false;
    this.timer = setInterval(() => {
      if (this.running > 0) return;
      this.run().catch((err: unknown) => this.o.onError('poll', err));
    }, this.o.pollMs);
    // The poll alone must not keep a process alive that has nothing else to do.
    this.timer.unref();
    return true;
  }

  /** Stops the poll and waits for the run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /** Runs every due row now, after the run before; resolves when done. */
  run(): Promise<void> {
    const next = this.chain.then(async () => {
      // After close() only the run already going finishes; the database is about to close.
      if (this.closed) return;
      this.running += 1;
      try {
        await this.runDue();
      } finally {
        this.running -= 1;
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async runDue(): Promise<void> {
    // Bounded: rows enqueued while this runs are taken too, but a flood cannot keep one run going forever.
    for (let round = 0; round < 50; round++) {
      const now = this.o.scope.now();
      const due = await this.leased()
        .selectFrom(this.table)
        .select(sql.ref<string>(this.idColumn).as('id'))
        .where('project_id', '=', this.o.scope.projectId)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => leaseFree(eb, now))
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(BATCH)
        .execute();
      if (due.length === 0) return;
      let claimed = 0;
      const queue = due.map((d) => d.id);
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const row = await this.claim(id, now);
          if (!row) continue; // another instance won it
          claimed += 1;
          await this.o.attempt(row);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
      if (claimed === 0) return;
    }
  }

  /** The one conditional UPDATE that makes this instance the only one running the row's next attempt. */
  private async claim(id: string, now: number): Promise<Row | undefined> {
    const row = await this.leased()
      .updateTable(this.table)
      .set((eb) => ({
        locked_until: now + this.o.leaseMs,
        locked_by: randomUUID(),
        attempts: eb('attempts', '+', 1),
        ...(this.o.stampFirstAttempt ? { first_attempt_at: sql<number>`coalesce(first_attempt_at, ${now})` } : {}),
      }))
      .where(this.idColumn, '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => leaseFree(eb, now))
      .returningAll()
      .executeTakeFirst();
    return row as Row | undefined;
  }
}
