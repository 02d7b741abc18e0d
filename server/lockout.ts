/**
 * Lockout counting for every guessable secret (emailed or texted codes, authenticator codes, recovery codes): failures are
 * counted per user and client (the `client_locks` table, so a stranger cannot lock anyone else out) and
 * per user from all clients (a rate counter, the guard). See docs/reference/security.md (lockouts).
 */
import { recordAudit } from './audit/record.ts';
import { ApiError } from './errors.ts';
import type { Services } from './services.ts';
import { count, currentHits, type Limit, secondsLeftInWindow } from './rate-limit.ts';

/** One guessable secret's lockout rule. */
export interface Lockout {
  /** The `client_locks.scope` and the guard counter's prefix: one per guessable secret. */
  scope: string;
  /** Consecutive failures from one client that lock that client out of the user. */
  clientThreshold: number;
  /** How long a client's lock lasts (ms). */
  clientLockMs: number;
  /** Failures per user from all clients in a window, after which the user is guarded. */
  userGuard: Limit;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The 429 of a lock or guard, saying until when. */
const locked = (until: number) => new ApiError('user_lock_limit_reached', { details: { locked_until: iso(until) } });

const guardKey = (svc: Services, rule: Lockout, userId: string) => `${rule.scope}_fail:user:${svc.project.project_id}:${userId}`;

/** The client's failure row for the user under `rule` (its count and lock), if it has failed before. */
export function clientFailures(svc: Services, rule: Lockout, userId: string, client: string): Promise<{ locked_until: number | null } | undefined> {
  return svc.db.kysely
    .selectFrom('client_locks')
    .select('locked_until')
    .where('scope', '=', rule.scope)
    .where('user_id', '=', userId)
    .where('client_hash', '=', client)
    .executeTakeFirst();
}

/** Refuses (429 user_lock_limit_reached) when the failure row {@link clientFailures} read holds a lock still running. */
export function refuseIfLocked(svc: Services, row: { locked_until: number | null } | undefined): void {
  if (row?.locked_until != null && Number(row.locked_until) > svc.now()) throw locked(Number(row.locked_until));
}

/** Refuses a client locked out of the user (429 user_lock_limit_reached) before any comparison. */
export async function assertClientNotLocked(svc: Services, rule: Lockout, userId: string, client: string): Promise<void> {
  refuseIfLocked(svc, await clientFailures(svc, rule, userId, client));
}

/** Refuses a guarded user (its failures from all clients reached the guard this window) until the window ends. */
export async function assertUserNotGuarded(svc: Services, rule: Lockout, userId: string): Promise<void> {
  const now = svc.now();
  if ((await currentHits(svc.db, guardKey(svc, rule, userId), rule.userGuard, now)) >= rule.userGuard.max) {
    throw locked(now + secondsLeftInWindow(rule.userGuard, now) * 1000);
  }
}

/** Both refusals: a locked client, then a guarded user. Refused guesses are not compared, so they neither count nor burn. */
export async function assertMayGuess(svc: Services, rule: Lockout, userId: string, client: string): Promise<void> {
  await assertClientNotLocked(svc, rule, userId, client);
  await assertUserNotGuarded(svc, rule, userId);
}

/**
 * Counts one failed guess, for the user's guard and for the client; locks the client at the threshold.
 * @throws ApiError user_lock_limit_reached when this guess locked the client
 */
export async function countFailure(svc: Services, rule: Lockout, userId: string, client: string): Promise<void> {
  const k = svc.db.kysely;
  const now = svc.now();
  await count(svc.db, guardKey(svc, rule, userId), rule.userGuard, now);
  const counted = await k
    .insertInto('client_locks')
    .values({ project_id: svc.project.project_id, scope: rule.scope, user_id: userId, client_hash: client, failures: 1, locked_until: null, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['scope', 'user_id', 'client_hash']).doUpdateSet((eb) => ({ failures: eb('client_locks.failures', '+', 1), updated_at: now })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (counted.failures >= rule.clientThreshold) {
    const until = now + rule.clientLockMs;
    await k
      .updateTable('client_locks')
      .set({ locked_until: until, failures: 0, updated_at: now })
      .where('scope', '=', rule.scope)
      .where('user_id', '=', userId)
      .where('client_hash', '=', client)
      .execute();
    // A security event of the audit log: the server locked a client out (of a user, or of the backend API).
    await recordAudit(svc, {
      action: 'lockout',
      actor: { kind: 'system' },
      target: { kind: rule.scope === 'backend_secret' ? 'project' : 'user', id: userId },
      details: { scope: rule.scope, locked_until: iso(until) },
    });
    // The backend-secret lockout keys a client of the project, not a user: no user.locked for it.
    if (rule.scope !== 'backend_secret') await svc.events.emit({ type: 'user.locked', user_id: userId });
    throw locked(until);
  }
}

/** A success clears this client's consecutive failures (other clients' counts stay theirs). */
export async function clearFailures(svc: Services, rule: Lockout, userId: string, client: string): Promise<void> {
  await svc.db.kysely.deleteFrom('client_locks').where('scope', '=', rule.scope).where('user_id', '=', userId).where('client_hash', '=', client).execute();
}
