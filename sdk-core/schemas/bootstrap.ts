/** `GET /projects/bootstrap/{public_token}` payload of docs/reference/wire-protocol.md#bootstrap: every key always present. */

/** One RBAC role with its permissions. */
export interface RBACRole {
  role_id: string;
  description?: string;
  permissions: { resource_id: string; actions: string[] }[];
}

/** The project's RBAC policy (docs/reference/methods/rbac.md#data). */
export interface RBACPolicy {
  roles: RBACRole[];
  resources: { resource_id: string; description?: string; actions: string[] }[];
  scopes: { scope: string; description: string; permissions?: { resource_id: string; actions: string[] }[] }[];
}

/** Bootstrap data as the client reads it. */
export interface BootstrapData {
  project_name: string;
  disable_sdk_watermark: boolean;
  captcha_settings: { enabled: boolean; siteKey: string };
  cname_domain: string | null;
  email_domains: string[];
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  pkce_required_for_sso: boolean;
  slug_pattern: string;
  create_organization_enabled: boolean;
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode: string | null;
  rbac_policy: RBACPolicy | null;
  siwe_required_for_crypto_wallets: boolean;
  vertical: 'CONSUMER' | 'B2B';
  /**
   * Not a provider key: which server product answers. Our reference server sends
   * `{name: 'Auth Elements', url}` so the watermark names it; the provider's API sends nothing here
   * (and the provider's own SDKs ignore unknown keys), so the watermark names the provider there.
   */
  server_product?: ServerProduct;
  /**
   * Not a provider key: the project's two-step sign-in settings (docs/reference/mfa.md#policy), so the
   * widget knows what to offer. Our reference server always sends it; absent means policy off.
   */
  mfa?: MfaBootstrap;
}

/** A two-step sign-in policy: off (one factor), optional (users who enrolled a second factor), required (every user). */
export type MfaPolicy = 'off' | 'optional' | 'required';

/** A second factor a project may count in the second step. */
export type MfaFactorKind = 'totp' | 'sms_otp' | 'webauthn' | 'recovery_code';

/** The bootstrap's `mfa` block: the project's settings with defaults applied. */
export interface MfaBootstrap {
  policy: MfaPolicy;
  /** The second factors that count, in the order totp, sms_otp, webauthn, recovery_code. */
  factors: MfaFactorKind[];
  /** How long "trust this device" lasts, 0..365 (0: not offered). */
  trust_device_days: number;
  /** Sensitive calls need a factor authenticated within this many minutes, 0..1440 (0: never asked). */
  reverification_minutes: number;
}

/** The server product a bootstrap names (our reference server only). */
export interface ServerProduct {
  /** Its name, shown after 'Powered by'. */
  name: string;
  /** Its page, linked from the watermark (https only). */
  url: string;
}

/**
 * The bootstrap of a project that sets nothing (every docs/reference/wire-protocol.md#bootstrap key present), the one defaults object
 * of both sides: the server answers it with each project's own settings on top (server/project.ts
 * `bootstrapData`: the watermark from the project's config, `server_product`), and the client falls
 * back to it when the call fails (sdk-core/bootstrap.ts `DEFAULT_BOOTSTRAP`, which hides the
 * watermark and knows no RBAC policy). Shared: never mutate it; spread it.
 */
export const BOOTSTRAP_DEFAULTS: Readonly<BootstrapData> = {
  project_name: '',
  disable_sdk_watermark: false,
  captcha_settings: { enabled: false, siteKey: '' },
  cname_domain: null,
  email_domains: [],
  pkce_required_for_email_magic_links: false,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: false,
  pkce_required_for_sso: false,
  slug_pattern: '',
  create_organization_enabled: false,
  password_config: null,
  dfp_protected_auth_enabled: false,
  dfp_protected_auth_mode: null,
  rbac_policy: { roles: [], resources: [], scopes: [] },
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};

/** Every key of {@link BootstrapData}, for tests and clients that check completeness. */
export const BOOTSTRAP_KEYS: readonly (keyof BootstrapData)[] = [
  'project_name',
  'disable_sdk_watermark',
  'captcha_settings',
  'cname_domain',
  'email_domains',
  'pkce_required_for_email_magic_links',
  'pkce_required_for_password_resets',
  'pkce_required_for_oauth',
  'pkce_required_for_sso',
  'slug_pattern',
  'create_organization_enabled',
  'password_config',
  'dfp_protected_auth_enabled',
  'dfp_protected_auth_mode',
  'rbac_policy',
  'siwe_required_for_crypto_wallets',
  'vertical',
];
