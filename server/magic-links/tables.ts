/**
 * Kysely table types of the magic-links method (conventions of db/schema.ts). The `magic_links` table was
 * made by core migration 0002, before the method registry.
 */

/** Kind of an emailed token. */
export type MagicLinkKind = 'login' | 'signup' | 'reset_password';

/** `magic_links`: emailed tokens (login, signup, password reset); only the SHA-256 of the token is stored. */
export interface MagicLinksTable {
  token_id: string;
  project_id: string;
  user_id: string;
  /** The email's id; for a secondary send the row in `emails` is created on redemption. */
  email_id: string;
  email: string;
  kind: string;
  token_hash: string;
  /** RFC 7636 S256 challenge of the send, when it carried one. */
  code_challenge: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** The magic-links method's tables (its part of `Database`). */
export interface MagicLinksTables {
  magic_links: MagicLinksTable;
}
