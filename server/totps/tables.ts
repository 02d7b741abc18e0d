/** Kysely table types of the totps method (migration 0010_totps_registrations; conventions of db/schema.ts). */

/** `totps`: one authenticator registration; the secret is stored encrypted (store.ts), never in clear. */
export interface TotpsTable {
  totp_id: string;
  project_id: string;
  user_id: string;
  /** AES-256-GCM of the base32 secret under the project's TOTP key (`server_secrets` row `totp_key`). */
  secret_enc: string;
  /** 0 until the first good code; an unverified TOTP dies at `expires_at`. */
  verified: number;
  expires_at: number;
  /** The last RFC 6238 time step a code was accepted for: a code works once per step (conditional UPDATE). */
  last_used_step: number | null;
  created_at: number;
}

/** `totp_recovery_codes`: SHA-256 of each code (for the single-use redemption) and its ciphertext (for recovery_codes). */
export interface TotpRecoveryCodesTable {
  code_hash: string;
  project_id: string;
  user_id: string;
  totp_id: string;
  code_enc: string;
  consumed_at: number | null;
  created_at: number;
}

/** The totps method's tables (its part of `Database`). */
export interface TotpsTables {
  totps: TotpsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
}
