/**
 * The otps method's rate limits (server/rate-limit.ts counts them; core's per-recipient, per-IP and
 * per-project send limits apply too). Data only: core reads it through server/method-data.ts.
 */
import type { LimitDefault } from '../rate-limit.ts';

/** The otps method's limits by name, with the env variable overriding each one's `max` (main.ts). */
export const OTPS_LIMITS = {
  /**
   * SMS / WhatsApp sends per number prefix (the E.164 number without its last 4 digits), 10 an hour:
   * SMS pumping. A prefix is 10,000 numbers: a real user base rarely has 10 sign-ins an hour in one such
   * block, while a pumping run walks a premium block number by number (docs/reference/methods/otps.md).
   */
  smsSendPerPrefix: { max: 10, windowMs: 60 * 60 * 1000, env: 'RATE_LIMIT_SMS_PREFIX' },
} as const satisfies Readonly<Record<string, LimitDefault>>;
