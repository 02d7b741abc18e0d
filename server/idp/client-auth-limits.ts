/**
 * Throttling of failed client authentication at the token endpoint (docs/reference/methods/idp.md): a
 * client secret must not be guessable at network speed. Failures are counted per client IP and, for a
 * confidential client, per client id from every IP; beyond either limit the token endpoint answers 429
 * with Retry-After before any secret is compared (so a refused guess tells nothing).
 *
 * The check, the comparison and the count of one client's attempts run one at a time in a process, so a
 * burst of parallel guesses gets exactly the limit compared (not one per request that read the count
 * before the others wrote it), while parallel requests with the right secret all pass.
 *
 * Per client id, a stranger must not be able to lock the client's own backend out: past the limit the
 * client is *guarded*, and an IP that authenticated this client successfully in the last 12 to 24 hours
 * still passes; any other IP waits for the window to end (the trade-off of the passwords lockout).
 */
import { clientIpHash } from '../client-keys.ts';
import { clientIp } from '../request.ts';
import type { Ctx, Services } from '../services.ts';
import { count, currentHits, type Limit, secondsLeftInWindow } from '../rate-limit.ts';
import type { IdpClient } from './clients.ts';

const TEN_MINUTES = 10 * 60_000;
/** Failed client authentications per client IP per 10 minutes, whatever the client. */
export const CLIENT_AUTH_FAILURES_PER_IP: Limit = { max: 30, windowMs: TEN_MINUTES };
/** Failed client authentications of one confidential client per 10 minutes, from every IP together. */
export const CLIENT_AUTH_FAILURES_PER_CLIENT: Limit = { max: 100, windowMs: TEN_MINUTES };
// Two windows are read (this one and the one before), and rate counters live a day (rate-limit.ts pruneCounters).
const KNOWN_IP_WINDOW: Limit = { max: Number.MAX_SAFE_INTEGER, windowMs: 12 * 60 * 60_000 };

/** The outcome of one client authentication: refused unchecked (wait), or checked (`problem` null: authenticated). */
export type ClientAuthOutcome = { readonly retryAfterSeconds: number } | { readonly retryAfterSeconds: null; readonly problem: string | null };

const ipKey = (c: Ctx, svc: Services) => `idp_client_auth_fail:ip:${svc.project.project_id}:${clientIp(c, svc)}`;
const clientKey = (svc: Services, clientId: string) => `idp_client_auth_fail:client:${svc.project.project_id}:${clientId}`;
const knownIpKey = (c: Ctx, svc: Services, clientId: string) => `idp_client_auth_ok:${svc.project.project_id}:${clientId}:${clientIpHash(c, svc)}`;

// The last attempt queued per client (or per IP, for ids that name no confidential client), in this process.
const tails = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/**
 * Checks the limits, then `check` (why the credentials fail, or null), then counts a failure (per IP, and
 * per client id for a confidential client) or remembers this IP for the client. `client` null: the id
 * names no client. A refusal runs no `check`: the guess is neither compared nor counted.
 */
export async function limitClientAuth(c: Ctx, svc: Services, client: IdpClient | null, check: () => string | null): Promise<ClientAuthOutcome> {
  // Only a confidential client has a secret to guess; counting public ids would let anyone guard them.
  const confidential = client?.client_secret_hash != null ? client : null;
  const perIp = ipKey(c, svc);
  const perClient = confidential ? clientKey(svc, confidential.client_id) : null;
  return oneAtATime(perClient ?? perIp, async () => {
    const now = svc.now();
    if ((await currentHits(svc.db, perIp, CLIENT_AUTH_FAILURES_PER_IP, now)) >= CLIENT_AUTH_FAILURES_PER_IP.max) {
      return { retryAfterSeconds: secondsLeftInWindow(CLIENT_AUTH_FAILURES_PER_IP, now) };
    }
    if (
      confidential &&
      perClient &&
      (await currentHits(svc.db, perClient, CLIENT_AUTH_FAILURES_PER_CLIENT, now)) >= CLIENT_AUTH_FAILURES_PER_CLIENT.max &&
      !(await knownIp(c, svc, confidential.client_id, now))
    ) {
      return { retryAfterSeconds: secondsLeftInWindow(CLIENT_AUTH_FAILURES_PER_CLIENT, now) };
    }
    const problem = check();
    if (problem !== null) {
      await count(svc.db, perIp, CLIENT_AUTH_FAILURES_PER_IP, now);
      if (perClient) await count(svc.db, perClient, CLIENT_AUTH_FAILURES_PER_CLIENT, now);
    } else if (confidential) {
      await count(svc.db, knownIpKey(c, svc, confidential.client_id), KNOWN_IP_WINDOW, now);
    }
    return { retryAfterSeconds: null, problem };
  });
}

/** True when this IP authenticated the client in this 12-hour window or the one before. */
async function knownIp(c: Ctx, svc: Services, clientId: string, now: number): Promise<boolean> {
  const key = knownIpKey(c, svc, clientId);
  return (await currentHits(svc.db, key, KNOWN_IP_WINDOW, now)) > 0 || (await currentHits(svc.db, key, KNOWN_IP_WINDOW, now - KNOWN_IP_WINDOW.windowMs)) > 0;
}
