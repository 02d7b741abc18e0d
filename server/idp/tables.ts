/**
 * Kysely table types of the idp method (migration 0014_idp_provider, conventions of db/schema.ts: times are epoch
 * ms). The server as an OAuth 2.0 / OpenID Connect provider (issue 14). Every bearer value (client secret,
 * authorization code, refresh token; access tokens live in core's `access_tokens`) is stored as its
 * SHA-256 only (docs/reference/security.md#oauth-and-idp).
 */

/** `idp_clients`: a client application registered by createIdpClient (config-declared ones are read from the project config). */
export interface IdpClientsTable {
  client_id: string;
  project_id: string;
  client_name: string;
  /** `first_party` (consent not asked) or `third_party`. */
  client_type: string;
  description: string;
  logo_url: string | null;
  /** JSON array of exact redirect URIs (RFC 6749 3.1.2, compared as strings). */
  redirect_uris: string;
  /** JSON array of exact post-logout redirect URIs (OIDC RP-Initiated Logout 2). */
  post_logout_redirect_uris: string;
  /** SHA-256 hex of the client secret (confidential clients); null for public clients (PKCE only). */
  client_secret_hash: string | null;
  created_at: number;
}

/**
 * `idp_grants`: one authorization (a code and every token issued from it, rotations included). Revoking
 * the grant revokes them all at once: code reuse (RFC 6749 4.1.2), refresh-token reuse (RFC 9700 4.14.2),
 * a revoked connected app.
 */
export interface IdpGrantsTable {
  grant_id: string;
  project_id: string;
  client_id: string;
  user_id: string;
  /** Space-separated scopes granted. */
  scopes: string;
  /** When the user authenticated (the session's start), for the ID token's `auth_time`. */
  auth_time: number;
  created_at: number;
  revoked_at: number | null;
}

/** `idp_codes`: authorization codes by SHA-256: single use, 60 s (docs/reference/security.md#oauth-and-idp), bound to client, redirect URI and PKCE challenge. */
export interface IdpCodesTable {
  code_hash: string;
  project_id: string;
  grant_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  /** RFC 7636 S256 challenge (always present: PKCE is required of every client). */
  code_challenge: string;
  nonce: string | null;
  scopes: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `idp_refresh_tokens`: refresh tokens by SHA-256, rotated on every use; a used one presented again revokes its grant. */
export interface IdpRefreshTokensTable {
  token_hash: string;
  project_id: string;
  grant_id: string;
  client_id: string;
  user_id: string;
  scopes: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** The column migration 0014 adds to core's `access_tokens`: the grant a token belongs to (null before 0014). */
export interface AccessTokensGrantColumn {
  grant_id: string | null;
}

/** The idp method's tables (part of `Database`); `access_tokens` is core's, with the grant column. */
export interface IdpTables {
  access_tokens: AccessTokensGrantColumn;
  idp_clients: IdpClientsTable;
  idp_grants: IdpGrantsTable;
  idp_codes: IdpCodesTable;
  idp_refresh_tokens: IdpRefreshTokensTable;
}
