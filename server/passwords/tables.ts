/**
 * Kysely table types of the passwords method (conventions of db/schema.ts). The `passwords` table was made
 * by core migration 0002, before the method registry.
 */

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

/** The passwords method's tables (its part of `Database`). */
export interface PasswordsTables {
  passwords: PasswordsTable;
}
