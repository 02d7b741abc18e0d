/** The Hono app: middleware (request id, CORS, origin check, logging), routes, 404/405/500 handling. */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { clientKeys, loadClientKey } from './client-keys.ts';
import { safeEqualHex, sha256Hex } from './crypto.ts';
import { type Db, openDatabase, withStartupLock } from './db/index.ts';
import { ApiError } from './errors.ts';
import { hostGuard } from './hosts.ts';
import { issuerScope } from './jwt-issuer.ts';
import { clientIp, isOriginAllowed, requestHeader, requestOriginAllowed } from './request.ts';
import { errorResponse } from './responses.ts';
import type { AppEnv, Ctx, Services } from './services.ts';
import { loadSigningKeys } from './keys.ts';
import { assertMethodList, type MethodSettingOptions, type ServerMethod } from './method.ts';
import { SERVER_METHODS } from './methods.ts';
import { type Delivery, fanOut, logOnlyDelivery } from './messaging/delivery.ts';
import { devInboxDelivery } from './messaging/dev-inbox.ts';
import { type MessageOverrides, messageOverrideProblems } from './messaging/overrides.ts';
import { smtpDelivery } from './messaging/smtp.ts';
import { httpSmsDelivery } from './messaging/sms.ts';
import { Outbox } from './outbox.ts';
import type { PasswordStrengthSetting, Project, ProjectConfig, TrustedTokenProfile } from './project/config.ts';
import type { LiveProjectFile } from './project/file.ts';
import { ensureProject } from './project/store.ts';
import { DEFAULT_PRUNE_INTERVAL_MS, type PruneOptions, pruneOnce, startPruning } from './prune.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.ts';
import { type CaptchaVerifier, captchaGuard, devCaptchaRoutes, devCaptchaVerifier, siteverifyCaptchaVerifier } from './captcha.ts';
import { auditedBackendHandler, auditRequestScope } from './audit/record.ts';
import { auditRoutes } from './audit/routes.ts';
import { requireBackendCaller } from './backend/auth.ts';
import { fromOwnOrigin } from './admin/access.ts';
import { adminConsoleRoutes } from './admin/console.ts';
import { adminBackendRoutes } from './admin/routes.ts';
import { startProjectOverrides } from './admin/settings.ts';
import { backendRoutes as coreBackendRoutes } from './backend/routes.ts';
import { accountRoutes } from './routes/account.ts';
import { devRoutes } from './routes/dev.ts';
import { projectRoutes } from './routes/project.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { type StaticDir, staticFiles } from './routes/static.ts';
import { RoutePolicies } from './routes/policy.ts';
import type { BackendRoute, CrossOrigin, Handler, Method, Route, RoutePolicy } from './routes/types.ts';
import { userRoutes } from './routes/users.ts';
// Webhooks (issue 28): the event hub, the endpoints and their delivery.
import { EventHub } from './events.ts';
import { checkTargetSyntax, type Resolver } from './outbound/index.ts';
import { webhookBackendRoutes } from './webhooks/routes.ts';
import { syncFileEndpoints, type WebhookFileEntry } from './webhooks/store.ts';
import { WebhookWorker } from './webhooks/worker.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { SessionJwtCache } from './session-jwt-cache.ts';
import { SessionReadCache } from './session-read-cache.ts';
import { suppressionGuard } from './suppressions.ts';
import type { HooksConfig } from './hooks/config.ts';
import { sendMessageHook } from './hooks/send-message.ts';
import { withHooks } from './hooks/setup.ts';
import { withBootstrapOverrides } from './settings.ts';
// Operations (issue 18): health, metrics, request logs.
import { healthRoutes, type Lifecycle } from './ops/health.ts';
import { incomingRequestId, type LogLevel, levelEnabled, logLine, stderrLog } from './ops/log.ts';
import { countingDelivery, createMetrics, type Metrics, observeRequest } from './ops/metrics.ts';
import { routeLabel } from './ops/route-label.ts';
import { type BootstrapData, parseWith } from '../sdk-core/schemas/index.ts';
import { type MfaConfig, MfaConfigSchema } from './mfa/config.ts';
import { trustedDeviceBackendRoutes, trustedDeviceRoutes } from './mfa/routes.ts';

