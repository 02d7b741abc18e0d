/**
 * The rules of an existing session that methods must not copy: how a factor joins a live session (step-up),
 * and what an impersonated session may not do. See docs/reference/methods/sessions.md and
 * docs/reference/methods/impersonation.md.
 */
import { SESSION_DURATION_MAX, SESSION_DURATION_MIN } from '../sdk-core/schemas/sessions.ts';
import type { AuthenticationFactor } from '../sdk-core/schemas/index.ts';
import type { SessionsTable } from './db/schema.ts';
import { ApiError } from './errors.ts';
import type { Services } from './services.ts';

/** The factor type an impersonated session carries from its start. */
const IMPERSONATED = 'impersonated';

/** True when the session was opened by an impersonation token: it may read and act, never extend itself or mint lasting access. */
export function isImpersonated(session: Pick<SessionsTable, 'factors'>): boolean {
  return (JSON.parse(session.factors) as AuthenticationFactor[]).some((f) => f.type === IMPERSONATED);
}

/**
 * The one guard of every route that adds or changes a credential, grants an app, or starts a new
 * session: an impersonated session gets 403 `unauthorized_action` (an impersonator must leave no lasting
 * access behind: a passkey, wallet, address or password of theirs, an app grant or a fresh session).
 */
export function refuseImpersonated(session: Pick<SessionsTable, 'factors'>): void {
  if (isImpersonated(session)) {
    throw new ApiError('unauthorized_action', { message: 'An impersonated session cannot add or change credentials, grant apps or start sessions.' });
  }
}

/** Options of {@link addSessionFactor}. */
export interface AddSessionFactorOptions {
  /** New lifetime from now, in minutes (the body's `session_duration_minutes`); absent: the expiry stays. */
  durationMinutes?: number | undefined;
  /**
   * What makes two factors the same one, so the newer replaces the older (its last_authenticated_at
   * moves) instead of the list growing; default the factor's type.
   */
  identity?: (f: AuthenticationFactor) => string;
}

/**
 * Adds `factor` to a live session (a step-up on the session that called), the only way any method does:
 * the factor replaces one of the same identity, `last_accessed_at` moves, and the expiry becomes now +
 * `durationMinutes` within the session lifetime bounds, except on an impersonated session, whose expiry
 * never moves. The updated row, or null when the session ended meanwhile (revoked or expired).
 */
export async function addSessionFactor(
  svc: Services,
  session: SessionsTable,
  factor: AuthenticationFactor,
  opts: AddSessionFactorOptions = {},
): Promise<SessionsTable | null> {
  const now = svc.now();
  const identity = opts.identity ?? ((f: AuthenticationFactor) => f.type);
  const factors = (JSON.parse(session.factors) as AuthenticationFactor[]).filter((f) => f.type === IMPERSONATED || identity(f) !== identity(factor));
  factors.push(factor);
  const minutes = opts.durationMinutes === undefined ? undefined : Math.min(Math.max(opts.durationMinutes, SESSION_DURATION_MIN), SESSION_DURATION_MAX);
  const expiresAt = minutes === undefined || isImpersonated(session) ? null : now + minutes * 60_000;
  const row = await svc.db.kysely
    .updateTable('sessions')
    .set((eb) => ({
      factors: JSON.stringify(factors),
      last_accessed_at: now,
      expires_at: expiresAt ?? eb.ref('expires_at'),
    }))
    .where('session_id', '=', session.session_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
