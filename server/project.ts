/**
 * Project configuration: the default test project created on first start, or a live project read from
 * the JSON file named by PROJECT_CONFIG. The server serves exactly one project (the "active" one).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import type { BootstrapData } from '../sdk-core/schemas/index.ts';
import { BOOTSTRAP_DEFAULTS, parseWith, RBACPolicySchema } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';
import type { UnionToIntersection } from './method.ts';
import { METHOD_DATA } from './method-data.ts';
import { allowedHostProblem } from './ops/config.ts';
import { redirectAllowlistProblems } from './redirect-allowlist.ts';

/** Test projects get the dev inbox; live projects never do. */
export type ProjectMode = 'test' | 'live';

/** A trusted auth token profile: JWTs from `issuer` for `audience`, verified with a PEM key or a JWKS URL. */
export interface TrustedTokenProfile {
  profile_id: string;
  issuer: string;
  audience: string;
  /** SPKI PEM public key (e.g. ES256 or RS256). */
  public_key_pem?: string;
  /** JWKS URL, when the issuer rotates keys. */
  jwks_url?: string;
  /** Claim holding the user's email (default `email`). */
  email_claim?: string;
}

/** Core's settings stored as JSON in `projects.config`; the methods' settings are added to them ({@link ProjectConfig}). */
export interface CoreProjectConfig {
  /** Exact origins, or `scheme://host:*` for any port of that host. */
  allowed_origins: string[];
  /**
   * Redirect allowlist (redirect-allowlist.ts): scheme, host, port (`:*` = any) and a path prefix that
   * matches at a `/` boundary. Never userinfo, query or fragment.
   */
  redirect_urls: string[];
  /** Enabled products, informational for now (e.g. "otp", "emailMagicLinks"). */
  products: string[];
  display_watermark: boolean;
  /** Issuers whose JWTs sessions/attest accepts (trusted auth tokens). */
  trusted_auth_token_profiles?: TrustedTokenProfile[];
  /**
   * Password strength policy: 'auto' (default) is LUDS when bootstrap password_config is set, else
   * zxcvbn; 'none' checks only the length bounds (SPEC 5: the widget then shows nothing).
   */
  password_strength_policy?: PasswordStrengthSetting;
  /**
   * Enumeration protection (default false: the provider's protocol, which tells whether an address has an
   * account): users/search answers the same for every address, send/primary answers 200 for unknown
   * addresses, `user_created` is always false.
   */
  enumeration_protection?: boolean;
  /** Overrides of individual bootstrap keys. */
  bootstrap: Partial<BootstrapData>;
  /**
   * Host names (or `name:port`) a live project answers to besides loopback (DNS rebinding, hosts.ts);
   * ALLOWED_HOSTS adds to them. Test projects answer loopback names only.
   */
  allowed_hosts?: string[];
  /**
   * ISO 3166 regions SMS and WhatsApp codes may go to (e.g. ['US', 'CA']); absent = any region.
   * SMS_ALLOWED_COUNTRIES adds to them.
   */
  sms_allowed_countries?: string[];
}

/** The sign-in methods' settings (server/method-data.ts), merged: each method's schemas by key. */
type MethodSettingSchemas = UnionToIntersection<Extract<(typeof METHOD_DATA)[number], { settings: object }>['settings']>;

/** The methods' settings as stored and as the project file gives them: each key optional. */
export type MethodSettingValues = { -readonly [K in keyof MethodSettingSchemas]?: z.output<MethodSettingSchemas[K]> };

/**
 * Settings stored as JSON in `projects.config`: core's, and each method's under its own keys (declared
 * once, by the method's `settings`: type, file validation and normal form come from that one schema).
 */
export type ProjectConfig = CoreProjectConfig & MethodSettingValues;

/** Values of the project's password_strength_policy setting. */
export const PASSWORD_STRENGTH_SETTINGS = ['auto', 'none'] as const;
/** One password_strength_policy value. */
export type PasswordStrengthSetting = (typeof PASSWORD_STRENGTH_SETTINGS)[number];

/** The active project as the app uses it. */
export interface Project {
  project_id: string;
  public_token: string;
  mode: ProjectMode;
  project_name: string;
  config: ProjectConfig;
}