/** Request bodies above this are refused with 413 before parsing (docs/reference/security.md#request-bodies). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Options of {@link createApp}. Every field has a default; tests inject the clock and limits. The
 * options standing in for a method's settings are the method's (`settingOptions` of its settings module).
 */
export interface AppOptions extends MethodSettingOptions {
  /** SQLite folder (`${dataDir}/auth.db`), or ':memory:'. Default ./data. */
  dataDir?: string;
  /** postgres://... selects Postgres instead of SQLite. */
  databaseUrl?: string;
  /** A live project (PROJECT_CONFIG); without it the default test project is used (created on first start). */
  liveProject?: LiveProjectFile;
  /** Clock in epoch ms. */
  now?: () => number;
  /** Replaces the default delivery (dev inbox for test projects, SMTP when smtpUrl is set). */
  delivery?: Delivery;
  smtpUrl?: string;
  smtpFrom?: string;
  /** HTTP SMS / WhatsApp provider (messaging/sms.ts): POST {channel, to, text} with bearer `smsProviderToken`. */
  smsProviderUrl?: string;
  smsProviderToken?: string;
  /** Enables `POST /webhooks/sms/inbound` (STOP / START replies) with this bearer secret, 16+ characters. */
  smsWebhookSecret?: string;
  /**
   * Blocking hooks (server/hooks/, README "Blocking hooks"); a live project's file `hooks` when unset.
   * Checked at start: a bad value fails createApp naming the key.
   */
  hooks?: HooksConfig;
  /** Overrides of bootstrap keys, which are also the server's settings: PKCE-required flags, password_config (LUDS). */
  bootstrap?: Partial<BootstrapData>;
  /** Limits by name (core's in rate-limit.ts, each method's in its `limits.ts`), over the defaults. */
  rateLimits?: Partial<RateLimits>;
  maxBodyBytes?: number;
  /** Session JWT `iss` (JWT_ISSUER); default the base URL each request came to, no trailing slash (jwt-issuer.ts). */
  issuer?: string;
  trustProxy?: boolean;
  staticDirs?: StaticDir[];
  /**
   * The admin console at `/admin` (issue 31, server/admin/console.ts): its built folder (default the
   * repository's `dist/admin/`, ADMIN_CONSOLE_DIR), or false for none (ADMIN_CONSOLE=off). Default on.
   */
  adminConsole?: false | { dir?: string };
  /** Trusted auth token profiles for sessions/attest, merged over the project's own. */
  trustedAuthTokenProfiles?: TrustedTokenProfile[];
  /** Overrides the project's password_strength_policy ('auto' or 'none'). */
  passwordStrengthPolicy?: PasswordStrengthSetting;
  /** Captcha verification; default: the dev captcha for test projects, siteverify with captchaSecret for live ones. */
  captchaVerifier?: CaptchaVerifier;
  /** reCAPTCHA-style secret of a live project (CAPTCHA_SECRET). */
  captchaSecret?: string;
  /**
   * Enumeration protection (project setting `enumeration_protection`, env ENUMERATION_PROTECTION): users/search,
   * send/primary and `user_created` answer alike for every address. Overrides the project's setting.
   */
  enumerationProtection?: boolean;
  /**
   * The outbox runs its jobs by itself (kicked after each enqueue, polled every second). False: only
   * `services.outbox.drain()` (and `/dev/inbox.json`) run them, for tests that inspect queued jobs.
   */
  outboxAutoRun?: boolean;
  /** Host names a live project answers to besides loopback (ALLOWED_HOSTS), added to its `allowed_hosts`. */
  allowedHosts?: string[];
  /** Regions SMS / WhatsApp codes may go to (SMS_ALLOWED_COUNTRIES), added to the project's `sms_allowed_countries`. */
  smsAllowedCountries?: string[];
  /**
   * The project's own wording of its messages (project setting `messages`, server/README.md "Messages"),
   * replacing the project file's; checked at start like the file's.
   */
  messages?: MessageOverrides;
  /**
   * Two-step sign-in (project setting `mfa`, docs/reference/mfa.md#policy), replacing the project file's;
   * checked at start like the file's (a bad value fails createApp naming the key).
   */
  mfa?: MfaConfig;
  /** Time between pruning runs (old telemetry, old rate windows), ms; default 10 minutes. */
  pruneIntervalMs?: number;
  /** Retention periods (RETENTION_*) and scheduled key rotation (SIGNING_KEY_ROTATION_DAYS) of the pruning tick (prune.ts). */
  prune?: PruneOptions;
  /** Log each request. */
  log?: boolean;
  /** Where log lines go (default console.error); errors are always logged. */
  logger?: (line: string) => void;
  /** Request log threshold (LOG_LEVEL): health probes log at debug, 5xx at error, the rest at info. Default info. */
  logLevel?: LogLevel;
  /**
   * Serve `/metrics` on the app (METRICS=on) to callers sending `Authorization: Bearer <metricsToken>`;
   * needs `metricsToken` or `metricsLoopbackWithoutToken`. Metrics are collected whenever this or
   * startServer's metricsPort is set.
   */
  metrics?: boolean;
  /** Bearer token that opens `/metrics` (METRICS_TOKEN, 24+ characters). */
  metricsToken?: string;
  /**
   * Also answer `/metrics` without the token to loopback sockets that carry no X-Forwarded-For
   * (METRICS_LOOPBACK_OPEN=1): only where no reverse proxy runs on the host, since a proxy that adds
   * no X-Forwarded-For makes every visitor a loopback caller.
   */
  metricsLoopbackWithoutToken?: boolean;
  /** Webhook endpoints of a test project, as a live project's file gives them (`webhooks`); the file's win for a live project. */
  webhooks?: WebhookFileEntry[];
  /** Resolves the host names of webhook targets (default the system's): tests point a name at any address. */
  outboundResolver?: Resolver;
}

