/**
 * The core of `client.session` (issue 16): authenticate (which the background refresh calls), the
 * synchronous reads, and the refresh's backoff. revoke, attest and exchangeAccessToken load on
 * first use (./index.ts).
 */
import type { AuthenticateResult } from '../api-types.ts';
import { UsageError } from '../errors.ts';
import type { MethodContext } from '../method.ts';
import { RETRY_BASE_MS, RETRY_JITTER_MS, RETRY_MAX_ATTEMPT } from '../schemas/defaults.ts';
import { isRecord } from '../schemas/stored.ts';
import { isSessionDestroyingError } from '../session-manager.ts';
import { onStateChange } from '../users/sync.ts';
import type { Sessions, SessionAuthenticateOptions } from './index.ts';

/** Delay before retry `attempt` (0-based): 2000 ms × 2^attempt, capped, with jitter (docs/reference/constants.md#client-sdk). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(attempt, RETRY_MAX_ATTEMPT);
  return RETRY_BASE_MS * 2 ** capped + Math.round((random() * 2 - 1) * RETRY_JITTER_MS);
}

/** `authenticate`, `getSync`, `getTokens` and `onChange` of the session group. */
export function sessionCore(ctx: MethodContext): Pick<Sessions, 'authenticate' | 'getSync' | 'getTokens' | 'onChange'> {
  const { sessions } = ctx;

  async function authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResult> {
    const method = 'session.authenticate';
    // The two checks of Validator (../validate.ts), written out: the refresh path carries no validator code.
    if (options !== undefined && !isRecord(options)) {
      throw new UsageError(method, 'options', 'must be an object.');
    }
    const minutes: unknown = options?.session_duration_minutes;
    if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isFinite(minutes))) {
      throw new UsageError(method, 'session_duration_minutes', 'must be a number.');
    }
    const body = minutes === undefined ? {} : { session_duration_minutes: minutes };
    // docs/reference/sdk.md#sessions: if the session changes while the call is in flight, the answer is stale; ask again.
    // The token tells sessions apart; on a custom API domain it is an HttpOnly cookie script cannot
    // read, and the session id in state is what changes.
    const current = () => sessions.getTokens()?.session_token ?? sessions.getState().session?.session_id ?? null;
    for (let tries = 0; ; tries++) {
      const before = current();
      try {
        const resp = await ctx.request<AuthenticateResult>({ method: 'POST', path: '/sessions/authenticate', body });
        if (before !== current() && tries < 2) continue;
        sessions.update(resp);
        return resp;
      } catch (e) {
        if (before !== current() && tries < 2) continue;
        if (isSessionDestroyingError(e)) sessions.destroy();
        throw e;
      }
    }
  }

  return {
    authenticate,
    getSync: () => sessions.getState().session,
    getTokens: () => sessions.getTokens(),
    onChange: (cb) => onStateChange(sessions, 'session', cb),
  };
}
