import type { BasicResult } from '../api-types.ts';
import { NoSessionError, UsageError } from '../errors.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type { ConnectedAppInfo, UsersMeUpdateRequest } from '../schemas/account.ts';
import type { UserSearchResponse } from '../schemas/user-search.ts';
import type { User } from '../schemas/users.ts';
import { isSessionDestroyingError } from '../session-manager.ts';
import { check } from '../validate.ts';
import { type ReverifyOptions, type ReverifyResult, reverify } from '../reverification.ts';
import { USER_FACTORS, type UserFactor } from './factors.ts';
import { userSyncMembers } from './sync.ts';

export { USER_FACTORS, type UserFactor } from './factors.ts';

/** An application the user granted access through the identity provider. */
export type ConnectedApp = ConnectedAppInfo;

/** The signed-in user's own record. */
export interface Users {
  /** Fetches the current user from the server (users/me). */
  get(): Promise<User>;
  /** The cached user, without a network call. */
  getSync(): User | null;
  /** Subscribes to user changes; returns the unsubscribe function. */
  onChange(cb: (user: User | null) => void): () => void;
  /** Replaces the user's untrusted metadata and sets the parts of their name given (docs/reference/methods/users.md#calls). */
  update(o: UsersMeUpdateRequest): Promise<User>;
  /** Removes one factor (email, phone number, TOTP, wallet, OAuth, passkey, biometric) by id. */
  deleteFactor(kind: UserFactor, id: string): Promise<User>;
  /** Makes one of the user's emails or phone numbers the primary one: it comes first in the answer's list. */
  makePrimary(kind: 'email' | 'phone_number', id: string): Promise<User>;
  /** Deletes the signed-in user's account on the server (a sensitive call), then clears the session here. */
  deleteAccount(): Promise<void>;
  /** Applications the user has granted access to. */
  getConnectedApps(): Promise<ConnectedApp[]>;
  /** Withdraws an application's access. */
  revokeConnectedApp(connectedAppId: string): Promise<BasicResult>;
  /** Looks up whether an email belongs to a user, and how they sign in (docs/reference/methods/passwords.md#data userType). */
  search(email: string): Promise<BasicResult & UserSearchResponse>;
}

type UserPayload = User & Partial<BasicResult> & { user?: User };

/** Strips the protocol's meta fields off a user answer (users/me returns the user at the top level). */
function userOf(p: UserPayload): User {
  if (p.user) return p.user;
  const { request_id: _r, status_code: _s, ...user } = p;
  return user as User;
}

/**
 * The user group as the client builds it: {@link Users} plus the call behind `client.reverify`
 * (../reverification.ts), which ships in this group's chunk so the client's core pays only a member
 * name for it (issue 16's 8 KB budget); not part of the public `client.user` type.
 */
export interface UserGroup extends Users {
  /** `client.reverify` (../client.ts). */
  reverify(options?: ReverifyOptions): Promise<ReverifyResult>;
}

/** Builds the user methods (the client's core `client.user`, whose async calls load on first use). */
export function createUsers(ctx: MethodContext): UserGroup {
  const signedIn = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!ctx.sessions.getTokens()) throw new NoSessionError();
    try {
      return await fn();
    } catch (e) {
      if (isSessionDestroyingError(e)) ctx.sessions.destroy();
      throw e;
    }
  };
  const store = (p: UserPayload) => {
    const user = userOf(p);
    ctx.sessions.setUser(user);
    return user;
  };
  return {
    get: () => signedIn(async () => store(await ctx.request<UserPayload>({ method: 'GET', path: '/users/me' }))),
    ...userSyncMembers(ctx.sessions),
    async update(o) {
      const m = 'user.update';
      check(m).optionalObject('options', o).optionalObject('untrusted_metadata', o?.untrusted_metadata).optionalObject('name', o?.name);
      const n = o?.name;
      if (n) check(m).optionalString('first_name', n.first_name).optionalString('middle_name', n.middle_name).optionalString('last_name', n.last_name);
      return signedIn(async () => store(await ctx.request<UserPayload>({ method: 'PUT', path: '/users/me', body: { ...o } })));
    },
    async deleteFactor(kind, id) {
      const m = 'user.deleteFactor';
      check(m).string('kind', kind).string('id', id);
      if (!Object.hasOwn(USER_FACTORS, kind)) {
        throw new UsageError(m, 'kind', `must be one of ${Object.keys(USER_FACTORS).join(', ')}.`);
      }
      return signedIn(async () => store(await ctx.request<UserPayload>({ method: 'DELETE', path: `/users/${USER_FACTORS[kind]}/${encodeURIComponent(id)}` })));
    },
    async makePrimary(kind, id) {
      const m = 'user.makePrimary';
      check(m).string('kind', kind).string('id', id);
      if (kind !== 'email' && kind !== 'phone_number') throw new UsageError(m, 'kind', 'must be email or phone_number.');
      const path = `/users/${USER_FACTORS[kind]}/${encodeURIComponent(id)}/primary`;
      return signedIn(async () => store(await ctx.request<UserPayload>({ method: 'POST', path, body: {} })));
    },
    async deleteAccount() {
      await signedIn(() => ctx.request({ method: 'DELETE', path: '/users/me' }));
      ctx.sessions.destroy();
    },
    getConnectedApps: () =>
      signedIn(async () => (await ctx.request<{ connected_apps: ConnectedApp[] }>({ method: 'GET', path: '/users/connected_apps' })).connected_apps),
    async revokeConnectedApp(id) {
      check('user.revokeConnectedApp').string('connected_app_id', id);
      return signedIn(() => ctx.request({ method: 'POST', path: `/users/connected_apps/${encodeURIComponent(id)}/revoke`, body: {} }));
    },
    async search(email) {
      check('user.search').string('email', email);
      return ctx.request({ method: 'POST', path: '/users/search', body: { email } });
    },
    reverify: (o) => reverify(ctx, o),
  };
}

/** The lazily loaded part of `client.user` (../client.ts); getSync and onChange are eager (./sync.ts). */
export const usersMethod = { name: 'user', create: createUsers } satisfies SdkMethod<'user', UserGroup>;

/** The group under the name the client's loader looks for (`${name}Method`, ../method.ts). */
export { usersMethod as userMethod };
