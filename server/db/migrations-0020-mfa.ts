/**
 * Migration 0020 (core, issue 29, two-step sign-in: server/mfa/, docs/reference/mfa.md#tokens):
 * `intermediate_sessions`, the half-signed-in state between a first factor and the second, spent once;
 * and `trusted_devices`, the device tokens that let a later sign-in of the same user skip the second step.
 * Only the SHA-256 of either token is stored.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates `intermediate_sessions` and `trusted_devices` with the indexes their lookups use. */
export const m0020_mfa: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('intermediate_sessions')
      .addColumn('intermediate_session_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('first_factor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('intermediate_sessions_user_idx').on('intermediate_sessions').column('user_id').execute();
    await db.schema
      .createTable('trusted_devices')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').columns(['user_id', 'created_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('trusted_devices').ifExists().execute();
    await db.schema.dropTable('intermediate_sessions').ifExists().execute();
  },
};
