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
