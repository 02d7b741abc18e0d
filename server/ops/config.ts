/**
 * Start-up configuration checks (issue 18): every environment variable the server reads is validated
 * against a zod schema before anything starts, and every problem is reported at once, in one message
 * naming the variable, what it holds and what it should hold. A typo must never mean a default (a
 * `TRUST_PROXY=yes` silently off, a `DATABASE_URL=postgress://...` silently SQLite).
 * The project file (PROJECT_CONFIG) is checked by project/file.ts (unknown keys, URLs, too-broad entries).
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { LOG_LEVELS } from './log.ts';
import { MAX_WORKERS } from '../cluster.ts';
import { LIMIT_DEFAULTS } from '../rate-limit.ts';

const int = (min: number, max: number) => z.coerce.number().int(`must be an integer`).min(min).max(max);
const bool = z.enum(['1', '0', 'true', 'false'], { error: 'must be 1, 0, true or false' });
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const urlWithScheme = (schemes: readonly string[]) =>
  z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return schemes.includes(u.protocol) && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: `must be a URL with scheme ${schemes.map((s) => s.replace(':', '://')).join(' or ')} and a host` },
  );

/**
 * A host name as ALLOWED_HOSTS takes it: `name` or `name:port`, no scheme, path or wildcard (a `*` would
 * let any DNS name reach the server: DNS rebinding, hosts.ts).
 */
