/**
 * The synchronous members of `client.user`: they read the cached user, so they cannot wait for the
 * group's lazily loaded module and live in the client's core (issue 16).
 */
import type { MethodSessions } from '../method.ts';
import type { User } from '../schemas/users.ts';

/** `getSync` and `onChange` of the users group, over the client's session state. */
export function userSyncMembers(sessions: MethodSessions): {
  getSync(): User | null;
  onChange(cb: (user: User | null) => void): () => void;
} {
  return {
    getSync: () => sessions.getState().user,
    onChange(cb) {
      let last = JSON.stringify(sessions.getState().user);
      return sessions.subscribe((s) => {
        const now = JSON.stringify(s.user);
        if (now !== last) {
          last = now;
          cb(s.user);
        }
      });
    },
  };
}
