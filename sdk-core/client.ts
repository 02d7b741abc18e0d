import type { AuthenticateResult } from './api-types.ts';
import { DEFAULT_BOOTSTRAP } from './bootstrap.ts';
import type { CaptchaProvider, DeviceFingerprintProvider } from './captcha.ts';
import { type ApiRequest, createHttpClient, type FetchLike } from './http.ts';
import { type LazySdkMethod, lazily, lazyGroup, type MethodContext } from './method.ts';
import type { ReverifyOptions, ReverifyResult } from './reverification.ts';
import { type MethodGroups, SDK_METHODS } from './methods.ts';
import type { BootstrapData } from './schemas/index.ts';
import { PersistentId, parseStoredString } from './schemas/stored.ts';
import { type CookieOptions, createSessionManager, isSessionDestroyingError } from './session-manager.ts';
import { SESSION_REFRESH_MS } from './schemas/defaults.ts';
import { backoffDelay, sessionCore } from './sessions/core.ts';
import type { Sessions } from './sessions/index.ts';
import { type CookieJar, defaultCookieJar, defaultStore, type KeyValueStore, resilientStore } from './storage.ts';
import { clientTelemetry, randomId, type TelemetryEvent } from './telemetry-fields.ts';
import type { UserGroup, Users } from './users/index.ts';
import { userSyncMembers } from './users/sync.ts';

/** The provider's hosted API for test and live tokens (docs/reference/wire-protocol.md#url-and-headers). */
export const PROVIDER_API_HOSTS = { test: 'https://test.stytch.com', live: 'https://api.stytch.com' } as const;

/** Timers, injectable so tests can drive refresh and backoff without waiting. */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of createClient. */
export interface ClientOptions {
  /** Full base URL of the API, any scheme and port (e.g. `http://localhost:8787` for the reference server). */
  apiBaseUrl?: string;
  /** A custom API domain (served over https), e.g. `login.example.com`. */
  customBaseUrl?: string;
  /** Session cookie names, path and domain. */
  cookieOptions?: CookieOptions;
  /** Captcha tokens for protected calls; by default chosen from the bootstrap's captcha settings. */
  captchaProvider?: CaptchaProvider;
  /** Device-fingerprint ids for protected calls when the project enables fingerprint protection. */
  deviceFingerprintProvider?: DeviceFingerprintProvider;
  /** Replaces fetch (tests, fault injection). */
  fetch?: FetchLike;
  /** Replaces localStorage. */
  storage?: KeyValueStore;
  /** Replaces document.cookie. */
  cookies?: CookieJar;
  /** Replaces timers. */
  clock?: Clock;
  /** Turns off the background session refresh. */
  disableSessionRefresh?: boolean;
  /** Abandon an API call after this many ms as 'Unable to contact our servers.' (default 30000). */
  requestTimeoutMs?: number;
}

/** The client's own part, beside the method groups: project, session, user, telemetry, lifetime. */
export interface CoreClient {
  /** The project's public token. */
  readonly publicToken: string;
  /** The base URL calls go to, without /sdk/v1. */
  readonly apiBaseUrl: string;
  /** Project settings; never rejects: on failure the defaults of docs/reference/wire-protocol.md#bootstrap are used. */
  bootstrap(): Promise<BootstrapData>;
  /** The current session. */
  readonly session: Sessions;
  /** The current user. */
  readonly user: Users;
  /**
   * Whether the session authenticated a factor within `maxAgeMinutes` (default: the server's re-verification
   * window from the bootstrap), else which factors the user can prove again (docs/reference/reverification.md#client).
   * @throws UsageError for a bad `maxAgeMinutes`; NoSessionError without a session
   */
  reverify(options?: ReverifyOptions): Promise<ReverifyResult>;
  /** Fire-and-forget telemetry events (docs/reference/sdk.md#telemetry). */
  readonly telemetry: { log(eventName: string, details?: Record<string, unknown>): void };
  /** Stops background timers and listeners and flushes telemetry; the client should not be used afterwards. */
  destroy(): void;
}

/**
 * The headless client: every SDK call of the spec hangs off it. The method groups (`client.otps`,
 * `client.totps`, ...) come from the registry in ./methods.ts.
 */
export interface AuthClient extends CoreClient, MethodGroups {}

let liveClients = 0;

