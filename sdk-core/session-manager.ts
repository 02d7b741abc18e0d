import { isApiError } from './errors.ts';
import { COOKIE_SAME_SITE, DEFAULT_COOKIE_NAMES, INTERMEDIATE_COOKIE_MS } from './schemas/defaults.ts';
import type { AuthenticateResponse, Session, User } from './schemas/index.ts';
// From the module itself, not the index: the bundle then holds only these schemas (DESIGN 4, lean bundle).
import { CookieToken, parseStoredState, parseStoredString } from './schemas/stored.ts';
import { type CookieAttributes, type CookieJar, isLoopbackHost, type KeyValueStore } from './storage.ts';

/** Cookie names and scope (SPEC §9 defaults). */
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

/** Error types after which the session is gone on the server, so it is destroyed locally (SPEC §4). */
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

/**
 * Holds the session: tokens in cookies (so a host backend can read them), session and user in
 * storage (so a reload can paint the signed-in state at once), and subscribers told of each change.
 * Other tabs learn of changes through the storage event. Everything read back (stored state, the
 * storage event's value, cookie tokens) is checked against sdk-core/schemas/stored.ts first: other
 * tabs, scripts and pages of the site can write those places, and a value that does not parse is
 * ignored rather than adopted.
 */
export class SessionManager {
  private state: SessionState = { session: null, user: null };
  private readonly listeners = new Set<Listener>();
  private readonly storageKey: string;
  private readonly names: { session: string; jwt: string; intermediate: string };
  /** The window this manager listens to for other tabs' changes, until {@link dispose}. */
  private crossTabTarget: Window | null = null;
  private readonly storageListener = (ev: StorageEvent): void => this.onStorage(ev);

  constructor(
    private readonly deps: {
      publicToken: string;
      cookies: CookieJar;
      store: KeyValueStore;
      cookieOptions?: CookieOptions;
      /** Follow other tabs through the window's storage event (only when `store` is localStorage). */
      crossTab?: boolean;
    },
  ) {
    const o = deps.cookieOptions ?? {};
    this.names = {
      session: o.opaqueTokenCookieName ?? DEFAULT_COOKIE_NAMES.session,
      jwt: o.jwtCookieName ?? DEFAULT_COOKIE_NAMES.jwt,
      intermediate: o.istCookieName ?? DEFAULT_COOKIE_NAMES.intermediate,
    };
    this.storageKey = `auth_elements_state::${deps.publicToken}`;
    this.state = this.readStored();
    if (deps.crossTab && typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('storage', this.storageListener);
      this.crossTabTarget = window;
    }
  }

  /**
   * Ends the manager's life with its client's (client.destroy()): stops following other tabs. The
   * window held the listener, and through it this manager and its client, for as long as the page
   * lived: one per mounted-and-removed widget before (issue 12). The session itself is kept.
   */
  dispose(): void {
    this.crossTabTarget?.removeEventListener('storage', this.storageListener);
    this.crossTabTarget = null;
  }

  /**
   * Another tab changed the stored state. Removal is that tab signing out (SPEC 4: state shared
   * across tabs); a value is adopted only when it parses as a session state. Anything else (not
   * JSON, wrong shape, huge, a __proto__ payload) leaves this tab's state as it is.
   */
  private onStorage(ev: StorageEvent): void {
    if (ev.key !== this.storageKey) return;
    if (ev.newValue === null) {
      this.setState({ session: null, user: null }, false);
      return;
    }
    const next = parseStoredState(ev.newValue);
    if (next) this.setState(next, false);
  }

  /** Current session and user. */
  getState(): SessionState {
    return this.state;
  }

  /** Session tokens from cookies, or null when there is no session token. */
  getTokens(): SessionTokens | null {
    // Any page of the site can write these cookies: a value that is no token counts as none.
    const session_token = this.cookieToken(this.names.session);
    if (!session_token) return null;
    return { session_token, session_jwt: this.cookieToken(this.names.jwt) ?? '' };
  }

  /** The intermediate session token, when a flow left one. */
  getIntermediateToken(): string | null {
    return this.cookieToken(this.names.intermediate);
  }

  private cookieToken(name: string): string | null {
    return parseStoredString(CookieToken, this.deps.cookies.get(name), `cookie ${name}`);
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Applies an authenticate-type answer: both tokens → session cookies; only intermediate → that cookie (SPEC §4). */
  update(resp: Partial<AuthenticateResponse> & { intermediate_session_token?: string }): void {
    const attrs = this.cookieAttributes();
    if (resp.session_token && resp.session_jwt !== undefined) {
      const expires = resp.session?.expires_at ? new Date(resp.session.expires_at) : undefined;
      const withExpiry: CookieAttributes = expires ? { ...attrs, expires } : attrs;
      this.deps.cookies.set(this.names.session, resp.session_token, withExpiry);
      this.deps.cookies.set(this.names.jwt, resp.session_jwt, withExpiry);
      this.deps.cookies.remove(this.names.intermediate, attrs);
      this.setState({ session: resp.session ?? this.state.session, user: resp.user ?? this.state.user }, true);
    } else if (resp.intermediate_session_token) {
      this.deps.cookies.set(this.names.intermediate, resp.intermediate_session_token, {
        ...attrs,
        expires: new Date(Date.now() + INTERMEDIATE_COOKIE_MS),
      });
      this.removeSessionCookies(attrs);
      this.setState({ session: null, user: null }, true);
    } else {
      this.destroy();
    }
  }

  /** Replaces the cached user (after users/me), keeping the session. */
  setUser(user: User): void {
    this.setState({ ...this.state, user }, true);
  }

  /** Removes every cookie and the cached state. */
  destroy(): void {
    const attrs = this.cookieAttributes();
    this.removeSessionCookies(attrs);
    this.deps.cookies.remove(this.names.intermediate, attrs);
    this.setState({ session: null, user: null }, true);
  }

  private removeSessionCookies(attrs: CookieAttributes): void {
    this.deps.cookies.remove(this.names.session, attrs);
    this.deps.cookies.remove(this.names.jwt, attrs);
  }

  private cookieAttributes(): CookieAttributes {
    const o = this.deps.cookieOptions ?? {};
    const host = globalThis.location?.hostname ?? 'localhost';
    const a: CookieAttributes = { path: o.path ?? '/', sameSite: COOKIE_SAME_SITE, secure: !isLoopbackHost(host) };
    if (o.domain) a.domain = o.domain;
    return a;
  }

  private readStored(): SessionState {
    let raw: string | null = null;
    try {
      raw = this.deps.store.getItem(this.storageKey);
    } catch {
      // unreadable storage: nothing cached
    }
    return parseStoredState(raw) ?? { session: null, user: null };
  }

  private setState(next: SessionState, persist: boolean): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.state);
    this.state = next;
    if (persist) {
      try {
        if (next.session || next.user) this.deps.store.setItem(this.storageKey, JSON.stringify(next));
        else this.deps.store.removeItem(this.storageKey);
      } catch {
        // a full or blocked store must not break sign-in; memory state still holds
      }
    }
    if (changed) for (const fn of this.listeners) fn(next);
  }
}
