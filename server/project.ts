/**
 * Project configuration: the default test project created on first start, or a live project read from
 * the JSON file named by PROJECT_CONFIG. The server serves exactly one project (the "active" one).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod/mini';
import type { BootstrapData } from '../sdk-core/schemas/index.ts';
import { BOOTSTRAP_DEFAULTS, normalizeEmail, parseWith, RBACPolicySchema } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';
import { allowedHostProblem } from './ops/config.ts';
import { redirectAllowlistProblems, registeredUriProblem } from './redirect-allowlist.ts';

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

/** WebAuthn settings of a project (DESIGN 3: user verification as configured). */
export interface WebAuthnSettings {
  user_verification?: 'required' | 'preferred' | 'discouraged';
  /** Relying-party name shown by authenticators; default the project name. */
  rp_name?: string;
}

/**
 * Credentials of one OAuth provider (server/README.md "OAuth providers"): `client_id` and `client_secret`
 * always; Apple signs its client secret itself from `team_id`, `key_id` and `private_key` (PKCS#8 PEM);
 * Microsoft's `tenant` (default `common`); GitLab's `base_url` (default https://gitlab.com); Salesforce's
 * `domain` (default login.salesforce.com).
 */
export interface OAuthProviderCredentials {
  client_id: string;
  client_secret?: string;
  team_id?: string;
  key_id?: string;
  private_key?: string;
  tenant?: string;
  base_url?: string;
  domain?: string;
}

/** OAuth settings of a project (issue 13). */
export interface OAuthSettings {
  /** Credentials by lowercase provider name (`google`, `github`, ...). A test project without them uses the dev provider. */
  providers?: Record<string, OAuthProviderCredentials>;
  /** Where a flow lands when the start names no login / sign-up URL (each must be on `redirect_urls`). */
  login_redirect_url?: string;
  signup_redirect_url?: string;
  /**
   * Public origin of this server as the providers see it (the callback URL registered at each provider is
   * `{callback_base_url}/v1/public/oauth/callback/{provider}`); default the request's own origin.
   */
  callback_base_url?: string;
  /** Google One Tap on (default) or off (`default_provider_not_allowed`). */
  one_tap?: boolean;
}

/** Settings stored as JSON in `projects.config`. */
export interface ProjectConfig {
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
  /** WebAuthn settings: user verification required / preferred / discouraged (default preferred), RP name. */
  webauthn?: WebAuthnSettings;
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
  /** OAuth provider credentials and defaults (issue 13). */
  oauth?: OAuthSettings;
  /**
   * Roles every user of the project has (issue 15 RBAC); default `['stytch_user']`, the provider's role
   * of every user. Roles given with setUserRoles (server/rbac) and {@link roles_by_email} add to them.
   */
  default_roles?: string[];
  /** Roles of the user owning each verified email address (lower-case), e.g. `{"ops@corp.example": ["admin"]}`. */
  roles_by_email?: Record<string, string[]>;
  /**
   * The server as an OpenID provider (issue 14): the page hosting `<auth-idp-consent>` (an absolute http(s)
   * URL, or a path on the issuer's origin such as `/idp-consent.html`); the authorization and end-session
   * endpoints send the browser there with the request's parameters.
   */
  idp_consent_url?: string;
  /** Public origin of the provider's issuer (`{idp_issuer_base_url}/v1/public/{project_id}`); default the request's origin. */
  idp_issuer_base_url?: string;
  /** Client applications declared in the config (more are created with createIdpClient, server/idp/clients.ts). */
  idp_clients?: IdpClientConfig[];
}

/** A client application of the OpenID provider declared in the project config (issue 14). */
export interface IdpClientConfig {
  client_id: string;
  client_name: string;
  /** Default `third_party` (consent asked). A `first_party` client is the project's own app: no consent screen. */
  client_type?: 'first_party' | 'third_party';
  description?: string;
  logo_url?: string;
  /** Exact redirect URIs (compared as strings). */
  redirect_uris: string[];
  /** Exact post-logout redirect URIs. */
  post_logout_redirect_uris?: string[];
  /** SHA-256 hex of the client secret (a confidential client); absent: a public client (PKCE only). */
  client_secret_sha256?: string;
}

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
/** A role id as the RBAC policy names it (server/rbac). */
const roleId = z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/));

