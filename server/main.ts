/**
 * CLI entry: `tsx server/main.ts`. Configuration from the environment (see server/README.md):
 * PORT, HOST, DATA_DIR, DATABASE_URL, PROJECT_CONFIG, SMTP_URL, SMTP_FROM, STATIC_DIRS, TRUST_PROXY,
 * JWT_ISSUER, RATE_LIMIT_OTP_EMAIL / _IP / _PROJECT, LOG_LEVEL, SMS_PROVIDER_URL, SMS_PROVIDER_TOKEN, SMS_WEBHOOK_SECRET,
 * CAPTCHA_REQUIRED, CAPTCHA_SITE_KEY, CAPTCHA_SECRET, TRUSTED_AUTH_TOKEN_PROFILES (JSON array),
 * PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS, PKCE_REQUIRED_FOR_PASSWORD_RESETS, PASSWORD_LUDS_MIN_LENGTH / _COMPLEXITY,
 * PASSWORD_STRENGTH_POLICY (auto | none), ENUMERATION_PROTECTION (1 | 0), RATE_LIMIT_USER_SEARCH_IP, ALLOWED_HOSTS,
 * SMS_ALLOWED_COUNTRIES, RATE_LIMIT_SMS_PREFIX, RATE_LIMIT_EVENTS_IP / _TOKEN / _STORED, HTTP_HEADERS_TIMEOUT_MS,
 * HTTP_REQUEST_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_MAX_CONNECTIONS, WORKERS (server/cluster.ts).
 */
import type { StaticDir } from './routes/static.ts';
import { PASSWORD_STRENGTH_SETTINGS, type PasswordStrengthSetting } from './project/config.ts';
import { readLiveProjectFile } from './project/file.ts';
import { LIMIT_DEFAULTS, type RateLimits } from './rate-limit.ts';
import { bootstrapOverridesFromEnv, requestLogFromEnv } from './settings.ts';
import cluster from 'node:cluster';
import { joinCluster, runPrimary } from './cluster.ts';
import { openDatabase } from './db/index.ts';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, DEFAULT_SOCKET_LIMITS, type StartServerOptions, startServer } from './start.ts';
import { exitOnBadConfig, opsOptionsFromEnv } from './ops/startup.ts';
import { logLine } from './ops/log.ts';

const env = process.env;
// Issue 18: every variable and the project file are checked first; any problem refuses the start (exit 2).
exitOnBadConfig(env);

function intEnv(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return n;
}

// STATIC_DIRS: comma-separated `urlPrefix=dir` pairs, e.g. "/dist/=./dist,/=./demo/public".
function staticDirs(raw: string | undefined): StaticDir[] {
  if (!raw) return [];
  return raw.split(',').map((pair) => {
    const i = pair.indexOf('=');
    if (i <= 0) throw new Error(`STATIC_DIRS entry "${pair}" is not urlPrefix=dir`);
    return { urlPrefix: pair.slice(0, i).trim(), dir: pair.slice(i + 1).trim() };
  });
}

/** PASSWORD_STRENGTH_POLICY, refused at start when it names no policy (a typo must not mean 'auto'). */
function strengthPolicyEnv(raw: string | undefined): PasswordStrengthSetting | undefined {
  if (raw === undefined || raw === '') return undefined;
  const known = PASSWORD_STRENGTH_SETTINGS as readonly string[];
  if (!known.includes(raw)) throw new Error(`PASSWORD_STRENGTH_POLICY must be one of ${known.join(', ')}, got ${raw}`);
  return raw as PasswordStrengthSetting;
}
const strengthPolicy = strengthPolicyEnv(env.PASSWORD_STRENGTH_POLICY);

