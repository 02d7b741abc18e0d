/**
 * Migration 0013 (issue 18, server operations): signing-key rotation and retention.
 * `signing_keys.active_from`: when the key starts signing (a rotation publishes the new key first, so
 * relying parties caching the JWKS have it before any JWT carries its kid; null = its created_at).
 * `signing_keys.retire_at`: when the key leaves the JWKS (every JWT it signed has expired by then; null =
 * not retired). `sessions_expires_idx`: the retention prune deletes expired sessions by it.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the two key columns and the sessions index. */
export const m0013_ops: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('signing_keys').addColumn('active_from', 'bigint').execute();
    await db.schema.alterTable('signing_keys').addColumn('retire_at', 'bigint').execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('sessions_expires_idx').ifExists().execute();
    await db.schema.alterTable('signing_keys').dropColumn('retire_at').execute();
    await db.schema.alterTable('signing_keys').dropColumn('active_from').execute();
  },
};
