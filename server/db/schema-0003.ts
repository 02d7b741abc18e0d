/** Kysely table types added by migration 0003 (same conventions as schema.ts). */

/** `connected_apps`: an application the user granted access through the identity provider. */
export interface ConnectedAppsTable {
  connected_app_id: string;
  project_id: string;
  user_id: string;
  name: string;
  description: string;
  logo_url: string | null;
  /** Space-separated scopes. */
  scopes_granted: string;
  created_at: number;
  revoked_at: number | null;
}

/** `access_tokens`: IdP access tokens by SHA-256; exchangeable for a session until they expire. */
export interface AccessTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  connected_app_id: string;
  scopes: string;
  created_at: number;
  expires_at: number;
}

/** `captcha_tokens`: dev captcha tokens by SHA-256, single use. */
export interface CaptchaTokensTable {
  token_hash: string;
  project_id: string;
  expires_at: number;
  consumed_at: number | null;
}
