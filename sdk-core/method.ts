/**
 * The shape of a sign-in method in sdk-core (issue 12): one folder per method exports one
 * {@link SdkMethod}, listed once in ./methods.ts, from which the client builds `client.<name>`.
 * Methods get everything from the {@link MethodContext} and import no other method.
 */
import type { AuthenticateResult, SendVariant } from './api-types.ts';
import type { ApiRequest } from './http.ts';
import type { PKCEStore } from './pkce/index.ts';
import type { BootstrapData } from './schemas/bootstrap.ts';
import type { SessionManager } from './session-manager.ts';

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
  /** A call that may be retried once with fresh captcha and fingerprint tokens (SPEC §4). */
  protectedRequest<T>(req: ApiRequest & { body: Record<string, unknown> }): Promise<T>;
  /** An authenticate-type call: on success the answer becomes the session (SPEC §4); `guarded` adds the captcha retry. */
  signIn<T extends AuthenticateResult = AuthenticateResult>(req: ApiRequest & { body: Record<string, unknown> }, guarded?: boolean): Promise<T>;
  /** The session and cached user (read side, plus what an authenticate answer changes). */
  readonly sessions: MethodSessions;
  /** PKCE verifiers per flow (SPEC §9). */
  readonly pkce: PKCEStore;
  /** Project settings; never rejects (the client's fallback on failure). */
  bootstrap(): Promise<BootstrapData>;
  /** Secondary when a session exists, else primary (SPEC §4). */
  sendVariant(): SendVariant;
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
