/**
 * The oauth method's project settings (key `oauth` of the project file and of `ProjectConfig`): provider
 * credentials and the flow's defaults. Data only: core reads it through server/method-data.ts without
 * loading the method's code, so it imports nothing of the method.
 */
import { z } from 'zod/mini';

/**
 * Credentials of one OAuth provider (server/README.md "OAuth providers"): `client_id` and `client_secret`
 * always; Apple signs its client secret itself from `team_id`, `key_id` and `private_key` (PKCS#8 PEM);
 * Microsoft's `tenant` (default `common`); GitLab's `base_url` (default https://gitlab.com); Salesforce's
 * `domain` (default login.salesforce.com).
 */
export const OAuthProviderCredentials = z.object({
  client_id: z.string().check(z.minLength(1), z.maxLength(500)),
  client_secret: z.optional(z.string().check(z.maxLength(4000))),
  team_id: z.optional(z.string().check(z.maxLength(100))),
  key_id: z.optional(z.string().check(z.maxLength(100))),
  private_key: z.optional(z.string().check(z.maxLength(8000))),
  tenant: z.optional(z.string().check(z.maxLength(200))),
  base_url: z.optional(z.string().check(z.maxLength(500))),
  domain: z.optional(z.string().check(z.maxLength(300))),
});
/** Credentials of one OAuth provider. */
export type OAuthProviderCredentials = z.infer<typeof OAuthProviderCredentials>;

/** OAuth settings of a project (issue 13). */
export const OAuthSettings = z.object({
  /** Credentials by lowercase provider name (`google`, `github`, ...). A test project without them uses the dev provider. */
  providers: z.optional(z.record(z.string().check(z.regex(/^[a-z]{2,20}$/)), OAuthProviderCredentials)),
  /** Where a flow lands when the start names no login / sign-up URL (each must be on `redirect_urls`). */
  login_redirect_url: z.optional(z.string().check(z.maxLength(2048))),
  signup_redirect_url: z.optional(z.string().check(z.maxLength(2048))),
  /**
   * Public origin of this server as the providers see it (the callback URL registered at each provider is
   * `{callback_base_url}/v1/public/oauth/callback/{provider}`); default the request's own origin.
   */
  callback_base_url: z.optional(z.string().check(z.maxLength(500))),
  /** Google One Tap on (default) or off (`default_provider_not_allowed`). */
  one_tap: z._default(z.boolean(), true),
});
/** OAuth settings of a project, defaults applied. */
export type OAuthSettings = z.output<typeof OAuthSettings>;

/** The oauth method's settings: top-level project keys and their schemas (absent: the defaults). */
export const OAUTH_SETTINGS = { oauth: z.prefault(OAuthSettings, {}) } as const;
