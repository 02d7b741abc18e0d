/**
 * Re-verification (issue 29): a sensitive session call (removing a factor, changing the password by
 * session, ...) needs a factor of the calling session authenticated within the project's window, else
 * 403 `reverification_required`. Routes ask for it declaratively (`requireSession(c, svc, { sensitive:
 * true })`, server/auth-helpers.ts); a session re-verifies by authenticating one of its factors again
 * with its session token, which moves that factor's `last_authenticated_at` (server/session-factors.ts
 * addSessionFactor). See docs/reference/reverification.md.
 */
import type { AuthenticationFactor } from '../../sdk-core/schemas/index.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import type { SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { mfaSettings } from '../mfa/config.ts';
import type { Ctx, Services } from '../services.ts';
import { addSessionFactor, isImpersonated } from '../session-factors.ts';
import { findLiveSession } from '../sessions.ts';

/**
 * The project's re-verification window in ms, or 0 when sensitive calls need no fresh factor (the `mfa`
 * policy is `off`, its default, or `reverification_minutes` is 0; docs/reference/mfa.md#policy).
 */
export function reverificationWindowMs(svc: Pick<Services, 'project'>): number {
  const mfa = mfaSettings(svc.project);
  return mfa.policy === 'off' ? 0 : mfa.reverification_minutes * 60_000;
}

/** The latest `last_authenticated_at` among the session's factors (ms since the epoch), or null when none parses. */
export function lastAuthenticatedAt(session: Pick<SessionsTable, 'factors'>): number | null {
  let latest: number | null = null;
  for (const f of JSON.parse(session.factors) as AuthenticationFactor[]) {
    const at = Date.parse(f.last_authenticated_at);
    if (Number.isFinite(at) && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/**
 * Refuses a sensitive call of a session none of whose factors was authenticated within the project's
 * window (server clock `svc.now()`); does nothing when the project asks for no re-verification.
 * @throws ApiError reverification_required (403)
 */
export function requireFreshFactor(svc: Pick<Services, 'project' | 'now'>, session: Pick<SessionsTable, 'factors'>): void {
  const windowMs = reverificationWindowMs(svc);
  if (windowMs === 0) return;
  const at = lastAuthenticatedAt(session);
  // A factor stamped in the future (another instance's clock a little ahead) counts as fresh.
  if (at !== null && svc.now() - at <= windowMs) return;
  throw new ApiError('reverification_required', {
    details: { reverification_minutes: windowMs / 60_000 },
  });
}

/** A session a first factor joined: the updated row and the calling token (the answer's `session_token`). */
export interface JoinedSession {
  row: SessionsTable;
  token: string;
}

/**
 * A first factor proven while signed in (docs/reference/reverification.md#re-verifying): when the policy is
 * not `off` and the request's Basic secret is a live session of the same user, not impersonated, the
 * factor joins that session (a step-up: its `last_authenticated_at` becomes now, so the session is fresh
 * again) instead of starting another. Null otherwise: the caller goes on as for any sign-in (policy `off`
 * keeps today's answer byte for byte; another user's session, an intermediate token or an impersonated
 * session joins nothing and skips no step).
 */
export async function joinCallingSession(
  c: Ctx,
  svc: Services,
  o: { userId: string; factor: AuthenticationFactor; durationMinutes: number },
): Promise<JoinedSession | null> {
  if (mfaSettings(svc.project).policy === 'off') return null;
  const creds = requireProjectAuth(c, svc);
  if (creds.secret === '' || creds.secret === creds.publicToken) return null;
  const session = await findLiveSession(svc, creds.secret);
  if (!session || session.user_id !== o.userId || isImpersonated(session)) return null;
  // One factor per type and channel, as the backend's joins (server/backend-sign-in.ts): an SMS passcode
  // joins an email one instead of replacing it.
  const row = await addSessionFactor(svc, session, o.factor, { durationMinutes: o.durationMinutes, identity: (f) => `${f.type}:${f.delivery_method}` });
  return row ? { row, token: creds.secret } : null;
}