/** One registered API route (method and Hono path pattern, e.g. `/sdk/v1/webauthn/update/:id`). */
export interface RegisteredRoute {
  method: Method;
  path: string;
  /** Declared by the route (routes/types.ts RoutePolicy): needs a captcha token when the project requires one. */
  captcha?: true;
  /** Declared by the route: who may call it from another origin. */
  crossOrigin?: CrossOrigin;
  /** A `/v1` backend route (routes/types.ts BackendRoute): authenticated by a project secret. */
  backend?: true;
}

/** A ready app with its services; `close` stops the pruning timer and releases the database. */
export interface AppInstance {
  app: Hono<AppEnv>;
  project: Project;
  publicToken: string;
  services: Services;
  /** Every API route the app registered (static files aside), in registration order: tests and fuzzing walk it. */
  routes: readonly RegisteredRoute[];
  /** Shutdown state read by /readyz (startServer sets `draining`). */
  lifecycle: Lifecycle;
  /** The Prometheus registry and families (collected always; served only as configured). */
  metrics: Metrics;
  close(): Promise<void>;
}

const ALLOW_HEADERS = 'authorization, content-type, x-sdk-client, x-sdk-parent-host';
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
// CORS applies to the API surfaces only; static pages are same-origin by design.
const CORS_PATH = /^\/(sdk\/|dev\/|dev$|\.well-known\/|v1\/)/;
/**
 * The options that stand in for one of core's project settings (env variables of main.ts, a demo's or a
 * test's wiring): `replace` sets the setting, `add` adds a non-empty list to the project's. One table
 * rather than a block per option; the value types are checked by {@link SettingOption}. A method's
 * options are declared with its settings (`settingOptions`) and applied the same way.
 */
