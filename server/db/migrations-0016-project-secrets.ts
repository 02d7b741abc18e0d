/**
 * Migration 0016 (core, issue 27): `project_secrets`, the secrets a backend authenticates `/v1` calls
 * with (server/backend/secrets.ts). Only a SHA-256 of each secret is stored: the secret is shown once,
 * when the CLI creates it. Revoked rows stay (listed as revoked) so a secret id keeps meaning one secret.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates `project_secrets` and its per-project index. */
export const m0016_project_secrets: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('project_secrets')
      .addColumn('secret_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('project_secrets_project_idx').on('project_secrets').column('project_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('project_secrets').ifExists().execute();
  },
};
