/**
 * Migration 0016 (core, issue 27, the `/v1` backend API): `project_secrets`, the secrets a backend
 * authenticates `/v1` calls with (server/backend/secrets.ts). Only a SHA-256 of each secret is stored:
 * the secret is shown once, when the CLI creates it. Revoked rows stay (listed as revoked) so a secret id
 * keeps meaning one secret. The user fields a backend sets (`users.name`, `trusted_metadata`,
 * `external_id`, unique per project when set) and a session's custom claims (`sessions.custom_claims`).
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates `project_secrets`, the users' backend-set columns and the sessions' custom claims. */
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
    await db.schema
      .alterTable('users')
      .addColumn('name', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('trusted_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.alterTable('users').addColumn('external_id', 'text').execute();
    await db.schema.createIndex('users_external_id_unique').on('users').columns(['project_id', 'external_id']).unique().execute();
    await db.schema.createIndex('users_project_created_idx').on('users').columns(['project_id', 'created_at', 'user_id']).execute();
    await db.schema.alterTable('sessions').addColumn('custom_claims', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('sessions').dropColumn('custom_claims').execute();
    await db.schema.dropIndex('users_project_created_idx').ifExists().execute();
    await db.schema.dropIndex('users_external_id_unique').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('external_id').execute();
    await db.schema.alterTable('users').dropColumn('trusted_metadata').execute();
    await db.schema.alterTable('users').dropColumn('name').execute();
    await db.schema.dropTable('project_secrets').ifExists().execute();
  },
};
