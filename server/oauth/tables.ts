/**
 * Kysely table types of the oauth method (migration 0008_oauth, conventions of db/schema.ts: times are
 * epoch ms, booleans 0/1). Every bearer value (state, OAuth token, dev code, One Tap nonce) is stored as
 * its SHA-256 only (docs/reference/security.md#oauth-and-idp).
 */

/** `oauth_states`: one started redirect flow (single use, 10 minutes), bound to the SDK's PKCE challenge and the checked redirect URLs. */
export interface OAuthStatesTable {
  state_hash: string;
  project_id: string;
  provider: string;
  /** RFC 7636 S256 challenge of the SDK client (the browser), redeemed at /sdk/v1/oauth/authenticate; null without PKCE. */
  code_challenge: string | null;
  /** Our own PKCE verifier for the provider leg (sent to the provider's token endpoint with the code). */
  provider_code_verifier: string;
  /** OIDC nonce sent to the provider; the ID token must carry it back. */
  nonce: string;
  login_redirect_url: string;
  signup_redirect_url: string;
  /** Space-separated scopes asked for. */
  scopes: string;
  /** The redirect_uri given to the provider (the token request repeats it). */
  callback_url: string;
  /** True when the flow goes through the dev provider (test project without credentials). */
  dev: number;
  /** The user an attach token bound the flow to (migration 0021_oauth_attach): the provider account is linked to them; null signs in. */
  attach_user_id?: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth_attach_tokens`: a signed-in user's single-use token (5 minutes) that binds one start to them (migration 0021_oauth_attach). */
export interface OAuthAttachTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  provider: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth_tokens`: the token handed to the redirect URL, redeemed once at /sdk/v1/oauth/authenticate. */
export interface OAuthTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  oauth_user_registration_id: string;
  provider: string;
  provider_subject: string;
  email_id: string | null;
  code_challenge: string | null;
  /** The provider's tokens, kept only until redemption (cleared by the claiming UPDATE). */
  access_token: string | null;
  id_token: string | null;
  scopes: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth_user_registrations`: one provider identity of a user; (project, provider, subject) is unique. */
export interface OAuthUserRegistrationsTable {
  oauth_user_registration_id: string;
  project_id: string;
  user_id: string;
  provider_type: string;
  provider_subject: string;
  email: string | null;
  /** Whether the provider said it verified `email` (1) or not (0). */
  email_verified: number;
  profile_picture_url: string | null;
  locale: string | null;
  created_at: number;
  updated_at: number;
}

/** `oauth_dev_codes`: authorization codes of the dev provider (test projects), single use, 10 minutes. */
export interface OAuthDevCodesTable {
  code_hash: string;
  project_id: string;
  provider: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  nonce: string;
  subject: string;
  email: string;
  name: string;
  email_verified: number;
  scopes: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth_nonces`: One Tap nonces (single use, 10 minutes) with the redirect URLs checked at start. */
export interface OAuthNoncesTable {
  nonce_hash: string;
  project_id: string;
  login_redirect_url: string;
  signup_redirect_url: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth_dev_keys`: the dev provider's signing key per project (one row; shared by every instance). */
export interface OAuthDevKeysTable {
  project_id: string;
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
}

/** The oauth method's tables (its part of `Database`). */
export interface OAuthTables {
  oauth_states: OAuthStatesTable;
  oauth_attach_tokens: OAuthAttachTokensTable;
  oauth_tokens: OAuthTokensTable;
  oauth_user_registrations: OAuthUserRegistrationsTable;
  oauth_dev_codes: OAuthDevCodesTable;
  oauth_nonces: OAuthNoncesTable;
  oauth_dev_keys: OAuthDevKeysTable;
}
