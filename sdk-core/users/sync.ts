/**
 * The synchronous members of `client.user`: they read the cached user, so they cannot wait for the
 * group's lazily loaded module and live in the client's core (issue 16).
 */
import type { MethodSessions } from '../method.ts';
import type { User } from '../schemas/users.ts';
import type { SessionState } from '../session-manager.ts';

/**
 * Subscribes `cb` to one part of the session state (`session` or `user`), called only when that
 * part's value changes (not on every state change); returns the unsubscribe function.
 */
export function onStateChange<K extends keyof SessionState>(sessions: MethodSessions, key: K, cb: (value: SessionState[K]) => void): () => void {
  let last = JSON.stringify(sessions.getState()[key]);
  return sessions.subscribe((s) => {
    const now = JSON.stringify(s[key]);
    if (now !== last) {
      last = now;
      cb(s[key]);
    }
  });
}

/** `getSync` and `onChange` of the users group, over the client's session state. */
export function userSyncMembers(sessions: MethodSessions): {
  getSync(): User | null;
  onChange(cb: (user: User | null) => void): () => void;
} {
  return {
    getSync: () => sessions.getState().user,
    onChange: (cb) => onStateChange(sessions, 'user', cb),
  };
}
