import type { AuthenticateResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type { ExchangeAccessTokenRequest, SessionsAttestRequest } from '../schemas/account.ts';
import type { DeviceSession, Session, SessionsAuthenticateRequest, SessionsListResponse } from '../schemas/sessions.ts';
import { ApiError, NoSessionError } from '../errors.ts';
import { isSessionDestroyingError, type SessionTokens } from '../session-manager.ts';
import { sessionCore } from './core.ts';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../schemas/defaults.ts';
import { check } from '../validate.ts';

export { RETRY_BASE_MS, RETRY_JITTER_MS, RETRY_MAX_ATTEMPT, SESSION_REFRESH_MS } from '../schemas/defaults.ts';
// authenticate, the reads and the refresh's backoff are the client's core (./core.ts, issue 16);
// revoke, attest and exchangeAccessToken load with this module on first use.
export { backoffDelay, sessionCore } from './core.ts';

/** Options of sessions/authenticate: a `session_duration_minutes` extends the session to now + that many minutes. */
export type SessionAuthenticateOptions = SessionsAuthenticateRequest;

/** A trusted auth token from the host's own identity system (docs/reference/methods/sessions.md#validation: profile_id and token required), as sessions/attest takes it. */
export type TrustedAuthToken = SessionsAttestRequest;

export type { DeviceSession, SessionDevice } from '../schemas/sessions.ts';

/** Options of sessions/revoke. */
export interface SessionRevokeOptions {
  /** Clear the local session even when the server call fails. */
  forceClear?: boolean;
  /** After a forced clear with a user present, attest this token to start a fresh session (docs/reference/elements/auth-idp-consent.md#transitions). */
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
  /** The signed-in user's live sessions with their devices, most recently used first (`current` marks this one). */
  list(): Promise<DeviceSession[]>;
  /** Signs out one of the user's sessions by id (this one too: then it is cleared locally). */
  revokeSession(sessionId: string): Promise<void>;
  /** Signs out every session of the user but this one (a sensitive call: may need re-verification). */
  revokeOthers(): Promise<void>;
  /** The current session, without a network call. */
  getSync(): Session | null;
  /** The current session tokens from cookies. */
  getTokens(): SessionTokens | null;
  /** Subscribes to session changes (also from other tabs); returns the unsubscribe function. */
  onChange(cb: (session: Session | null) => void): () => void;
}

/** Builds the session methods. */
export function createSessions(ctx: MethodContext): Sessions {
  const { sessions } = ctx;
  const signIn = (path: string, body: Record<string, unknown>) => ctx.signIn({ method: 'POST', path, body });
  // The calls about the user's own sessions: none without a session, and a session the server says is gone is cleared.
  const signedIn = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!sessions.getTokens()) throw new NoSessionError();
    try {
      return await fn();
    } catch (e) {
      if (isSessionDestroyingError(e)) sessions.destroy();
      throw e;
    }
  };

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
    list: () => signedIn(async () => (await ctx.request<SessionsListResponse>({ method: 'GET', path: '/sessions' })).sessions),
    async revokeSession(sessionId) {
      check('session.revokeSession').string('session_id', sessionId);
      const current = sessions.getState().session?.session_id === sessionId;
      if (!sessions.getTokens()) throw new NoSessionError();
      try {
        await ctx.request({ method: 'POST', path: '/sessions/revoke', body: { session_id: sessionId } });
      } catch (e) {
        // session_not_found names the session asked about (another's, or one already gone), not
        // necessarily this one: only this session's own id, or another destroying error, clears it.
        const aboutOther = !current && e instanceof ApiError && e.error_type === 'session_not_found';
        if (isSessionDestroyingError(e) && !aboutOther) sessions.destroy();
        throw e;
      }
      if (current) sessions.destroy();
    },
    async revokeOthers() {
      await signedIn(() => ctx.request({ method: 'POST', path: '/sessions/revoke_others', body: {} }));
    },
    ...sessionCore(ctx),
  };
}

/** The lazily loaded part of `client.session` (../client.ts); the rest is ./core.ts. */
export const sessionsMethod = { name: 'session', create: createSessions } satisfies SdkMethod<'session', Sessions>;

/** The group under the name the client's loader looks for (`${name}Method`, ../method.ts). */
export { sessionsMethod as sessionMethod };
