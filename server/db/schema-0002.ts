/**
 * Kysely table type of core's `phone_numbers`, added by migration 0002 (same conventions as schema.ts); the
 * tables 0002 made for methods are typed in their folders (magic-links/tables.ts, passwords/tables.ts).
 */

/** `phone_numbers`: E.164, unique per project; `verified` flips to 1 on the first successful OTP. */
export interface PhoneNumbersTable {
  phone_id: string;
  project_id: string;
  user_id: string;
  phone_number: string;
  verified: number;
  created_at: number;
  /** The user's choice of primary (migration 0021): highest first; null never chosen. */
  primary_rank?: number | null;
  /** The order the user added it in (migration 0023): null for the address they were created with. */
  added_seq?: number | null;
}