/** A 1/0 (true/false) variable; unset leaves the project's own setting; anything else is refused at start. */
function booleanEnv(name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got ${raw}`);
}
const enumerationProtection = booleanEnv('ENUMERATION_PROTECTION');

/** Every limit, core's and each method's, with its `max` from its env variable (LIMIT_DEFAULTS), its window unchanged. */
const limits = Object.fromEntries(
  Object.entries(LIMIT_DEFAULTS).map(([name, d]) => [name, { max: d.env ? intEnv(d.env, d.max) : d.max, windowMs: d.windowMs }]),
) as unknown as RateLimits;

/** Comma-separated list, trimmed, empty entries dropped. */
const listEnv = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** SMS_ALLOWED_COUNTRIES: ISO 3166 alpha-2 codes; a typo must not silently allow nothing or everything. */
const smsCountries = listEnv(env.SMS_ALLOWED_COUNTRIES).map((c) => c.toUpperCase());
for (const c of smsCountries) if (!/^[A-Z]{2}$/.test(c)) throw new Error(`SMS_ALLOWED_COUNTRIES entries must be ISO 3166 alpha-2 codes, got ${c}`);

const options: StartServerOptions = {
  port: intEnv('PORT', 8787),
  host: env.HOST || '127.0.0.1',
  dataDir: env.DATA_DIR || './data',
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.PROJECT_CONFIG ? { liveProject: readLiveProjectFile(env.PROJECT_CONFIG) } : {}),
  ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
  ...(env.SMTP_FROM ? { smtpFrom: env.SMTP_FROM } : {}),
  ...(env.SMS_PROVIDER_URL ? { smsProviderUrl: env.SMS_PROVIDER_URL } : {}),
  ...(env.SMS_PROVIDER_TOKEN ? { smsProviderToken: env.SMS_PROVIDER_TOKEN } : {}),
  ...(env.SMS_WEBHOOK_SECRET ? { smsWebhookSecret: env.SMS_WEBHOOK_SECRET } : {}),
  bootstrap: bootstrapOverridesFromEnv(env),
  ...(env.CAPTCHA_SECRET ? { captchaSecret: env.CAPTCHA_SECRET } : {}),
  ...(env.TRUSTED_AUTH_TOKEN_PROFILES ? { trustedAuthTokenProfiles: JSON.parse(env.TRUSTED_AUTH_TOKEN_PROFILES) } : {}),
  ...(env.JWT_ISSUER ? { issuer: env.JWT_ISSUER } : {}),
  ...(strengthPolicy ? { passwordStrengthPolicy: strengthPolicy } : {}),
  ...(enumerationProtection !== undefined ? { enumerationProtection } : {}),
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  staticDirs: staticDirs(env.STATIC_DIRS),
  // The admin console at /admin (issue 31): on unless ADMIN_CONSOLE=off.
  ...(env.ADMIN_CONSOLE === 'off' ? { adminConsole: false as const } : env.ADMIN_CONSOLE_DIR ? { adminConsole: { dir: env.ADMIN_CONSOLE_DIR } } : {}),
  rateLimits: limits,
  allowedHosts: listEnv(env.ALLOWED_HOSTS),
  smsAllowedCountries: smsCountries,
  socketLimits: {
    headersTimeoutMs: intEnv('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_SOCKET_LIMITS.headersTimeoutMs),
    requestTimeoutMs: intEnv('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_SOCKET_LIMITS.requestTimeoutMs),
    idleTimeoutMs: intEnv('HTTP_IDLE_TIMEOUT_MS', DEFAULT_SOCKET_LIMITS.idleTimeoutMs),
    keepAliveTimeoutMs: intEnv('HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SOCKET_LIMITS.keepAliveTimeoutMs),
    maxConnections: intEnv('HTTP_MAX_CONNECTIONS', DEFAULT_SOCKET_LIMITS.maxConnections),
  },
  log: requestLogFromEnv(env),
  ...opsOptionsFromEnv(env),
};
// WORKERS=N (issue 16): N processes on one port (server/cluster.ts); 1 (the default) is this process alone.
const workers = intEnv('WORKERS', 1);

if (workers > 1 && cluster.isPrimary) {
  await runPrimary({
    workers,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    ...(options.shutdownDelayMs !== undefined ? { shutdownDelayMs: options.shutdownDelayMs } : {}),
    // The migrations once, here, before any worker opens the database; the test project and the first
    // signing key are made by the first worker under the start-up lock (db/lock.ts), found by the others.
    async prepare() {
      const db = await openDatabase({ dataDir: options.dataDir ?? './data', ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}) });
      await db.close();
    },
    ...(options.metricsPort !== undefined ? { metrics: { port: options.metricsPort, host: options.metricsHost ?? options.host ?? '127.0.0.1' } } : {}),
  });
} else {
  await serveHere(options);
}

/** Runs the server in this process (alone, or as one worker of a cluster), stopping gracefully on SIGTERM / SIGINT. */
async function serveHere(opts: StartServerOptions): Promise<void> {
  const worker = cluster.isWorker;
  // In a cluster the primary serves the summed metrics (METRICS_PORT); a worker serves none of its own there.
  const startOpts = { ...opts };
  if (worker) delete startOpts.metricsPort;
  // Before the start: a shutdown the primary asks for while this worker starts must not be lost.
  const ready = worker ? joinCluster() : undefined;
  const server = await startServer(startOpts);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Graceful (start.ts close): stop accepting, finish in-flight requests within SHUTDOWN_TIMEOUT_MS, settle the outbox, close the database.
    server.close().then(
      () => {
        if (!worker) console.error(logLine('info', { msg: 'stopped' }));
        process.exit(0);
      },
      (err: unknown) => {
        console.error(logLine('error', { msg: 'shutdown failed', error: String(err) }));
        process.exit(1);
      },
    );
  };
  let signals = 0;
  const onSignal = (signal: string) => {
    signals += 1;
    if (signals > 1) {
      // A second signal while draining: the operator wants out now.
      console.error(logLine('warn', { msg: 'second signal: exiting without waiting', signal }));
      process.exit(1);
    }
    if (!worker) console.error(logLine('info', { msg: 'shutting down', signal }));
    stop();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  if (ready) {
    // The primary prints where the cluster listens, and asks the workers to stop (cluster.ts).
    ready({ url: server.url, publicToken: server.publicToken, registry: server.metricsRegistry, stop });
    return;
  }
  console.log(`Auth Elements reference server listening on ${server.url}`);
  if (server.metricsPort !== undefined) console.log(`Metrics on port ${server.metricsPort} (/metrics)`);
  console.log(`Public token: ${server.publicToken}`);
}
