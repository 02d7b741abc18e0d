/** The totps method's migration 0010_totps_registrations: TOTP registrations and their recovery codes. */
import type { Kysely, Migration } from 'kysely';
import { renameColumnMigration } from '../db/rename-column.ts';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `totps` and `totp_recovery_codes`. */
export const m0010_totps: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('totps')
      .addColumn('totp_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('totps_user_idx').on('totps').columns(['project_id', 'user_id']).execute();
    await db.schema
      .createTable('totp_recovery_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('totp_id', 'text', (c) => c.notNull())
      .addColumn('code_enc', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('totp_recovery_codes_totp_idx').on('totp_recovery_codes').column('totp_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('totp_recovery_codes').execute();
    await db.schema.dropTable('totps').execute();
  },
};

/** Migration 0015_totps_consumed_at: `totp_recovery_codes.used_at` becomes `consumed_at`, the one name of every single-use secret (server/claim-once.ts). */
export const m0015_totps_consumed_at: Migration = renameColumnMigration('totp_recovery_codes', 'used_at', 'consumed_at');

/** The totps method's migrations by name. */
export const TOTPS_MIGRATIONS = { '0010_totps_registrations': m0010_totps, '0015_totps_consumed_at': m0015_totps_consumed_at } as const;