const SETTING_OPTIONS = [
  { option: 'passwordStrengthPolicy', key: 'password_strength_policy', how: 'replace' },
  { option: 'allowedHosts', key: 'allowed_hosts', how: 'add' },
  { option: 'smsAllowedCountries', key: 'sms_allowed_countries', how: 'add' },
  { option: 'trustedAuthTokenProfiles', key: 'trusted_auth_token_profiles', how: 'add' },
  { option: 'enumerationProtection', key: 'enumeration_protection', how: 'replace' },
  { option: 'messages', key: 'messages', how: 'replace' },
  { option: 'mfa', key: 'mfa', how: 'replace' },
] as const satisfies readonly SettingOption[];

/** An option of {@link SETTING_OPTIONS}: its value is the setting's (replace) or the setting itself is a list of its elements (add). */
type SettingOption = {
  [O in keyof AppOptions]: {
    [K in keyof ProjectConfig]: NonNullable<AppOptions[O]> extends NonNullable<ProjectConfig[K]> ? { option: O; key: K; how: 'replace' | 'add' } : never;
  }[keyof ProjectConfig];
}[keyof AppOptions];

/** The project's settings with the options of {@link SETTING_OPTIONS} and of the methods' settings applied. */
function withSettingOptions(config: ProjectConfig, opts: AppOptions): ProjectConfig {
  const out: Record<string, unknown> = { ...config };
  const methodOptions = (SERVER_METHODS as readonly ServerMethod[]).flatMap((m) =>
    Object.entries(m.settingOptions ?? {}).map(([option, o]) => ({ option, ...o })),
  );
  for (const { option, key, how } of [...SETTING_OPTIONS, ...methodOptions]) {
    const value = (opts as Readonly<Record<string, unknown>>)[option];
    if (how === 'replace' && value !== undefined) out[key] = value;
    else if (how === 'add' && Array.isArray(value) && value.length > 0) out[key] = [...((out[key] as unknown[] | undefined) ?? []), ...value];
  }
  return out as unknown as ProjectConfig;
}

/**
 * Opens storage, migrates, loads the project and signing keys, and builds the Hono app.
 * @example const { app, publicToken, close } = await createApp({ dataDir: ':memory:' });
 */
