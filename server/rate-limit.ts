/** Fixed-window send limits (docs/reference/security.md#send-limits), counted in the database so several instances share them. */
import { ApiError } from './errors.ts';
import type { Db } from './db/index.ts';
import { METHOD_DATA } from './method-data.ts';

/** One limit: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * A limit's default and the environment variable (read by main.ts) that overrides its `max`; core's
 * below, each method's in its `limits.ts` (server/method.ts `MethodData.limits`).
 */
export interface LimitDefault extends Limit {
  readonly env?: string;
}

/** Core's limits: the sends of every method together, and telemetry. Methods declare their own (`MethodData.limits`). */
export interface CoreRateLimits {
  /** Messages to one recipient (email address or phone number), every kind of message together. */
  sendPerRecipient: Limit;
  /** Messages (and other sends a method counts so) started from one client IP, per project. */
  sendPerIp: Limit;
  /** Messages sent by one project, every kind together. */
  sendPerProject: Limit;
  /** `POST /events` batches per client IP (429 beyond). */
  eventBatchesPerIp: Limit;
  /** `POST /events` batches naming the project's public token, from anywhere (429 beyond). */
  eventBatchesPerToken: Limit;
  /** Telemetry rows stored per project; events beyond are answered as usual and dropped. */
  eventsStoredPerProject: Limit;
  /**
   * Consecutive failed `/v1` secret checks from one client (`max`) that lock that client out of the
   * backend API for `windowMs` (server/backend/auth.ts).
   */
  backendSecretFailures: Limit;
}

/** The name of a limit a method declares (its `limits.ts`, listed in server/method-data.ts). */
export type MethodLimitName = LimitNamesOf<(typeof METHOD_DATA)[number]>;
/** The limit names one method's data declares. */
type LimitNamesOf<D> = D extends { readonly limits: infer L } ? keyof L & string : never;

/** Configurable limits, core's and every method's by name; defaults are generous so normal use and tests never trip them. */
export type RateLimits = CoreRateLimits & Record<MethodLimitName, Limit>;

const TEN_MINUTES = 10 * 60 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Core's defaults: sends 10 per recipient (all kinds together), 100 per IP, 1000 per project, each per 10
 * minutes; telemetry 60 batches per IP and 1200 per public token a minute, and 10,000 stored events per
 * project a day (server/README.md "Limits"). The env names are the ones operators have always set.
 */
const CORE_LIMITS: Readonly<Record<keyof CoreRateLimits, LimitDefault>> = {
  sendPerRecipient: { max: 10, windowMs: TEN_MINUTES, env: 'RATE_LIMIT_OTP_EMAIL' },
  sendPerIp: { max: 100, windowMs: TEN_MINUTES, env: 'RATE_LIMIT_OTP_IP' },
  sendPerProject: { max: 1000, windowMs: TEN_MINUTES, env: 'RATE_LIMIT_OTP_PROJECT' },
  // The client flushes at most one batch per 800 ms while events keep coming (docs/reference/sdk.md); a page sends a handful.
  eventBatchesPerIp: { max: 60, windowMs: MINUTE, env: 'RATE_LIMIT_EVENTS_IP' },
  eventBatchesPerToken: { max: 1200, windowMs: MINUTE, env: 'RATE_LIMIT_EVENTS_TOKEN' },
  // With the 7-day retention this bounds the table at 70,000 rows (each at most ~4.5 KB).
  eventsStoredPerProject: { max: 10_000, windowMs: 24 * HOUR, env: 'RATE_LIMIT_EVENTS_STORED' },
  // A backend with the right secret never fails; 10 wrong ones in a row is someone guessing.
  backendSecretFailures: { max: 10, windowMs: 15 * MINUTE, env: 'RATE_LIMIT_BACKEND_SECRET_FAILURES' },
};

/**
 * Every limit's default with its env variable: core's, then each method's (a name declared twice is a
 * programming error, refused when the module loads).
 */
export const LIMIT_DEFAULTS: Readonly<Record<keyof RateLimits, LimitDefault>> = (() => {
  const out: Record<string, LimitDefault> = { ...CORE_LIMITS };
  for (const m of METHOD_DATA) {
    if (!('limits' in m)) continue;
    for (const [name, limit] of Object.entries(m.limits)) {
      if (name in out) throw new Error(`rate limit ${name} of sign-in method ${m.name} is declared twice`);
      out[name] = limit;
    }
  }
  return out as Record<keyof RateLimits, LimitDefault>;
})();

/** Default limits (see {@link LIMIT_DEFAULTS} for each one's env variable). */
export const DEFAULT_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(LIMIT_DEFAULTS).map(([name, { max, windowMs }]) => [name, { max, windowMs }]),
) as unknown as RateLimits;

/**
 * The counter of one recipient (an email address or an E.164 number), shared by every kind of message
 * sent to it (OTP codes, magic links, password resets, ...) under `sendPerRecipient`: one mailbox or phone
 * gets at most that many messages a window in all, not that many of each kind.
 */
export function recipientKey(projectId: string, address: string): string {
  return `send:to:${projectId}:${address}`;
}

/** Hits counted so far on `key` in the current window of `limit` (0 when none), without counting one. */
export async function currentHits(db: Db, key: string, limit: Limit, now: number): Promise<number> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const row = await db.kysely
    .selectFrom('rate_counters')
    .select('hits')
    .where('counter_key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

/** Counts one hit on `key` in the current window of `limit` and returns the window's count (never throws). */
export async function count(db: Db, key: string, limit: Limit, now: number): Promise<number> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  // One atomic upsert: concurrent hits from any instance each see a distinct count.
  const row = await db.kysely
    .insertInto('rate_counters')
    .values({ counter_key: key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['counter_key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_counters.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Seconds until the current window of `limit` ends (a 429's retry_after_seconds). */
export function secondsLeftInWindow(limit: Limit, now: number): number {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  return Math.ceil((windowStart + limit.windowMs - now) / 1000);
}

/** Counts one hit on `key` and throws 429 too_many_requests when the window's count exceeds the limit. */
export async function hit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  if ((await count(db, key, limit, now)) > limit.max) {
    throw new ApiError('too_many_requests', { details: { retry_after_seconds: secondsLeftInWindow(limit, now) } });
  }
}

/**
 * Counts `n` units on `key` in one atomic upsert and returns how many of them fit under the limit
 * (0..n): the caller keeps that many and drops the rest, so a window never holds more than `max`.
 */
export async function take(db: Db, key: string, limit: Limit, n: number, now: number): Promise<number> {
  if (n <= 0) return 0;
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const row = await db.kysely
    .insertInto('rate_counters')
    .values({ counter_key: key, window_start: windowStart, hits: n })
    .onConflict((oc) => oc.columns(['counter_key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_counters.hits', '+', n) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  const before = Number(row.hits) - n;
  return Math.max(0, Math.min(n, limit.max - before));
}

/**
 * Deletes windows older than a day, and per-client failure counts untouched for a day whose lock (if any)
 * is over; run at start and by the pruning timer (prune.ts) so the tables stay small.
 */
export async function pruneCounters(db: Db, now: number): Promise<void> {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  await db.kysely.deleteFrom('rate_counters').where('window_start', '<', dayAgo).execute();
  await db.kysely
    .deleteFrom('client_locks')
    .where('updated_at', '<', dayAgo)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}
