/** Per-project auth settings read from the bootstrap keys (so the widget and the server always agree). */
import type { BootstrapData } from '../sdk-core/schemas/index.ts';
import { bootstrapData } from './project/bootstrap.ts';
import type { Project } from './project/config.ts';

/** Default LUDS numbers when a project turns LUDS on without naming them (the passwords method's policy, the env parsing below). */
export const LUDS_DEFAULTS = { minLength: 8, complexity: 3 } as const;

/** True when magic-link sends must carry a code_challenge (bootstrap pkce_required_for_email_magic_links). */
export function pkceRequiredForMagicLinks(project: Project): boolean {
  return bootstrapData(project).pkce_required_for_email_magic_links;
}

/** True when reset-email sends must carry a code_challenge (bootstrap pkce_required_for_password_resets). */
export function pkceRequiredForPasswordResets(project: Project): boolean {
  return bootstrapData(project).pkce_required_for_password_resets;
}

/**
 * True when the project hides whether an address has an account (project setting `enumeration_protection`):
 * users/search, send/primary and `user_created` answer alike for every address.
 */
export function enumerationProtected(project: Project): boolean {
  return project.config.enumeration_protection === true;
}

/**
 * The project with `overrides` merged over its bootstrap keys (createApp's `bootstrap` option: PKCE-required
 * flags, password_config for LUDS), so settings come from one place for any project.
 */
export function withBootstrapOverrides(project: Project, overrides: Partial<BootstrapData> | undefined): Project {
  if (!overrides || Object.keys(overrides).length === 0) return project;
  return { ...project, config: { ...project.config, bootstrap: { ...project.config.bootstrap, ...overrides } } };
}

/**
 * Whether the one-line-per-request log is on, from LOG_LEVEL: `warn` and `error` turn it off (errors are
 * logged whatever the level). The server (main.ts) and the demos (demo/serve.ts, demo/hosts/serve.ts)
 * read it alike.
 */
export function requestLogFromEnv(env: Record<string, string | undefined>): boolean {
  return env.LOG_LEVEL !== 'warn' && env.LOG_LEVEL !== 'error';
}

/**
 * Bootstrap overrides from the environment (server/main.ts): PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS and
 * PKCE_REQUIRED_FOR_PASSWORD_RESETS (`1`/`true` on, `0`/`false` off), PASSWORD_LUDS_MIN_LENGTH and PASSWORD_LUDS_COMPLEXITY
 * (either one switches the policy from zxcvbn to LUDS).
 */
export function bootstrapOverridesFromEnv(env: Record<string, string | undefined>): Partial<BootstrapData> {
  const flag = (name: string) => env[name] === '1' || env[name] === 'true';
  const off = (name: string) => env[name] === '0' || env[name] === 'false';
  const int = (name: string, min: number, max: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in ${min}..${max}, got ${raw}`);
    return n;
  };
  const out: Partial<BootstrapData> = {};
  // `1` turns PKCE on, `0` off, whatever the stored project says (new projects start with it on).
  if (flag('PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS')) out.pkce_required_for_email_magic_links = true;
  else if (off('PKCE_REQUIRED_FOR_EMAIL_MAGIC_LINKS')) out.pkce_required_for_email_magic_links = false;
  if (flag('PKCE_REQUIRED_FOR_PASSWORD_RESETS')) out.pkce_required_for_password_resets = true;
  else if (off('PKCE_REQUIRED_FOR_PASSWORD_RESETS')) out.pkce_required_for_password_resets = false;
  // CAPTCHA_REQUIRED=1 turns captcha on; a live project names its provider's site key in CAPTCHA_SITE_KEY.
  if (flag('CAPTCHA_REQUIRED')) out.captcha_settings = { enabled: true, siteKey: env.CAPTCHA_SITE_KEY || 'dev-captcha' };
  const minLength = int('PASSWORD_LUDS_MIN_LENGTH', 8, 256);
  const complexity = int('PASSWORD_LUDS_COMPLEXITY', 1, 4);
  if (minLength !== undefined || complexity !== undefined) {
    out.password_config = { luds_minimum_count: minLength ?? LUDS_DEFAULTS.minLength, luds_complexity: complexity ?? LUDS_DEFAULTS.complexity };
  }
  return out;
}