export async function createApp(opts: AppOptions = {}): Promise<AppInstance> {
  if (opts.metrics && !opts.metricsToken && !opts.metricsLoopbackWithoutToken) throw new Error(METRICS_UNGUARDED);
  const now = opts.now ?? Date.now;
  const logger = opts.logger ?? stderrLog();
  const db: Db = await openDatabase({ dataDir: opts.dataDir ?? './data', ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}) });
  try {
    // Check-then-insert work, serialised across instances starting together on one database.
    const init = await withStartupLock(db, async (k) => {
      const locked: Db = { ...db, kysely: k };
      const project = await ensureProject(locked, now(), opts.liveProject);
      // The project file's webhook endpoints (or the option's), once per start, under the lock like the rest.
      const hooks = opts.liveProject?.webhooks ?? opts.webhooks ?? [];
      hooks.forEach((h, i) => {
        const r = checkTargetSyntax(h.url, project.mode);
        if (!r.ok) throw new Error(`webhooks[${i}].url ${JSON.stringify(h.url)}: ${r.message}`);
      });
      await syncFileEndpoints({ db: locked, projectId: project.project_id, mode: project.mode, now }, hooks);
      return { project, keys: await loadSigningKeys(locked, now(), db), clientKey: await loadClientKey(k, project.project_id, now()) };
    });
    let project = withBootstrapOverrides(init.project, opts.bootstrap);
    project = { ...project, config: withSettingOptions(project.config, opts) };
    project = await withHooks(project, opts.hooks ?? opts.liveProject?.hooks);
    if (opts.mfa !== undefined) {
      const parsed = parseWith(MfaConfigSchema, opts.mfa);
      if (!parsed.ok) throw new Error(`mfa option is invalid: ${parsed.errors.map((e) => `mfa${e.dataPath} ${e.message}`).join('; ')}`);
    }
    const messageProblems = messageOverrideProblems(opts.messages, project.project_name);
    if (messageProblems.length > 0) throw new Error(`messages option is invalid: ${messageProblems.join('; ')}`);
    if (project.mode === 'live' && !project.config.allowed_hosts?.length) {
      logger(
        logLine('warn', { msg: 'live project without ALLOWED_HOSTS (allowed_hosts): only loopback host names (localhost, 127.0.0.1, [::1]) are answered' }),
      );
    }
    if (project.mode === 'test' && opts.allowedHosts?.length) {
      logger(logLine('warn', { msg: 'ALLOWED_HOSTS is ignored for the test project: it answers loopback host names only (its dev inbox holds codes)' }));
    }
    const keys = init.keys;
    const deliveries: Delivery[] = [];
    if (opts.delivery) deliveries.push(opts.delivery);
    else {
      if (project.mode === 'test') deliveries.push(devInboxDelivery(db, now));
      if (opts.smtpUrl) deliveries.push(smtpDelivery(opts.smtpUrl, opts.smtpFrom ?? 'Auth Elements <no-reply@localhost>'));
      if (opts.smsProviderUrl)
        deliveries.push(httpSmsDelivery({ url: opts.smsProviderUrl, ...(opts.smsProviderToken ? { token: opts.smsProviderToken } : {}) }));
      if (deliveries.length === 0) {
        logger(logLine('warn', { msg: 'live project without SMTP_URL: outgoing email is dropped' }));
        deliveries.push(logOnlyDelivery(logger));
      }
    }
    // Whatever path sends, a suppressed destination is refused here too (the routes check first).
    let svcRef: Services | undefined;
    const metrics = createMetrics(() => svcRef);
    const builtIn = deliveries.length === 1 ? deliveries[0]! : fanOut(deliveries);
    // A project's send_message hook takes the place of the built-in delivery (hooks/send-message.ts).
    const hooked = sendMessageHook(() => svcRef, builtIn);
    const delivery = countingDelivery(suppressionGuard(db, hooked), metrics);
    const events = new EventHub();
    const webhooks = new WebhookWorker({
      db,
      projectId: project.project_id,
      mode: project.mode,
      now,
      events,
      log: logger,
      autoRun: opts.outboxAutoRun ?? true,
      ...(opts.outboundResolver ? { resolve: opts.outboundResolver } : {}),
    });
    const services: Services = {
      db,
      project,
      now,
      delivery,
      outbox: new Outbox({ db, projectId: project.project_id, now, delivery, log: logger, autoRun: opts.outboxAutoRun ?? true }),
      clientKeys: clientKeys(init.clientKey),
      keys,
      sessionJwts: new SessionJwtCache(),
      sessionReads: new SessionReadCache(),
      limits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
      issuer: opts.issuer ?? null,
      maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      trustProxy: opts.trustProxy ?? false,
      log: logger,
      methods: SERVER_METHODS,
      events,
      webhooks,
    };
    svcRef = services;
    events.bind(services);
    assertMethodList(services.methods);
    // Deferred job kinds before anything can enqueue one, and before the worker runs jobs an earlier
    // process left behind.
    const jobKinds = new Map<string, string>();
    for (const m of services.methods) {
      for (const [kind, handler] of Object.entries(m.jobs?.(services) ?? {})) {
        const owner = jobKinds.get(kind);
        if (owner) throw new Error(`outbox job kind ${kind} of method ${m.name} is already registered by ${owner}`);
        jobKinds.set(kind, m.name);
        services.outbox.register(kind, handler);
      }
    }
    // Settings an admin changed (server/admin/settings.ts) win over the file and the options, here and on every instance.
    const stopOverrides = await startProjectOverrides(services);
    await pruneOnce(services, opts.prune);
    const routes: RegisteredRoute[] = [];
    const lifecycle: Lifecycle = { draining: false };
    const app = buildApp(services, opts, routes, { lifecycle, metrics });
    // Every deferred job kind is registered: jobs left by an earlier process run now.
    services.outbox.start();
    services.outbox.kick();
    services.webhooks.start();
    services.webhooks.kick();
    const pruning = startPruning(services, opts.pruneIntervalMs ?? DEFAULT_PRUNE_INTERVAL_MS, opts.prune);
    let closed: Promise<void> | undefined;
    return {
      app,
      project,
      publicToken: project.public_token,
      services,
      routes,
      lifecycle,
      metrics,
      close() {
        stopOverrides();
        closed ??= Promise.all([pruning.stop(), services.outbox.close(), services.webhooks.close()]).then(() => db.close());
        return closed;
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

function buildApp(svc: Services, opts: AppOptions, registered: RegisteredRoute[], ops: { lifecycle: Lifecycle; metrics: Metrics }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const mode = svc.project.mode;
  const logLevel = opts.logLevel ?? 'info';

  app.use(async (c, next) => {
    // A sane id from a proxy or client is kept (one id across their logs and ours, ops/log.ts).
    const requestId = incomingRequestId(requestHeader(c, 'x-request-id')) ?? `request-id-${mode}-${randomUUID()}`;
    c.set('requestId', requestId);
    const started = performance.now();
    // Set before next(): every response here is built with c.json/c.body/c.text, which start from these
    // headers. Set after, c.header() makes node-server turn its cheap string response into a web
    // Response streamed through a ReadableStream (~25% of a sessions/authenticate call).
    c.header('X-Request-Id', requestId);
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
    const ms = performance.now() - started;
    const status = c.res.status;
    const route = routeLabel(c, status);
    observeRequest(ops.metrics, { method: c.req.method, route, status, seconds: ms / 1000, errorType: c.get('errorType') });
    // One JSON line per request (ops/log.ts): the route *pattern*, never the raw path or query (they can
    // carry tokens or addresses); health probes at debug so a balancer polling every second stays quiet.
    const level = status >= 500 ? 'error' : route === '/healthz' || route === '/readyz' ? 'debug' : 'info';
    if (opts.log && levelEnabled(level, logLevel)) {
      svc.log(
        logLine(level, {
          msg: 'request',
          request_id: requestId,
          method: c.req.method,
          route,
          status,
          ms: Math.round(ms * 10) / 10,
          project_id: svc.project.project_id,
          ip: clientIp(c, svc),
          ...(c.get('errorType') ? { error_type: c.get('errorType') } : {}),
        }),
      );
    }
  });

  // Audit rows recorded while a request is served carry its client IP and request id (server/audit/record.ts).
  app.use(auditRequestScope(svc));

  // Probes answer before the Host check: a balancer reaches an instance by address, and they tell nothing.
  healthRoutes(app, svc, ops.lifecycle);

  // DNS rebinding (docs/reference/security.md#host-and-transport): a foreign Host is refused before CORS, captcha, routes or static files.
  app.use(hostGuard(svc));
  // The session JWT's default `iss` is the base URL of the request that mints it (jwt-issuer.ts).
  app.use(issuerScope());
  // After the Host check: a rebound name (evil.example -> 127.0.0.1) would otherwise read metrics as a loopback caller.
  if (opts.metrics) metricsRoute(app, ops.metrics, opts.metricsToken, opts.metricsLoopbackWithoutToken === true);

  // No path or query names anything with a NUL in it, and Postgres text cannot hold one: refused here,
  // once, rather than by every query that would take a path parameter or a query value.
  app.use(async (c, next) => {
    const url = c.req.url;
    const nul = url.indexOf('%00');
    if (nul !== -1) {
      const query = url.indexOf('?');
      if (query === -1 || nul < query) throw new ApiError('not_found');
      throw new ApiError('invalid_request_body', { message: 'The query string must not contain the NUL character (U+0000).' });
    }
    await next();
  });

  // Filled as routes register (below), read per request: each route declares who may call it from
  // another origin and whether it needs a captcha (routes/types.ts RoutePolicy), so core names no path.
  const policies = new RoutePolicies();

  app.use(async (c, next) => {
    if (!CORS_PATH.test(c.req.path)) return next();
    const origin = requestHeader(c, 'origin');
    // The backend API is for servers, which send no Origin: no preflight is answered and no browser call
    // is served, so a secret pasted into a page fails at once instead of working from allowed origins.
    // The one browser it answers is the admin console on this server's own origin, with an admin's
    // session as Bearer (same origin: no preflight, no CORS headers; server/admin/access.ts).
    if (c.req.path.startsWith('/v1/') && policies.backend(c.req.path)) {
      const fromConsole = origin !== undefined && fromOwnOrigin(c, svc) && /^Bearer /i.test(requestHeader(c, 'authorization') ?? '');
      if (origin !== undefined && !fromConsole)
        throw new ApiError('invalid_origin', { message: 'The /v1 backend API does not answer browsers: call it from a server.' });
      return next();
    }
    const allowed = origin !== undefined && isOriginAllowed(c, svc, origin);
    const crossOrigin = policies.crossOrigin(c.req.path);
    if (c.req.method === 'OPTIONS' && requestHeader(c, 'access-control-request-method')) {
      // Preflight: answered here for allowed origins only; disallowed ones get no CORS headers (except
      // the routes that refuse a foreign origin themselves with an error the page can read, and the
      // public ones any page may call).
      if (!allowed && crossOrigin !== 'self-checked' && crossOrigin !== 'public') throw new ApiError('invalid_origin');
      if (allowed || crossOrigin !== 'public') setCors(c, origin);
      else if (origin) {
        // A relying party's page: its token or userinfo call may send Authorization, never credentials.
        c.header('Access-Control-Allow-Origin', origin);
        c.header('Vary', 'Origin', { append: true });
      }
      c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    // A browser call from a foreign origin is refused before any work (absent Origin = server-to-server),
    // unless the route declares otherwise (routes/types.ts CrossOrigin).
    if (!requestOriginAllowed(c, svc) && crossOrigin === undefined) throw new ApiError('invalid_origin');
    // Before next(), as above: error answers (onError's c.json) start from these headers too.
    if (allowed || crossOrigin === 'self-checked') setCors(c, origin);
    else if (crossOrigin === 'public' && origin) {
      // Readable by any relying party's page, without credentials (none are used there).
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin', { append: true });
    }
    await next();
  });

  const verifier = opts.captchaVerifier ?? (mode === 'test' ? devCaptchaVerifier(svc) : siteverifyCaptchaVerifier(opts.captchaSecret ?? ''));
  app.use(captchaGuard(svc, verifier, (method, path) => policies.captcha(method, path)));

  const paths = new Set<string>();
  const route: Route = (method: Method, path: string, policyOrHandler: RoutePolicy | Handler, lastHandler?: Handler) => {
    const [policy, handler] = typeof policyOrHandler === 'function' ? [undefined, policyOrHandler] : [policyOrHandler, lastHandler];
    if (!handler) throw new Error(`route ${method} ${path} has no handler`);
    // Two handlers for one route would leave the second dead: a method taking a path core or another
    // method serves (e.g. a factor delete core answers not-found for until its method lands) fails here.
    if (registered.some((r) => r.method === method && r.path === path)) throw new Error(`route ${method} ${path} is registered twice`);
    app.on(method, path, handler);
    paths.add(path);
    policies.add(method, path, policy);
    registered.push({ method, path, ...(policy?.captcha ? { captcha: true } : {}), ...(policy?.crossOrigin ? { crossOrigin: policy.crossOrigin } : {}) });
  };
  // A /v1 backend route: the project-secret (or admin session) check runs before the handler
  // (backend/auth.ts), and the path is marked so the CORS middleware answers no other browser.
  const backendRoute: BackendRoute = (method, path, handler) => {
    if (!path.startsWith('/v1/') || path.startsWith('/v1/public/')) throw new Error(`backend route ${method} ${path} must be under /v1/ (not /v1/public/)`);
    if (registered.some((r) => r.method === method && r.path === path)) throw new Error(`route ${method} ${path} is registered twice`);
    app.on(
      method,
      path,
      // The audit log records the call when it changes something (server/audit/record.ts).
      auditedBackendHandler(svc, method, path, async (c) => {
        await requireBackendCaller(c, svc);
        return handler(c);
      }),
    );
    paths.add(path);
    policies.addBackend(path);
    registered.push({ method, path, backend: true });
  };
  // Core's routes, then every sign-in method's (server/methods.ts).
  projectRoutes(route, svc);
  sessionRoutes(route, svc);
  userRoutes(route, svc);
  accountRoutes(route, svc);
  // Two-step sign-in's trusted devices (issue 29, server/mfa/).
  trustedDeviceRoutes(route, svc);
  webhookRoutes(route, svc, { ...(opts.smsWebhookSecret ? { smsWebhookSecret: opts.smsWebhookSecret } : {}) });
  for (const m of svc.methods) m.routes(route, svc);
  coreBackendRoutes(backendRoute, svc);
  // The admin console's core calls (issue 31); their literal paths before the methods' parameter routes.
  adminBackendRoutes(backendRoute, svc);
  for (const m of svc.methods) m.backendRoutes?.(backendRoute, svc);
  auditRoutes(backendRoute, svc);
  trustedDeviceBackendRoutes(backendRoute, svc);
  webhookBackendRoutes(backendRoute, svc, opts.outboundResolver);
  // Live projects have no /dev/* at all: those paths fall through to 404.
  if (svc.project.mode === 'test') {
    devRoutes(route, svc);
    devCaptchaRoutes(route, svc);
  }
  for (const path of paths) {
    app.all(path, (c) => {
      c.header('Allow', ALLOW_METHODS);
      throw new ApiError('method_not_allowed');
    });
  }
  // The admin console's page (static; its data comes from /v1 with an admin's session).
  if (opts.adminConsole !== false) adminConsoleRoutes(app, opts.adminConsole?.dir, () => svc.project.public_token);
  if (opts.staticDirs?.length) app.use(staticFiles(opts.staticDirs));

  app.notFound((c) => errorResponse(c, new ApiError('not_found'), svc.log));
  app.onError((err, c) => errorResponse(c, err, svc.log));
  return app;
}

/** Why createApp refuses `metrics` with neither a token nor the explicit loopback opt-out. */
const METRICS_UNGUARDED =
  'metrics: /metrics on the app needs metricsToken (METRICS_TOKEN), or metricsLoopbackWithoutToken (METRICS_LOOPBACK_OPEN=1) to serve loopback callers without one';

/**
 * `GET /metrics` on the app: the bearer METRICS_TOKEN, or (opted in) loopback callers without a proxy
 * header (ops/metrics.ts). Loopback alone is not proof: a reverse proxy on the host that adds no
 * X-Forwarded-For relays every visitor from 127.0.0.1.
 */
function metricsRoute(app: Hono<AppEnv>, metrics: Metrics, token: string | undefined, loopbackWithoutToken: boolean): void {
  app.get('/metrics', async (c) => {
    const peer = c.env?.incoming?.socket?.remoteAddress;
    // The socket's address, never X-Forwarded-For: a proxied request comes from the proxy, and a header is
    // whatever the caller wrote. Under app.request (tests) there is no socket: treated as loopback.
    const loopback = peer === undefined || peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
    const bearer = requestHeader(c, 'authorization');
    const tokenOk = token !== undefined && bearer !== undefined && safeEqualHex(sha256Hex(bearer), sha256Hex(`Bearer ${token}`));
    const openLoopback = loopbackWithoutToken && loopback && requestHeader(c, 'x-forwarded-for') === undefined;
    if (!tokenOk && !openLoopback) throw new ApiError('not_found');
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  });
}

function setCors(c: Ctx, origin: string | undefined): void {
  if (!origin) return;
  c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Allow-Credentials', 'true');
  c.header('Access-Control-Expose-Headers', 'X-Request-Id');
  c.header('Vary', 'Origin', { append: true });
}
