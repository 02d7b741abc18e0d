import { isApiError } from './errors.ts';
import { COOKIE_SAME_SITE, DEFAULT_COOKIE_NAMES, INTERMEDIATE_COOKIE_MS } from './schemas/defaults.ts';
import type { AuthenticateResponse, Session, User } from './schemas/index.ts';
// From the module itself, not the index: the bundle then holds only these schemas (docs/reference/house-style.md#bundle-size, lean bundle).
import { CookieToken, parseStoredState, parseStoredString } from './schemas/stored.ts';
import { type CookieAttributes, type CookieJar, isLoopbackHost, type KeyValueStore } from './storage.ts';

/** Cookie names and scope (docs/reference/constants.md#identity-provider defaults). */
export interface CookieOptions {
  /** Default `stytch_session`. */
  opaqueTokenCookieName?: string;
  /** Default `stytch_session_jwt`. */
  jwtCookieName?: string;
  /** Default `stytch_intermediate_session_token`. */
  istCookieName?: string;
  /** Default `/`. */
  path?: string;
  /** Default: the page's host only. */
  domain?: string;
}

export { DEFAULT_COOKIE_NAMES, INTERMEDIATE_COOKIE_MS } from './schemas/defaults.ts';

/** Error types after which the session is gone on the server, so it is destroyed locally (docs/reference/sdk.md#sessions). */
export const SESSION_DESTROYING_ERRORS = ['unauthorized_credentials', 'user_unauthenticated', 'invalid_secret_authentication', 'session_not_found'] as const;

/** True when `e` means the session no longer exists server-side. */
export const isSessionDestroyingError = (e: unknown): boolean => isApiError(e, ...SESSION_DESTROYING_ERRORS);

/** What the manager knows of the signed-in user. */
export interface SessionState {
  session: Session | null;
  user: User | null;
}

/** Tokens of the current session, read from cookies. */
export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

type Listener = (state: SessionState) => void;

/** What {@link createSessionManager} needs: the project, where tokens and state live, and their options. */
export interface SessionManagerDeps {
  publicToken: string;
  cookies: CookieJar;
  store: KeyValueStore;
  cookieOptions?: CookieOptions;
  /** Follow other tabs through the window's storage event (only when `store` is localStorage). */
  crossTab?: boolean;
}

/** The client's session: tokens in cookies, session and user cached in storage, change subscribers. */
export interface SessionManager {
  /**
   * Ends the manager's life with its client's (client.destroy()): stops following other tabs. The
   * window held the listener, and through it this manager and its client, for as long as the page
   * lived: one per mounted-and-removed widget before (issue 12). The session itself is kept.
   */
  dispose(): void;
  /** Current session and user. */
  getState(): SessionState;
  /** Session tokens from cookies, or null when there is no session token. */
  getTokens(): SessionTokens | null;
  /** The intermediate session token, when a flow left one. */
  getIntermediateToken(): string | null;
  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void;
  /** Applies an authenticate-type answer: both tokens → session cookies; only intermediate → that cookie (docs/reference/sdk.md#cookies). */
  update(resp: Partial<AuthenticateResponse> & { intermediate_session_token?: string }): void;
  /** Replaces the cached user (after users/me), keeping the session. */
  setUser(user: User): void;
  /** Removes every cookie and the cached state. */
  destroy(): void;
}

/**
 * Holds the session: tokens in cookies (so a host backend can read them), session and user in
 * storage (so a reload can paint the signed-in state at once), and subscribers told of each change.
 * Other tabs learn of changes through the storage event. Everything read back (stored state, the
 * storage event's value, cookie tokens) is checked against sdk-core/schemas/stored.ts first: other
 * tabs, scripts and pages of the site can write those places, and a value that does not parse is
 * ignored rather than adopted.
 *
 * A factory over closures rather than a class (issue 16): a minifier renames local variables but
 * never property names, so the manager's private state costs no bytes in the client's core.
 */