export function allowedHostProblem(entry: string): string | null {
  if (entry.includes('*')) return 'must not contain a wildcard';
  if (/[/\\@?#\s]/.test(entry) || entry.includes('://')) return 'must be a host name or host:port, without scheme or path';
  try {
    const u = new URL(`http://${entry}`);
    if (u.hostname === '') return 'needs a host name';
  } catch {
    return 'is not a valid host name';
  }
  return null;
}

const list = (check: (entry: string) => string | null) =>
  z.string().superRefine((raw, ctx) => {
    for (const e of raw
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const p = check(e);
      if (p) ctx.addIssue({ code: 'custom', message: `entry ${JSON.stringify(e)} ${p}` });
    }
  });

/** The environment the server reads (server/README.md, "Environment variables"); every entry optional. */
export const ServerEnv = z.object({
  PORT: int(0, 65535),
  HOST: nonEmpty.regex(/^\S+$/, 'must not contain spaces'),
  DATA_DIR: nonEmpty,
  DATABASE_URL: urlWithScheme(['postgres:', 'postgresql:']),
  PROJECT_CONFIG: nonEmpty.refine((p) => existsSync(p), { error: 'names a file that does not exist' }),
  SMTP_URL: urlWithScheme(['smtp:', 'smtps:']),
  SMTP_FROM: nonEmpty.max(300),
  STATIC_DIRS: list((e) => (e.indexOf('=') > 0 ? null : 'is not urlPrefix=dir')),
  TRUST_PROXY: bool,
  ADMIN_CONSOLE: z.enum(['on', 'off'], { error: 'must be on or off' }),
  ADMIN_CONSOLE_DIR: nonEmpty.refine((p) => existsSync(p), { error: 'names a folder that does not exist' }),
  JWT_ISSUER: nonEmpty.max(200),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
  SMS_PROVIDER_URL: urlWithScheme(['https:', 'http:']),
  SMS_PROVIDER_TOKEN: nonEmpty,
  SMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters'),
  CAPTCHA_REQUIRED: bool,
  CAPTCHA_SITE_KEY: nonEmpty,
  CAPTCHA_SECRET: nonEmpty,
  TRUSTED_AUTH_TOKEN_PROFILES: z.string().refine(
    (v) => {
      try {
        return Array.isArray(JSON.parse(v));
      } catch {
        return false;
      }
    },
    { error: 'must be a JSON array of profiles' },
  ),
  PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS: bool,
  PKCE_REQUIRED_FOR_PASSWORD_RESETS: bool,
  PASSWORD_LUDS_MIN_LENGTH: int(8, 256),
  PASSWORD_LUDS_COMPLEXITY: int(1, 4),
  PASSWORD_STRENGTH_POLICY: z.enum(['auto', 'none'], { error: 'must be auto or none' }),
  ENUMERATION_PROTECTION: bool,
  ALLOWED_HOSTS: list(allowedHostProblem),
  SMS_ALLOWED_COUNTRIES: list((e) => (/^[A-Za-z]{2}$/.test(e) ? null : 'is not an ISO 3166 alpha-2 code')),
  // Each limit's variable (RATE_LIMIT_*), core's and every method's, as rate-limit.ts lists them with their defaults.
  ...Object.fromEntries(Object.values(LIMIT_DEFAULTS).flatMap((d) => (d.env ? [[d.env, int(0, 1e9)]] : []))),
  HTTP_HEADERS_TIMEOUT_MS: int(0, 3_600_000),
  HTTP_REQUEST_TIMEOUT_MS: int(0, 3_600_000),
  HTTP_IDLE_TIMEOUT_MS: int(0, 3_600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(0, 3_600_000),
  HTTP_MAX_CONNECTIONS: int(0, 1_000_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000),
  SHUTDOWN_DELAY_MS: int(0, 600_000),
  METRICS: z.enum(['on', 'off'], { error: 'must be on or off' }),
  METRICS_PORT: int(0, 65535),
  METRICS_HOST: nonEmpty,
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (it guards /metrics)'),
  METRICS_LOOPBACK_OPEN: bool,
  SIGNING_KEY_ROTATION_DAYS: int(1, 3650),
  RETENTION_EXPIRED_HOURS: int(1, 87_600),
  RETENTION_SESSIONS_DAYS: int(1, 3650),
  RETENTION_EVENTS_DAYS: int(1, 3650),
  RETENTION_DEV_INBOX_HOURS: int(1, 87_600),
  RETENTION_AUDIT_DAYS: int(1, 36_500),
  PRUNE_INTERVAL_MINUTES: int(1, 10_080),
  WORKERS: int(1, MAX_WORKERS),
});

/** Names of the variables the server reads. */
export const KNOWN_ENV: readonly string[] = Object.keys(ServerEnv.shape);

// Prefixes of our own variables: an unknown name with one of these is most likely a typo of ours. Only
// warned about, since other components (and branches) add variables of their own.
const OUR_PREFIXES = ['RATE_LIMIT_', 'RETENTION_', 'METRICS_', 'PASSWORD_LUDS_', 'PKCE_REQUIRED_', 'SIGNING_KEY_', 'SHUTDOWN_'];

/** Problems (to refuse the start) and warnings (to log) of an environment. */
export interface EnvCheck {
  problems: string[];
  warnings: string[];
}

/** Checks `env` against {@link ServerEnv}: unset and empty variables are left to their defaults. */
export function checkEnvironment(env: Record<string, string | undefined>): EnvCheck {
  const present: Record<string, string> = {};
  for (const name of KNOWN_ENV) {
    const v = env[name];
    if (v !== undefined && v !== '') present[name] = v;
  }
  const problems: string[] = [];
  const parsed = ServerEnv.partial().safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}=${JSON.stringify(redactValue(name, present[name] ?? ''))} ${issue.message}`);
    }
  }
  if (present.METRICS === 'on' && present.METRICS_TOKEN === undefined && !/^(1|true)$/.test(present.METRICS_LOOPBACK_OPEN ?? '')) {
    // A reverse proxy on the host that adds no X-Forwarded-For would make every visitor a loopback caller.
    problems.push('METRICS=on needs METRICS_TOKEN (or METRICS_LOOPBACK_OPEN=1 when no reverse proxy runs on this host)');
  }
  if (present.METRICS === 'on' && present.METRICS_PORT !== undefined) {
    problems.push('METRICS=on and METRICS_PORT are both set: choose one place for /metrics');
  }
  if (present.WORKERS !== undefined && Number(present.WORKERS) > 1) {
    // Each worker would open its own empty database: sessions made by one unknown to the others.
    if (present.DATA_DIR === ':memory:') problems.push('WORKERS above 1 needs a database the processes share: not DATA_DIR=:memory:');
    // The app's /metrics would answer with the counters of whichever worker took the request.
    if (present.METRICS === 'on') problems.push('WORKERS above 1 with METRICS=on: use METRICS_PORT instead (the primary sums the workers there)');
  }
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (!KNOWN_ENV.includes(name) && OUR_PREFIXES.some((p) => name.startsWith(p))) warnings.push(`${name} is not a variable this server reads (a typo?)`);
  }
  return { problems, warnings };
}

/** Secrets are never echoed back in the error message, only their length. */
function redactValue(name: string, value: string): string {
  if (/TOKEN|SECRET|PASSWORD/.test(name) && !/^PASSWORD_/.test(name)) return `<${value.length} characters>`;
  if (name === 'DATABASE_URL' || name === 'SMTP_URL') return value.replace(/\/\/[^@/]*@/, '//<credentials>@');
  return value;
}

/** Formats the refusal message main.ts prints before exiting with status 2. */
export function configErrorMessage(problems: readonly string[]): string {
  return `Auth Elements server: refusing to start, the configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee server/README.md, "Environment variables".`;
}
