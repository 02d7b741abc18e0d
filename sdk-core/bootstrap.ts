import type { BootstrapData } from './schemas/index.ts';

/** Project settings used when the bootstrap call fails, so widgets still render (SPEC §7). */
export const DEFAULT_BOOTSTRAP: BootstrapData = {
  project_name: '',
  disable_sdk_watermark: true,
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
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
};
