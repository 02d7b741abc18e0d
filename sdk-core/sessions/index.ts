import type { AuthenticateResult } from '../api-types.ts';
import type { MethodContext } from '../method.ts';
import type { ExchangeAccessTokenRequest, SessionsAttestRequest } from '../schemas/account.ts';
import type { Session, SessionsAuthenticateRequest } from '../schemas/sessions.ts';
import { isSessionDestroyingError, type SessionTokens } from '../session-manager.ts';
import { DEFAULT_SESSION_DURATION_MINUTES, RETRY_BASE_MS, RETRY_JITTER_MS, RETRY_MAX_ATTEMPT } from '../schemas/defaults.ts';
import { check } from '../validate.ts';

export { RETRY_BASE_MS, RETRY_JITTER_MS, RETRY_MAX_ATTEMPT, SESSION_REFRESH_MS } from '../schemas/defaults.ts';

/** Options of sessions/authenticate: a `session_duration_minutes` extends the session to now + that many minutes. */
export type SessionAuthenticateOptions = SessionsAuthenticateRequest;

/** A trusted auth token from the host's own identity system (SPEC §5: profile_id and token required), as sessions/attest takes it. */
export type TrustedAuthToken = SessionsAttestRequest;

/** Options of sessions/revoke. */
export interface SessionRevokeOptions {
  /** Clear the local session even when the server call fails. */
  forceClear?: boolean;
  /** After a forced clear with a user present, attest this token to start a fresh session (SPEC §4). */
  trustedAuthToken?: TrustedAuthToken;
}

/** The session API of the client. */
export interface Sessions {
  /** Validates (and optionally extends) the current session; signs out locally when it is gone. */
  authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResult>;
  /** Revokes the current session on the server, then locally. */
  revoke(options?: SessionRevokeOptions): Promise<void>;
  /** Exchanges an access token issued by the identity provider for a session. */
  exchangeAccessToken(o: Required<ExchangeAccessTokenRequest>): Promise<AuthenticateResult>;
  /** Exchanges a trusted auth token (JWT of a configured profile) for a session. */
  attest(o: TrustedAuthToken): Promise<AuthenticateResult>;
  /** The current session, without a network call. */
  getSync(): Session | null;
  /** The current session tokens from cookies. */
  getTokens(): SessionTokens | null;
  /** Subscribes to session changes (also from other tabs); returns the unsubscribe function. */
  onChange(cb: (session: Session | null) => void): () => void;
}

/** Delay before retry `attempt` (0-based): 2000 ms × 2^attempt, capped, with jitter (SPEC §9). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const capped = Math.min(attempt, RETRY_MAX_ATTEMPT);
  return RETRY_BASE_MS * 2 ** capped + Math.round((random() * 2 - 1) * RETRY_JITTER_MS);
}

/** Builds the session methods. */
export function createSessions(ctx: MethodContext): Sessions {
  const { sessions } = ctx;
  const signIn = (path: string, body: Record<string, unknown>) => ctx.signIn({ method: 'POST', path, body });

  async function authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResult> {
    const method = 'session.authenticate';
    check(method).optionalObject('options', options).optionalNumber('session_duration_minutes', options?.session_duration_minutes);
    const body = options?.session_duration_minutes !== undefined ? { session_duration_minutes: options.session_duration_minutes } : {};
    // SPEC §4: if the session changes while the call is in flight, the answer is stale; ask again.
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

  const attest = async (o: TrustedAuthToken) => {
    const m = 'session.attest';
    check(m).optionalObject('options', o);
    check(m).string('profile_id', o?.profile_id).string('token', o?.token).optionalNumber('session_duration_minutes', o.session_duration_minutes);
    return signIn('/sessions/attest', {
      profile_id: o.profile_id,
      token: o.token,
      session_duration_minutes: o.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
  };

  return {
    authenticate,
    async revoke(options) {
      const m = 'session.revoke';
      check(m).optionalObject('options', options).optionalBoolean('forceClear', options?.forceClear);
      const t = options?.trustedAuthToken;
      if (t !== undefined) check(m).optionalObject('trustedAuthToken', t).string('profile_id', t?.profile_id).string('token', t?.token);
      const hadUser = sessions.getState().user !== null;
      try {
        await ctx.request({ method: 'POST', path: '/sessions/revoke', body: {} });
        sessions.destroy();
      } catch (e) {
        if (options?.forceClear || isSessionDestroyingError(e)) sessions.destroy();
        if (!options?.forceClear) throw e;
      }
      if (options?.forceClear && hadUser && t) await attest(t);
    },
    async exchangeAccessToken(o) {
      const m = 'session.exchangeAccessToken';
      check(m).optionalObject('options', o).string('access_token', o?.access_token).number('session_duration_minutes', o?.session_duration_minutes);
      return signIn('/sessions/exchange_access_token', { ...o });
    },
    attest,
    getSync: () => sessions.getState().session,
    getTokens: () => sessions.getTokens(),
    onChange(cb) {
      let last = JSON.stringify(sessions.getState().session);
      return sessions.subscribe((s) => {
        const now = JSON.stringify(s.session);
        if (now !== last) {
          last = now;
          cb(s.session);
        }
      });
    },
  };
}