/** Picks the API base: explicit URL, else https custom domain, else the provider's test or live host. */
export function resolveApiBase(publicToken: string, options: ClientOptions): string {
  if (options.apiBaseUrl) return options.apiBaseUrl.replace(/\/+$/, '');
  if (options.customBaseUrl) {
    try {
      const withScheme = /^[a-z]+:\/\//i.test(options.customBaseUrl) ? options.customBaseUrl : `https://${options.customBaseUrl}`;
      const u = new URL(withScheme);
      if (u.protocol === 'https:' && !u.pathname.replace(/\//g, '') && !u.search) return u.origin;
    } catch {
      // fall through to the warning
    }
    console.warn(`Invalid custom API domain "${options.customBaseUrl}"; using the default API host.`);
  }
  return publicToken.includes('public-token-test') ? PROVIDER_API_HOSTS.test : PROVIDER_API_HOSTS.live;
}

/**
 * Creates the headless client for a project.
 * @param publicToken the project's public token (`public-token-test-…` or `public-token-live-…`)
 * @throws Error outside a browser-like environment (no `window`) unless `fetch` is injected (docs/reference/sdk.md#client)
 * @example const client = createClient('public-token-test-…', { apiBaseUrl: 'http://localhost:8787' });
 */
export function createClient(publicToken: string, options: ClientOptions = {}): AuthClient {
  if (typeof window === 'undefined' && !options.fetch) {
    throw new Error('The Auth Elements client can only be used in a browser environment.');
  }
  if (typeof publicToken !== 'string' || !publicToken.startsWith('public-token-')) {
    console.warn('Public token should start with "public-token-"; check the value passed to createClient.');
  }
  if (liveClients > 0) {
    console.warn('Several Auth Elements clients exist on this page; share one client between widgets.');
  }
  liveClients++;

  const store = resilientStore(options.storage ?? defaultStore());
  // The page's own timers: globalThis has both methods (called on it, as the refresh does).
  const clock: Clock = options.clock ?? globalThis;
  const baseUrl = resolveApiBase(publicToken, options);
  const manager = createSessionManager({
    publicToken,
    cookies: options.cookies ?? defaultCookieJar(),
    store,
    // Other tabs' changes arrive as localStorage events; an injected store is not localStorage.
    crossTab: options.storage === undefined,
    cookieOptions: options.cookieOptions,
  });

  const persistentKey = 'auth_elements_persistent_id';
  // Sent in every X-SDK-Client header: a stored value that is not one of our ids is replaced.
  let persistentId = parseStoredString(PersistentId, store.getItem(persistentKey), 'persistent id');
  if (!persistentId) {
    persistentId = `persistent-id-${randomId()}`;
    try {
      store.setItem(persistentKey, persistentId);
    } catch {
      // memory-only is fine for an analytics id
    }
  }

  const telemetry = clientTelemetry({
    publicToken,
    persistentId,
    clock,
    identity: () => {
      const s = manager.getState().session;
      return s ? { userId: s.user_id, sessionId: s.session_id } : {};
    },
    send: (events: TelemetryEvent[], signal: AbortSignal) =>
      http.request({ method: 'POST', path: '/events', body: events, noAuth: true, signal }).then(() => undefined),
  });
  const http = createHttpClient({
    publicToken,
    baseUrl,
    fetch: options.fetch,
    timeoutMs: options.requestTimeoutMs,
    sessionToken: () => manager.getTokens()?.session_token ?? null,
    telemetryHeader: () => telemetry.header(),
  });

  let bootstrapPromise: Promise<BootstrapData> | null = null;
  const bootstrap = () => {
    bootstrapPromise ??= http
      .request<BootstrapData>({ method: 'GET', path: `/projects/bootstrap/${encodeURIComponent(publicToken)}` })
      .then((data) => {
        // docs/reference/sdk.md#validation-rules: this is the consumer client; a B2B project's token works poorly with it.
        if (data.vertical === 'B2B') console.warn('This consumer client was created with the public token of a B2B project.');
        return { ...DEFAULT_BOOTSTRAP, ...data };
      })
      .catch(() => DEFAULT_BOOTSTRAP);
    return bootstrapPromise;
  };

  // Captcha and fingerprint tokens (docs/reference/sdk.md#captcha-retry) load with the first protected call (./protection.ts).
  const protection = lazily(() =>
    import('./protection.ts').then((m) =>
      // The options' captchaProvider, deviceFingerprintProvider and fetch, as given.
      m.protectedRequests({ ...options, request: http.request, bootstrap, baseUrl }),
    ),
  );

  // Sign-in calls (and two-step sign-in's holder, issue 29) load with the first of them: ./second-step.ts.
  const loadStep = lazily(() => import('./second-step.ts').then((m) => m.secondStep(store, publicToken)));
  const ctx: MethodContext = {
    publicToken,
    baseUrl,
    // The HTTP client is closures (no `this`): its request is passed as it is.
    request: http.request,
    protectedRequest: async <T>(req: ApiRequest & { body: Record<string, unknown> }) => (await protection())<T>(req),
    signIn: async <T extends AuthenticateResult>(req: ApiRequest & { body: Record<string, unknown> }, guarded = false): Promise<T> =>
      (await loadStep()).signIn<T>(req, guarded ? ctx.protectedRequest : http.request, manager.update),
    sessions: manager,
    storage: store,
    bootstrap,
    sendVariant: () => (manager.getTokens() ? 'secondary' : 'primary'),
    secondStep: loadStep,
  };
  // `client.session`: authenticate (the refresh's call) and the reads are core; revoke, attest and
  // exchangeAccessToken load on first use (issue 16).
  const session = lazyGroup<Sessions>(
    {
      name: 'session',
      members: {
        authenticate: true,
        revoke: true,
        exchangeAccessToken: true,
        attest: true,
        list: true,
        revokeSession: true,
        revokeOthers: true,
        getSync: true,
        getTokens: true,
        onChange: true,
      },
      load: () => import('./sessions/index.ts'),
      eager: (_lazy, c) => sessionCore(c),
    },
    ctx,
  );

  let refreshTimer: unknown = null;
  let destroyed = false;
  // On a custom API domain the session cookies are the API's own (HttpOnly, sent by the browser
  // with credentials), so script sees no token: a session in state is all there is to go by.
  const customDomain = Boolean(options.customBaseUrl);
  const hasSession = () => manager.getTokens() !== null || (customDomain && manager.getState().session !== null);
  // docs/reference/sdk.md#refresh: refresh every 180 s while a session exists; sign out only when the server says the
  // session is gone (the four error types of docs/reference/sdk.md#sessions, which session.authenticate acts on). Any
  // other failure backs off and retries (docs/reference/constants.md#client-sdk): a network error, a 5xx, a 429, but also a 400,
  // 403 or 404 that is not about the session, e.g. a misrouting proxy or a WAF's HTML page.
  const scheduleRefresh = (delay: number, attempt: number) => {
    if (refreshTimer !== null) clock.clearTimeout(refreshTimer);
    refreshTimer = null;
    if (destroyed || options.disableSessionRefresh || !hasSession()) return;
    refreshTimer = clock.setTimeout(() => {
      refreshTimer = null;
      refresh(attempt);
    }, delay);
  };
  // One confirmation of the session; the next one in 180 s, or after backoff when it failed but
  // the session is not gone.
  const refresh = (attempt: number) =>
    session.authenticate().then(
      () => scheduleRefresh(SESSION_REFRESH_MS, 0),
      (e: unknown) => {
        if (!isSessionDestroyingError(e)) scheduleRefresh(backoffDelay(attempt), attempt + 1);
      },
    );
  manager.subscribe((s) => {
    if (s.session && refreshTimer === null) scheduleRefresh(SESSION_REFRESH_MS, 0);
    if (!s.session && refreshTimer !== null) {
      clock.clearTimeout(refreshTimer);
      refreshTimer = null;
    }
  });

  // `client.user` is core, but only its synchronous members are needed before a call (issue 16).
  const users = lazyGroup<UserGroup>(
    {
      name: 'user',
      members: {
        get: true,
        getSync: true,
        onChange: true,
        update: true,
        deleteFactor: true,
        makePrimary: true,
        deleteAccount: true,
        getConnectedApps: true,
        revokeConnectedApp: true,
        search: true,
        reverify: true,
      },
      load: () => import('./users/index.ts'),
      eager: (_lazy, c) => userSyncMembers(c.sessions),
    },
    ctx,
  );
  // Each registered method's group, under its name (./methods.ts). A group's first load (a call or
  // preloadMethods) also starts the protected-call module's, so a sign-in's first call does not fetch
  // the two one after the other; a failure there is left to the protected call, which loads again.
  const groups: Record<string, unknown> = {};
  for (const method of SDK_METHODS as readonly LazySdkMethod<string, unknown>[]) {
    const load = () => {
      protection().catch(() => undefined);
      return method.load();
    };
    groups[method.name] = lazyGroup<unknown>({ ...method, load }, ctx);
  }
  const client: AuthClient = {
    ...(groups as MethodGroups),
    publicToken,
    apiBaseUrl: baseUrl,
    bootstrap,
    session,
    user: users,
    // Re-verification's logic (./reverification.ts) loads on its first call, with the user group.
    reverify: users.reverify,
    telemetry: { log: (name, details) => telemetry.log(name, details) },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      manager.dispose();
      if (refreshTimer !== null) clock.clearTimeout(refreshTimer);
      refreshTimer = null;
      telemetry.flush();
      liveClients = Math.max(0, liveClients - 1);
    },
  };

  telemetry.log('sdk_instance_instantiated');
  // docs/reference/sdk.md#sessions: with a session token at start-up, or on a custom API domain (whose HttpOnly cookies
  // script cannot read), confirm the session with the server and start refreshing; without either,
  // whatever was cached is stale.
  if (manager.getTokens() || customDomain) refresh(0);
  else manager.destroy();
  return client;
}
