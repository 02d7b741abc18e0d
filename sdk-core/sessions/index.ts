import type { AuthenticateResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type { ExchangeAccessTokenRequest, SessionsAttestRequest } from '../schemas/account.ts';
import type { Session, SessionsAuthenticateRequest } from '../schemas/sessions.ts';
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
    ...sessionCore(ctx),
  };
}

/** The lazily loaded part of `client.session` (../client.ts); the rest is ./core.ts. */
export const sessionsMethod = { name: 'session', create: createSessions } satisfies SdkMethod<'session', Sessions>;

/** The group under the name the client's loader looks for (`${name}Method`, ../method.ts). */
export { sessionsMethod as sessionMethod };