export function createSessionManager(deps: SessionManagerDeps): SessionManager {
  const o = deps.cookieOptions ?? {};
  const { cookies, store } = deps;
  const sessionName = o.opaqueTokenCookieName ?? DEFAULT_COOKIE_NAMES.session;
  const jwtName = o.jwtCookieName ?? DEFAULT_COOKIE_NAMES.jwt;
  const istName = o.istCookieName ?? DEFAULT_COOKIE_NAMES.intermediate;
  const storageKey = `auth_elements_state::${deps.publicToken}`;
  const listeners = new Set<Listener>();
  const empty = (): SessionState => ({ session: null, user: null });

  // Any page of the site can write these cookies: a value that is no token counts as none.
  const cookieToken = (name: string) => parseStoredString(CookieToken, cookies.get(name), `cookie ${name}`);
  const attributes = (): CookieAttributes => {
    const a: CookieAttributes = { path: o.path ?? '/', sameSite: COOKIE_SAME_SITE, secure: !isLoopbackHost(globalThis.location?.hostname ?? 'localhost') };
    if (o.domain) a.domain = o.domain;
    return a;
  };
  const remove = (attrs: CookieAttributes, ...names: string[]) => {
    for (const n of names) cookies.remove(n, attrs);
  };
  const setState = (next: SessionState, persist: boolean): void => {
    const changed = JSON.stringify(next) !== JSON.stringify(state);
    state = next;
    if (persist) {
      try {
        if (next.session || next.user) store.setItem(storageKey, JSON.stringify(next));
        else store.removeItem(storageKey);
      } catch {
        // a full or blocked store must not break sign-in; memory state still holds
      }
    }
    if (changed) for (const fn of listeners) fn(next);
  };

  let raw: string | null = null;
  try {
    raw = store.getItem(storageKey);
  } catch {
    // unreadable storage: nothing cached
  }
  let state: SessionState = parseStoredState(raw) ?? empty();

  /**
   * Another tab changed the stored state. Removal is that tab signing out (docs/reference/sdk.md#sessions: state shared
   * across tabs); a value is adopted only when it parses as a session state. Anything else (not
   * JSON, wrong shape, huge, a __proto__ payload) leaves this tab's state as it is.
   */
  const onStorage = (ev: StorageEvent): void => {
    if (ev.key !== storageKey) return;
    const next = ev.newValue === null ? empty() : parseStoredState(ev.newValue);
    if (next) setState(next, false);
  };
  /** The window this manager listens to for other tabs' changes, until `dispose`. */
  let crossTab: Window | null = null;
  if (deps.crossTab && typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    crossTab = window;
    crossTab.addEventListener('storage', onStorage);
  }

  const manager: SessionManager = {
    dispose() {
      crossTab?.removeEventListener('storage', onStorage);
      crossTab = null;
    },
    getState: () => state,
    getTokens() {
      const session_token = cookieToken(sessionName);
      return session_token ? { session_token, session_jwt: cookieToken(jwtName) ?? '' } : null;
    },
    getIntermediateToken: () => cookieToken(istName),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    update(resp) {
      const attrs = attributes();
      if (resp.session_token && resp.session_jwt !== undefined) {
        const expires = resp.session?.expires_at ? new Date(resp.session.expires_at) : undefined;
        const withExpiry: CookieAttributes = expires ? { ...attrs, expires } : attrs;
        cookies.set(sessionName, resp.session_token, withExpiry);
        cookies.set(jwtName, resp.session_jwt, withExpiry);
        remove(attrs, istName);
        setState({ session: resp.session ?? state.session, user: resp.user ?? state.user }, true);
      } else if (resp.intermediate_session_token) {
        cookies.set(istName, resp.intermediate_session_token, { ...attrs, expires: new Date(Date.now() + INTERMEDIATE_COOKIE_MS) });
        remove(attrs, sessionName, jwtName);
        setState(empty(), true);
      } else {
        manager.destroy();
      }
    },
    setUser(user) {
      setState({ ...state, user }, true);
    },
    destroy() {
      remove(attributes(), sessionName, jwtName, istName);
      setState(empty(), true);
    },
  };
  return manager;
}
