import type { AuthenticateResult, SendVariant } from './api-types.ts';
import type { ApiRequest } from './http.ts';
import type { PKCEStore } from './pkce/index.ts';
import type { BootstrapData } from './schemas/index.ts';
import type { SessionManager } from './session-manager.ts';

/** What every method module needs from the client: calls, captcha-protected calls, session, PKCE, bootstrap. */
export interface ApiRequester {
  /** A plain call. */
  request<T>(req: ApiRequest): Promise<T>;
  /** A call that may be retried once with fresh captcha and fingerprint tokens (SPEC §4). */
  protectedRequest<T>(req: ApiRequest & { body: Record<string, unknown> }): Promise<T>;
  /** An authenticate-type call: on success the answer becomes the session (SPEC §4); `guarded` adds the captcha retry. */
  signIn<T extends AuthenticateResult = AuthenticateResult>(req: ApiRequest & { body: Record<string, unknown> }, guarded?: boolean): Promise<T>;
  sessions: SessionManager;
  pkce: PKCEStore;
  bootstrap(): Promise<BootstrapData>;
  /** Secondary when a session exists, else primary (SPEC §4). */
  sendVariant(): SendVariant;
}
