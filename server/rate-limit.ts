/** Fixed-window send limits (DESIGN 3), counted in the database so several instances share them. */
import { ApiError } from './errors.ts';
import type { Db } from './db/index.ts';

/** One limit: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** Configurable limits; defaults are generous so normal use and tests never trip them. */
export interface RateLimits {
  otpSendPerEmail: Limit;
  otpSendPerIp: Limit;
  otpSendPerProject: Limit;
  /** users/search lookups per client IP (always on: the lookup tells whether an address has an account). */
  userSearchPerIp: Limit;
}

const TEN_MINUTES = 10 * 60 * 1000;

/** Default limits: sends 10 per email, 100 per IP, 1000 per project, each per 10 minutes; users/search 30 per IP per minute. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  otpSendPerEmail: { max: 10, windowMs: TEN_MINUTES },
  otpSendPerIp: { max: 100, windowMs: TEN_MINUTES },
  otpSendPerProject: { max: 1000, windowMs: TEN_MINUTES },
  userSearchPerIp: { max: 30, windowMs: 60 * 1000 },
};

/** Hits counted so far on `key` in the current window of `limit` (0 when none), without counting one. */
export async function currentHits(db: Db, key: string, limit: Limit, now: number): Promise<number> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const row = await db.kysely.selectFrom('rate_counters').select('hits').where('counter_key', '=', key).where('window_start', '=', windowStart).executeTakeFirst();
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
 * Deletes windows older than a day, and per-client failure counts untouched for a day whose lock (if any)
 * is over; called at start so the tables stay small.
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
