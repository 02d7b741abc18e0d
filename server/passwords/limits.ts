/** The passwords method's rate limits (server/rate-limit.ts counts them). Data only: core reads it through server/method-data.ts. */
import type { LimitDefault } from '../rate-limit.ts';

/** The passwords method's limits by name, with the env variable overriding each one's `max` (main.ts). */
export const PASSWORDS_LIMITS = {
  /** users/search lookups per client IP, 30 a minute (always on: the lookup tells whether an address has an account). */
  userSearchPerIp: { max: 30, windowMs: 60 * 1000, env: 'RATE_LIMIT_USER_SEARCH_IP' },
} as const satisfies Readonly<Record<string, LimitDefault>>;