/**
 * Bootstrap keys every project created by this server starts with: magic links and reset links need PKCE,
 * so a link opened by someone else (a mail scanner running the page's script) signs nobody in and burns
 * nothing (issue 10). Projects stored before keep what they have.
 */
export const NEW_PROJECT_BOOTSTRAP: Partial<BootstrapData> = {
  pkce_required_for_email_magic_links: true,
  pkce_required_for_password_resets: true,
  pkce_required_for_oauth: true,
};

/** Defaults of the auto-created test project: loopback origins on any port, loopback redirects, PKCE. */
export const TEST_PROJECT_DEFAULTS: ProjectConfig = {
  allowed_origins: ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'],
  redirect_urls: ['http://localhost:*/', 'http://127.0.0.1:*/'],
  products: ['otp', 'emailMagicLinks', 'passwords', 'passkeys', 'oauth'],
  display_watermark: true,
  bootstrap: { ...NEW_PROJECT_BOOTSTRAP },
};

const stringList = z.array(z.string().check(z.maxLength(2048)));

/** Core's keys of the PROJECT_CONFIG file. */
const CORE_FILE_SHAPE = {
  public_token: z.string().check(z.regex(/^public-token-live-[A-Za-z0-9_-]{8,}$/)),
  project_id: z.optional(z.string().check(z.regex(/^project-live-[A-Za-z0-9_-]{8,}$/))),
  project_name: z.string().check(z.minLength(1), z.maxLength(200)),
  allowed_origins: stringList,
  redirect_urls: z.optional(stringList),
  products: z.optional(stringList),
  display_watermark: z.optional(z.boolean()),
  bootstrap: z.optional(z.record(z.string(), z.unknown())),
  password_strength_policy: z.optional(z.enum(PASSWORD_STRENGTH_SETTINGS)),
  enumeration_protection: z.optional(z.boolean()),
  allowed_hosts: z.optional(z.array(z.string().check(z.maxLength(300)))),
  sms_allowed_countries: z.optional(z.array(z.string().check(z.regex(/^[A-Z]{2}$/)))),
  trusted_auth_token_profiles: z.optional(
    z.array(
      z.object({
        profile_id: z.string(),
        issuer: z.string(),
        audience: z.string(),
        public_key_pem: z.optional(z.string()),
        jwks_url: z.optional(z.string()),
        email_claim: z.optional(z.string()),
      }),
    ),
  ),
};

/** Each method's settings by key, from server/method-data.ts. */
const METHOD_SETTINGS: ReadonlyMap<string, z.ZodMiniType> = (() => {
  const out = new Map<string, z.ZodMiniType>();
  for (const m of METHOD_DATA) {
    for (const [key, schema] of Object.entries('settings' in m ? m.settings : {})) {
      if (key in CORE_FILE_SHAPE || out.has(key)) throw new Error(`project setting ${key} of method ${m.name} is already declared`);
      out.set(key, schema);
    }
  }
  return out;
})();

const CoreProjectFile = z.strictObject(CORE_FILE_SHAPE);
/** Parsed PROJECT_CONFIG file: core's keys and the methods' settings. */
export type LiveProjectFile = z.infer<typeof CoreProjectFile> & MethodSettingValues;
/** Shape of the PROJECT_CONFIG JSON file (live projects); an unknown key is refused (a typo must not be ignored). */
export const LiveProjectFile = z.strictObject({
  ...CORE_FILE_SHAPE,
  ...Object.fromEntries([...METHOD_SETTINGS].map(([key, schema]) => [key, z.optional(schema)])),
}) as unknown as z.ZodMiniType<LiveProjectFile>;

/**
 * Reads and validates a PROJECT_CONFIG file; throws a readable error naming the bad fields, including
 * redirect allowlist entries that are not scheme + host (+ port, path) or carry userinfo, query or fragment.
 */
