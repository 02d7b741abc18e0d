import { isApiError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { AuthenticateResponse, Session } from '../schemas/index.ts';
import { isSessionDestroyingError, type SessionManager, type SessionTokens } from '../session-manager.ts';
import { check } from '../validate.ts';

/** SPEC §9: the session is refreshed this often while it exists (ms). */
export const SESSION_REFRESH_MS = 180_000;
/** SPEC §9: retry backoff base (ms), doubled per attempt. */
export const RETRY_BASE_MS = 2_000;
/** SPEC §9: the backoff exponent stops growing here. */
export const RETRY_MAX_ATTEMPT = 7;
/** SPEC §9: about ± this much jitter on each retry (ms). */
export const RETRY_JITTER_MS = 175;

/** Options of sessions/authenticate. */
export interface SessionAuthenticateOptions {
  /** When given, extends the session to now + this many minutes. */
  session_duration_minutes?: number;
}

/** Options of sessions/revoke. */
export interface SessionRevokeOptions {
  /** Clear the local session even when the server call fails. */
  forceClear?: boolean;
}

/** The session API of the client. */
export interface Sessions {
  /** Validates (and optionally extends) the current session; signs out locally when it is gone. */
  authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResponse>;
  /** Revokes the current session on the server, then locally. */
  revoke(options?: SessionRevokeOptions): Promise<void>;
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
export function createSessions(http: HttpClient, sessions: SessionManager): Sessions {
  async function authenticate(options?: SessionAuthenticateOptions): Promise<AuthenticateResponse> {
    const method = 'session.authenticate';
    check(method).optionalObject('options', options);
    check(method).optionalNumber('session_duration_minutes', options?.session_duration_minutes);
    const body = options?.session_duration_minutes !== undefined
      ? { session_duration_minutes: options.session_duration_minutes }
      : {};
    // SPEC §4: if the session changes while the call is in flight, the answer is stale; ask again.
    for (let tries = 0; ; tries++) {
      const before = sessions.getTokens()?.session_token ?? null;
      try {
        const resp = await http.request<AuthenticateResponse>({ method: 'POST', path: '/sessions/authenticate', body });
        const after = sessions.getTokens()?.session_token ?? null;
        if (before !== after && tries < 2) continue;
        sessions.update(resp);
        return resp;
      } catch (e) {
        const after = sessions.getTokens()?.session_token ?? null;
        if (before !== after && tries < 2) continue;
        if (isSessionDestroyingError(e)) sessions.destroy();
        throw e;
      }
    }
  }

  return {
    authenticate,
    async revoke(options) {
      check('session.revoke').optionalObject('options', options);
      try {
        await http.request({ method: 'POST', path: '/sessions/revoke', body: {} });
        sessions.destroy();
      } catch (e) {
        if (options?.forceClear || isSessionDestroyingError(e)) sessions.destroy();
        throw e;
      }
    },
    getSync: () => sessions.getState().session,
    getTokens: () => sessions.getTokens(),
    onChange(cb) {
      let last = sessions.getState().session;
      return sessions.subscribe((s) => {
        if (JSON.stringify(s.session) !== JSON.stringify(last)) {
          last = s.session;
          cb(s.session);
        }
      });
    },
  };
}

/** True for failures worth retrying: the network or a 5xx. */
export const isTransientError = (e: unknown): boolean =>
  !isApiError(e) || e.status_code >= 500 || e.status_code === 429;
