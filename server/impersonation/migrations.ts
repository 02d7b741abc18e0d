/** The impersonation method's migration 0011_impersonation_tokens: admin-minted tokens and the audit trail. */
import type { Kysely, Migration } from 'kysely';
import { renameColumnMigration } from '../db/rename-column.ts';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `impersonation_tokens` and `impersonation_audit`. */
export const m0011_impersonation: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('impersonation_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('impersonator_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createTable('impersonation_audit')
      .addColumn('audit_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('impersonator_id', 'text', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('impersonation_audit_user_idx').on('impersonation_audit').columns(['project_id', 'user_id', 'at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('impersonation_audit').execute();
    await db.schema.dropTable('impersonation_tokens').execute();
  },
};

/** The impersonation method's migrations by name. */
/** Migration 0015_impersonation_consumed_at: `impersonation_tokens.used_at` becomes `consumed_at`, the one name of every single-use secret (server/claim-once.ts). */
export const m0015_impersonation_consumed_at: Migration = renameColumnMigration('impersonation_tokens', 'used_at', 'consumed_at');

export const IMPERSONATION_MIGRATIONS = {
  '0011_impersonation_tokens': m0011_impersonation,
  '0015_impersonation_consumed_at': m0015_impersonation_consumed_at,
} as const;
