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
}

const TEN_MINUTES = 10 * 60 * 1000;

/** Default limits: 10 per email, 100 per IP, 1000 per project, each per 10 minutes. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  otpSendPerEmail: { max: 10, windowMs: TEN_MINUTES },
  otpSendPerIp: { max: 100, windowMs: TEN_MINUTES },
  otpSendPerProject: { max: 1000, windowMs: TEN_MINUTES },
};

/** Counts one hit on `key` and throws 429 too_many_requests when the window's count exceeds the limit. */
export async function hit(db: Db, key: string, limit: Limit, now: number): Promise<void> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  // One atomic upsert: concurrent hits from any instance each see a distinct count.
  const row = await db.kysely
    .insertInto('rate_counters')
    .values({ counter_key: key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['counter_key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_counters.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > limit.max) {
    throw new ApiError('too_many_requests', { details: { retry_after_seconds: Math.ceil((windowStart + limit.windowMs - now) / 1000) } });
  }
}

/** Deletes windows older than a day; called opportunistically so the table stays small. */
export async function pruneCounters(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom('rate_counters').where('window_start', '<', now - 24 * 60 * 60 * 1000).execute();
}
