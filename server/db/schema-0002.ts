/** Kysely table types added by migration 0002 (same conventions as schema.ts). */

/** `phone_numbers`: E.164, unique per project; `verified` flips to 1 on the first successful OTP. */
export interface PhoneNumbersTable {
  phone_id: string;
  project_id: string;
  user_id: string;
  phone_number: string;
  verified: number;
  created_at: number;
}

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

/** `passwords`: one per user; `hash` is self-describing (`scrypt$N$r$p$salt$hash`). */
export interface PasswordsTable {
  user_id: string;
  project_id: string;
  password_id: string;
  hash: string;
  requires_reset: number;
  created_at: number;
  updated_at: number;
}