export function readLiveProjectFile(path: string): LiveProjectFile {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const parsed = parseWith(LiveProjectFile, raw);
  if (!parsed.ok) {
    throw new Error(`PROJECT_CONFIG ${path} is invalid: ${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
  }
  const problems = liveProjectProblems(parsed.value);
  if (problems.length > 0) throw new Error(`PROJECT_CONFIG ${path} is invalid: ${problems.join('; ')}`);
  return parsed.value;
}

/**
 * Why an `allowed_origins` entry is refused, or null: an entry is an exact origin (`https://app.example.com`,
 * `http://localhost:8080`) or `scheme://host:*` (any port), http or https, never a wildcard host, a bare
 * scheme, a path or `null` (issue 18: an entry must not match more than the host meant).
 */
export function allowedOriginProblem(entry: string): string | null {
  const text = entry.endsWith(':*') ? entry.slice(0, -2) : entry;
  if (text.includes('*')) return 'must not contain a wildcard host (list each origin)';
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return 'is not an origin (scheme://host[:port])';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'must be an http or https origin';
  if (u.hostname === '') return 'needs a host';
  if (u.origin !== text) return 'must be an origin only: no path, query, fragment or userinfo';
  return null;
}

/** Every problem of a live project's lists: redirect URLs, allowed origins, allowed hosts and the methods' own checks (empty when valid). */
export function liveProjectProblems(live: Pick<LiveProjectFile, 'redirect_urls' | 'allowed_origins' | 'allowed_hosts'> & MethodSettingValues): string[] {
  const out = redirectAllowlistProblems(live.redirect_urls ?? []);
  live.allowed_origins.forEach((o, i) => {
    const p = allowedOriginProblem(o);
    if (p) out.push(`allowed_origins[${i}] ${JSON.stringify(o)} ${p}`);
  });
  (live.allowed_hosts ?? []).forEach((h, i) => {
    const p = allowedHostProblem(h);
    if (p) out.push(`allowed_hosts[${i}] ${JSON.stringify(h)} ${p}`);
  });
  for (const m of METHOD_DATA) if ('settingsProblems' in m) out.push(...m.settingsProblems(live));
  return out;
}

/**
 * The methods' settings a live project file gives, in stored form (each through its schema: a caller
 * passing an object rather than a file gets the same checks and normal form).
 * @throws Error naming the setting and what is wrong with it
 */
function methodSettingsOf(live: LiveProjectFile): MethodSettingValues {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of METHOD_SETTINGS) {
    const value: unknown = live[key as keyof LiveProjectFile];
    // An empty string is an absent setting, as it always was.
    if (value === undefined || value === '') continue;
    const parsed = parseWith(schema, value);
    if (!parsed.ok) throw new Error(`live project is invalid: ${key}${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
    out[key] = parsed.value;
  }
  return out as MethodSettingValues;
}

function rowToProject(row: { project_id: string; public_token: string; mode: string; project_name: string; config: string }): Project {
  return {
    project_id: row.project_id,
    public_token: row.public_token,
    mode: row.mode === 'live' ? 'live' : 'test',
    project_name: row.project_name,
    config: { ...TEST_PROJECT_DEFAULTS, ...(JSON.parse(row.config) as Partial<ProjectConfig>) },
  };
}

/**
 * Returns the active project: the live one from `live` (inserted or updated by public token), else the
 * oldest test project in the database, created on first start.
 */
export async function ensureProject(db: Db, now: number, live?: LiveProjectFile): Promise<Project> {
  const k = db.kysely;
  if (live) {
    // Programmatic callers (createApp's liveProject) skip readLiveProjectFile: check the allowlist here too.
    const problems = liveProjectProblems(live);
    if (problems.length > 0) throw new Error(`live project is invalid: ${problems.join('; ')}`);
    const existing = await k.selectFrom('projects').selectAll().where('public_token', '=', live.public_token).executeTakeFirst();
    const fileBootstrap = (live.bootstrap as Partial<BootstrapData> | undefined) ?? {};
    // A key the file does not set: a new project gets the new default, a stored one keeps its value.
    const storedBootstrap = existing ? ((JSON.parse(existing.config) as Partial<ProjectConfig>).bootstrap ?? {}) : NEW_PROJECT_BOOTSTRAP;
    const inherited: Partial<BootstrapData> = {};
    for (const key of Object.keys(NEW_PROJECT_BOOTSTRAP) as (keyof typeof NEW_PROJECT_BOOTSTRAP)[]) {
      if (!(key in fileBootstrap) && storedBootstrap[key] !== undefined) Object.assign(inherited, { [key]: storedBootstrap[key] });
    }
    const config: ProjectConfig = {
      allowed_origins: live.allowed_origins,
      redirect_urls: live.redirect_urls ?? [],
      products: live.products ?? ['otp'],
      display_watermark: live.display_watermark ?? true,
      bootstrap: { ...inherited, ...fileBootstrap },
      ...(live.trusted_auth_token_profiles ? { trusted_auth_token_profiles: live.trusted_auth_token_profiles } : {}),
      ...(live.password_strength_policy ? { password_strength_policy: live.password_strength_policy } : {}),
      ...(live.enumeration_protection !== undefined ? { enumeration_protection: live.enumeration_protection } : {}),
      ...(live.allowed_hosts ? { allowed_hosts: live.allowed_hosts } : {}),
      ...(live.sms_allowed_countries ? { sms_allowed_countries: live.sms_allowed_countries } : {}),
      ...methodSettingsOf(live),
    };
    // A policy the checks cannot read would silently grant nothing: refuse to start instead.
    if (fileBootstrap.rbac_policy != null) {
      const parsed = parseWith(RBACPolicySchema, fileBootstrap.rbac_policy);
      if (!parsed.ok) throw new Error(`live project is invalid: bootstrap.rbac_policy ${parsed.errors.map((e) => `${e.dataPath} ${e.message}`).join('; ')}`);
    }
    if (existing) {
      await k
        .updateTable('projects')
        .set({ project_name: live.project_name, config: JSON.stringify(config), mode: 'live' })
        .where('project_id', '=', existing.project_id)
        .execute();
    } else {
      await k
        .insertInto('projects')
        .values({
          project_id: live.project_id ?? `project-live-${randomUUID()}`,
          public_token: live.public_token,
          mode: 'live',
          project_name: live.project_name,
          config: JSON.stringify(config),
          created_at: now,
        })
        .execute();
    }
    const row = await k.selectFrom('projects').selectAll().where('public_token', '=', live.public_token).executeTakeFirstOrThrow();
    return rowToProject(row);
  }
  const existing = await k.selectFrom('projects').selectAll().where('mode', '=', 'test').orderBy('created_at').executeTakeFirst();
  if (existing) return rowToProject(existing);
  const projectId = `project-test-${randomUUID()}`;
  await k
    .insertInto('projects')
    .values({
      project_id: projectId,
      public_token: `public-token-test-${randomUUID()}`,
      mode: 'test',
      project_name: 'Auth Elements Demo',
      config: JSON.stringify(TEST_PROJECT_DEFAULTS),
      created_at: now,
    })
    // Two processes starting on one fresh database: the loser's insert is harmless, both read the oldest.
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await k.selectFrom('projects').selectAll().where('mode', '=', 'test').orderBy('created_at').executeTakeFirstOrThrow();
  return rowToProject(row);
}

/** True when `origin` matches one of the patterns (exact origin, or `scheme://host:*` for any port). */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  // An Origin header is only ever scheme://host[:port]; anything with a path is not a real origin.
  if (o.origin !== origin) return false;
  for (const p of patterns) {
    if (p.endsWith(':*')) {
      try {
        const base = new URL(p.slice(0, -2));
        if (base.protocol === o.protocol && base.hostname === o.hostname) return true;
      } catch {
        // A malformed pattern matches nothing.
      }
    } else if (p === origin) {
      return true;
    } else {
      try {
        if (new URL(p).origin === origin) return true;
      } catch {
        // ignore
      }
    }
  }
  return false;
}

/**
 * The server product this server announces in the bootstrap (`server_product`), so the widget's
 * watermark says 'Powered by Auth Elements' and links to the kit's README (its npm page) instead
 * of naming the hosted provider.
 */
export const SERVER_PRODUCT = { name: 'Auth Elements', url: 'https://www.npmjs.com/package/auth-elements' } as const;

/** Bootstrap payload for the project: every DESIGN 2 key present, project overrides applied. */
export function bootstrapData(project: Project): BootstrapData {
  const base: BootstrapData = { ...BOOTSTRAP_DEFAULTS, disable_sdk_watermark: !project.config.display_watermark, server_product: { ...SERVER_PRODUCT } };
  return { ...base, ...project.config.bootstrap, project_name: project.project_name };
}
