/**
 * The project's settings as the app holds them: the active project, core's settings and the sign-in methods'
 * (declared by each method, server/method-data.ts), and the defaults a new project starts with.
 */
import type { z } from 'zod/mini';
import type { BootstrapData } from '../../sdk-core/schemas/index.ts';
import type { MessageOverrides } from '../messaging/overrides.ts';
import type { UnionToIntersection } from '../method.ts';
import type { METHOD_DATA } from '../method-data.ts';
import type { HooksConfig } from '../hooks/config.ts';
import type { MfaConfig } from '../mfa/config.ts';

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
   * zxcvbn; 'none' checks only the length bounds (docs/reference/methods/passwords.md#validation: the widget then shows nothing).
   */
  password_strength_policy?: PasswordStrengthSetting;
  /**
   * Enumeration protection (default false: the provider's protocol, which tells whether an address has an
   * account): users/search answers the same for every address, send/primary answers 200 for unknown
   * addresses, `user_created` is always false.
   */
  enumeration_protection?: boolean;
  /** Days the audit log keeps a row (server/audit/); RETENTION_AUDIT_DAYS overrides it; default 365. */
  audit_retention_days?: number;
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
  /**
   * Blocking hooks (server/hooks/, README "Blocking hooks"): held in memory from the project file or
   * createApp's `hooks`, never stored in `projects.config` (their secrets stay out of the database).
   */
  hooks?: HooksConfig;
  /**
   * The project's own wording of its messages, by kind and language (messaging/overrides.ts; server/README.md
   * "Messages"): `{ "<kind>": { "<locale>" | "default": { subject?, text?, html? } } }`. Absent: the built-in packs.
   */
  messages?: MessageOverrides;
  /**
   * Two-step sign-in (issue 29, docs/reference/mfa.md#policy): policy, counted second factors, trusted-device
   * days, re-verification window. Absent keys take their defaults; read it through `mfaSettings` (mfa/config.ts).
   */
  mfa?: MfaConfig;
  /**
   * The longest a session may last, in minutes (issue 31, set from the admin console): a sign-in or an
   * extension asking for more gets this. Absent: what the client asks for.
   */
  session_max_minutes?: number;
}

/** The sign-in methods' settings (server/method-data.ts), merged: each method's schemas by key. */
export type MethodSettingSchemas = UnionToIntersection<Extract<(typeof METHOD_DATA)[number], { settings: object }>['settings']>;

/**
 * The methods' settings as stored and as the project file gives them: each key optional, and what has a
 * default may be left out (the code reads them through `settingOf`, project/method-settings.ts, defaults applied).
 */
export type MethodSettingValues = { -readonly [K in keyof MethodSettingSchemas]?: z.input<MethodSettingSchemas[K]> };

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
