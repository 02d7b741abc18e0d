/**
 * The shape of a sign-in method in sdk-core (issue 12): one folder per method exports one
 * {@link SdkMethod}, listed once in ./methods.ts, from which the client builds `client.<name>`.
 * Methods get everything from the {@link MethodContext} and import no other method.
 */
import type { AuthenticateResult, SendVariant } from './api-types.ts';
import { ApiUnreachableError } from './errors.ts';
import type { ApiRequest } from './http.ts';
import type { SecondStep } from './second-step.ts';
import type { BootstrapData } from './schemas/bootstrap.ts';
import type { SessionManager } from './session-manager.ts';
import type { KeyValueStore } from './storage.ts';

/**
 * What a method may do with the session: read it, apply an authenticate answer, replace the cached
 * user, sign out locally. Not `dispose`: only the client ends the manager's life.
 */
export type MethodSessions = Pick<SessionManager, 'getState' | 'getTokens' | 'getIntermediateToken' | 'subscribe' | 'update' | 'setUser' | 'destroy'>;

/** What every method (and the core session and user groups) gets from the client. */
export interface MethodContext {
  /** The project's public token (OAuth start URLs carry it). */
  readonly publicToken: string;
  /** The API base without /sdk/v1, e.g. `http://localhost:8787` (OAuth's /v1/public lives there). */
  readonly baseUrl: string;
  /** A plain call. */
  request<T>(req: ApiRequest): Promise<T>;
  /** A call that may be retried once with fresh captcha and fingerprint tokens (docs/reference/sdk.md#captcha-retry). */
  protectedRequest<T>(req: ApiRequest & { body: Record<string, unknown> }): Promise<T>;
  /** An authenticate-type call: on success the answer becomes the session (docs/reference/sdk.md#sessions); `guarded` adds the captcha retry. */
  signIn<T extends AuthenticateResult = AuthenticateResult>(req: ApiRequest & { body: Record<string, unknown> }, guarded?: boolean): Promise<T>;
  /** The session and cached user (read side, plus what an authenticate answer changes). */
  readonly sessions: MethodSessions;
  /** The client's local storage; methods keep their PKCE verifiers there (`new PKCEStore(ctx.storage, ctx.publicToken)`, docs/reference/constants.md#client-sdk). */
  readonly storage: KeyValueStore;
  /** Project settings; never rejects (the client's fallback on failure). */
  bootstrap(): Promise<BootstrapData>;
  /** Secondary when a session exists, else primary (docs/reference/sdk.md#send-variants). */
  sendVariant(): SendVariant;
  /** A pending second step and this device's token (docs/reference/sdk.md#two-step-sign-in). */
  secondStep(): Promise<SecondStep>;
}

/**
 * One sign-in method of the client: `name` is the property it gets on the client (`client.totps`),
 * `create` builds its group of calls from the context. Modules that define one have no side
 * effects and import no other method, so the registry can later load a group on first use.
 * @example export const totpsMethod = { name: 'totps', create: createTOTPs } satisfies SdkMethod<'totps', TOTPs>;
 */
export interface SdkMethod<Name extends string, Group> {
  /** The client property, exactly as hosts call it (`otps`, `magicLinks`, `cryptoWallets`, ...). */
  readonly name: Name;
  /** Builds the method's calls; called once per client. */
  create(ctx: MethodContext): Group;
}

/**
 * The members map of a lazy group: `true` for each call, a nested map for each sub-group (e.g.
 * `oauth.google.start`), so the group can answer before its module is there.
 */
export type LazyMembers<Group> = {
  readonly [K in keyof Group]-?: Group[K] extends (...args: never[]) => unknown ? true : LazyMembers<Group[K]>;
};

/** A method's module as {@link LazySdkMethod.load} resolves it: its {@link SdkMethod} under `${name}Method`. */
export type MethodModule<Name extends string, Group> = { readonly [K in `${Name}Method`]: SdkMethod<Name, Group> };

/**
 * A method whose module loads on the first call of one of its members, so a page that never uses
 * it ships none of it (issue 16). `members` names every member of the group (async calls, or
 * sub-groups of them; a synchronous member must be in `eager`), so `client.<name>` can answer
 * (keys, typeof) before the module is there.
 * @example { name: 'totps', members: { create: true, authenticate: true, recoveryCodes: true, recover: true }, load: () => import('./totps/index.ts') }
 */
export interface LazySdkMethod<Name extends string, Group> {
  /** The client property, as in {@link SdkMethod}. */
  readonly name: Name;
  /** Every member of the group (a missing or extra one fails the type check); sub-groups nest. */
  readonly members: LazyMembers<Group>;
  /**
   * Loads the method's module, which exports its {@link SdkMethod} as `${name}Method` (`otpsMethod`):
   * one loader shape for every group, so the registry spells no export name (issue 16).
   */
  load(): Promise<MethodModule<Name, Group>>;
  /**
   * Members that must do something before the module is there, built over the lazy ones (which
   * `lazy` holds): a redirect page's URL readers take the token out of the address bar at once, and
   * synchronous members (`user.getSync`) cannot wait for a module at all.
   */
  eager?(lazy: Group, ctx: MethodContext): Partial<Group>;
}

/**
 * A lazily loaded value of the client's core (a group, the captcha module): `load` runs once, and
 * concurrent callers share it; when it fails (a chunk that cannot be fetched) the callers get
 * ApiUnreachableError 'network' (docs/reference/errors.md#error-classes's 'Unable to contact our servers.') and the next call
 * tries again.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= load().catch((e: unknown) => {
      value = undefined;
      throw new ApiUnreachableError('network', { cause: e });
    }));
}

/** Each lazy group's loader, keyed by the group object {@link lazyGroup} returned, for preloadMethods (./preload.ts). */
export const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * The group of a lazy method: each member loads the module once (concurrent first calls share one
 * load), then calls the real member (sub-groups by their path). A module that fails to load (offline,
 * a deploy removed the chunk) rejects the call with ApiUnreachableError 'network' (docs/reference/errors.md#error-classes's 'Unable
 * to contact our servers.', the text of every other network failure) and is tried again on the next call.
 */
export function lazyGroup<Group>(method: LazySdkMethod<string, Group>, ctx: MethodContext): Group {
  const load = lazily(() => method.load().then((m) => (m as Record<string, SdkMethod<string, Group>>)[`${method.name}Method`]!.create(ctx)));
  const build = (members: object, path: readonly string[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(members)) {
      const at = [...path, key];
      out[key] =
        sub === true
          ? async (...args: unknown[]) => {
              let owner = (await load()) as Record<string, unknown>;
              for (const p of at.slice(0, -1)) owner = owner[p] as Record<string, unknown>;
              return (owner[key] as (...a: unknown[]) => unknown).apply(owner, args);
            }
          : build(sub as object, at);
    }
    return out;
  };
  const out = build(method.members, []);
  if (method.eager) Object.assign(out, method.eager({ ...out } as Group, ctx));
  loaders.set(out, load);
  return out as Group;
}