/** Shape of the PROJECT_CONFIG JSON file (live projects); an unknown key is refused (a typo must not be ignored). */
export const LiveProjectFile = z.strictObject({
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
  webauthn: z.optional(
    z.object({
      user_verification: z.optional(z.enum(['required', 'preferred', 'discouraged'])),
      rp_name: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    }),
  ),
  allowed_hosts: z.optional(z.array(z.string().check(z.maxLength(300)))),
  sms_allowed_countries: z.optional(z.array(z.string().check(z.regex(/^[A-Z]{2}$/)))),
  oauth: z.optional(
    z.object({
      providers: z.optional(
        z.record(
          z.string().check(z.regex(/^[a-z]{2,20}$/)),
          z.object({
            client_id: z.string().check(z.minLength(1), z.maxLength(500)),
            client_secret: z.optional(z.string().check(z.maxLength(4000))),
            team_id: z.optional(z.string().check(z.maxLength(100))),
            key_id: z.optional(z.string().check(z.maxLength(100))),
            private_key: z.optional(z.string().check(z.maxLength(8000))),
            tenant: z.optional(z.string().check(z.maxLength(200))),
            base_url: z.optional(z.string().check(z.maxLength(500))),
            domain: z.optional(z.string().check(z.maxLength(300))),
          }),
        ),
      ),
      login_redirect_url: z.optional(z.string().check(z.maxLength(2048))),
      signup_redirect_url: z.optional(z.string().check(z.maxLength(2048))),
      callback_base_url: z.optional(z.string().check(z.maxLength(500))),
      one_tap: z.optional(z.boolean()),
    }),
  ),
  default_roles: z.optional(z.array(roleId).check(z.maxLength(100))),
  roles_by_email: z.optional(z.record(z.string().check(z.maxLength(1024)), z.array(roleId).check(z.maxLength(100)))),
  idp_consent_url: z.optional(z.string().check(z.maxLength(2048))),
  idp_issuer_base_url: z.optional(z.string().check(z.maxLength(500))),
  idp_clients: z.optional(
    z.array(
      z.strictObject({
        client_id: z.string().check(z.regex(/^[A-Za-z0-9._~-]{1,256}$/)),
        client_name: z.string().check(z.minLength(1), z.maxLength(200)),
        client_type: z.optional(z.enum(['first_party', 'third_party'])),
        description: z.optional(z.string().check(z.maxLength(1000))),
        logo_url: z.optional(z.string().check(z.maxLength(2048))),
        redirect_uris: z.array(z.string().check(z.maxLength(2048))).check(z.minLength(1), z.maxLength(50)),
        post_logout_redirect_uris: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(50))),
        client_secret_sha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
      }),
    ),
  ),
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
});
/** Parsed PROJECT_CONFIG file. */
export type LiveProjectFile = z.infer<typeof LiveProjectFile>;

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

/** Every problem of a live project's lists: redirect URLs, allowed origins and allowed hosts (empty when valid). */
export function liveProjectProblems(
  live: Pick<LiveProjectFile, 'redirect_urls' | 'allowed_origins' | 'allowed_hosts'> & Partial<Pick<LiveProjectFile, 'idp_clients' | 'idp_consent_url'>>,
): string[] {
  const out = redirectAllowlistProblems(live.redirect_urls ?? []);
  live.allowed_origins.forEach((o, i) => {
    const p = allowedOriginProblem(o);
    if (p) out.push(`allowed_origins[${i}] ${JSON.stringify(o)} ${p}`);
  });
  (live.allowed_hosts ?? []).forEach((h, i) => {
    const p = allowedHostProblem(h);
    if (p) out.push(`allowed_hosts[${i}] ${JSON.stringify(h)} ${p}`);
  });
  // The OpenID provider's clients (issue 14): registered URIs absolute http(s), https unless loopback.
  (live.idp_clients ?? []).forEach((c, i) => {
    for (const key of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
      (c[key] ?? []).forEach((uri, j) => {
        const p = registeredUriProblem(uri);
        if (p) out.push(`idp_clients[${i}].${key}[${j}]: ${p}`);
      });
    }
    if (c.logo_url !== undefined && registeredUriProblem(c.logo_url)) out.push(`idp_clients[${i}].logo_url: ${registeredUriProblem(c.logo_url)}`);
  });
  const consent = live.idp_consent_url;
  if (consent !== undefined && !(consent.startsWith('/') && !consent.startsWith('//')) && registeredUriProblem(consent)) {
    out.push(`idp_consent_url: ${registeredUriProblem(consent)} (or give a path on this server, such as /idp-consent.html)`);
  }
  return out;
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
      ...(live.webauthn ? { webauthn: live.webauthn } : {}),
      ...(live.password_strength_policy ? { password_strength_policy: live.password_strength_policy } : {}),
      ...(live.enumeration_protection !== undefined ? { enumeration_protection: live.enumeration_protection } : {}),
      ...(live.allowed_hosts ? { allowed_hosts: live.allowed_hosts } : {}),
      ...(live.sms_allowed_countries ? { sms_allowed_countries: live.sms_allowed_countries } : {}),
      ...(live.oauth ? { oauth: live.oauth } : {}),
      ...(live.default_roles ? { default_roles: live.default_roles } : {}),
      ...(live.roles_by_email ? { roles_by_email: normalizeRolesByEmail(live.roles_by_email) } : {}),
      ...(live.idp_consent_url ? { idp_consent_url: live.idp_consent_url } : {}),
      ...(live.idp_issuer_base_url ? { idp_issuer_base_url: live.idp_issuer_base_url } : {}),
      ...(live.idp_clients ? { idp_clients: live.idp_clients } : {}),
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

/** roles_by_email with its addresses in stored form (normalizeEmail, as users' emails are stored), so lookups match. */
function normalizeRolesByEmail(byEmail: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(byEmail).map(([email, roles]) => [normalizeEmail(email) ?? email.trim().toLowerCase(), roles]));
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
