import { NoSessionError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { User } from '../schemas/index.ts';
import { isSessionDestroyingError, type SessionManager } from '../session-manager.ts';

/** The signed-in user's own record. */
export interface Users {
  /** Fetches the current user from the server (users/me). */
  get(): Promise<User>;
  /** The cached user, without a network call. */
  getSync(): User | null;
  /** Subscribes to user changes; returns the unsubscribe function. */
  onChange(cb: (user: User | null) => void): () => void;
}

/** Builds the user methods. */
export function createUsers(http: HttpClient, sessions: SessionManager): Users {
  return {
    async get() {
      if (!sessions.getTokens()) throw new NoSessionError();
      try {
        // users/me answers the user fields beside request_id and status_code
        const { request_id: _r, status_code: _s, ...user } = await http.request<
          User & { request_id?: string; status_code?: number }
        >({ method: 'GET', path: '/users/me' });
        sessions.setUser(user as User);
        return user as User;
      } catch (e) {
        if (isSessionDestroyingError(e)) sessions.destroy();
        throw e;
      }
    },
    getSync: () => sessions.getState().user,
    onChange(cb) {
      let last = sessions.getState().user;
      return sessions.subscribe((s) => {
        if (JSON.stringify(s.user) !== JSON.stringify(last)) {
          last = s.user;
          cb(s.user);
        }
      });
    },
  };
}
