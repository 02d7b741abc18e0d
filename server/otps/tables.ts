/**
 * Kysely table types of the otps method (conventions of db/schema.ts). The `otps` table was made by core
 * migrations 0001, 0002 (`channel`, `destination`) and 0006 (`requester_hash`), before the method registry.
 */

/** `otps`: only a salted SHA-256 of the code is stored. */
export interface OtpsTable {
  otp_id: string;
  project_id: string;
  user_id: string;
  method_id: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  failed_attempts: number;
  consumed_at: number | null;
  /** 'email' | 'sms' | 'whatsapp'; NULL on rows older than migration 0002 (email). */
  channel: string | null;
  /** Address of a secondary send whose method is attached to the user only on success. */
  destination: string | null;
  /** Keyed hash of the requester's IP (migration 0006); NULL on older rows. */
  requester_hash: string | null;
}

/** The otps method's tables (its part of `Database`). */
export interface OtpsTables {
  otps: OtpsTable;
}
