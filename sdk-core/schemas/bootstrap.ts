/** `GET /projects/bootstrap/{public_token}` payload of DESIGN.md section 2: every key always present. */

/** One RBAC role with its permissions. */
export interface RBACRole {
  role_id: string;
  description?: string;
  permissions: { resource_id: string; actions: string[] }[];
}

/** The project's RBAC policy (SPEC 3). */
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
}

/** The server product a bootstrap names (our reference server only). */
export interface ServerProduct {
  /** Its name, shown after 'Powered by'. */
  name: string;
  /** Its page, linked from the watermark (https only). */
  url: string;
}

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
