/** The idp method's migration 0014_idp_provider: clients, grants, codes, refresh tokens; access tokens gain their grant. */
import type { Kysely, Migration } from 'kysely';
import { renameColumnMigration } from '../db/rename-column.ts';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the idp tables and `access_tokens.grant_id`. */
export const m0014_idp_provider: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('idp_clients')
      .addColumn('client_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('client_type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull())
      .addColumn('client_secret_hash', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('idp_grants')
      .addColumn('grant_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('auth_time', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('idp_grants_user_idx').on('idp_grants').columns(['user_id', 'client_id']).execute();
    await db.schema
      .createTable('idp_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('idp_codes_expiry_idx').on('idp_codes').column('expires_at').execute();
    await db.schema
      .createTable('idp_refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('idp_refresh_tokens_grant_idx').on('idp_refresh_tokens').column('grant_id').execute();
    // Access tokens the provider issues belong to a grant; revoking the grant stops them (null: tokens issued before 0014).
    await db.schema.alterTable('access_tokens').addColumn('grant_id', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('access_tokens').dropColumn('grant_id').execute();
    for (const t of ['idp_refresh_tokens', 'idp_codes', 'idp_grants', 'idp_clients']) await db.schema.dropTable(t).ifExists().execute();
  },
};

/** Migration 0015_idp_consumed_at: `idp_refresh_tokens.used_at` becomes `consumed_at`, the one name of every single-use secret (server/claim-once.ts). */
export const m0015_idp_consumed_at: Migration = renameColumnMigration('idp_refresh_tokens', 'used_at', 'consumed_at');

/** The idp method's migrations by name (never renamed: databases record them). */
export const IDP_MIGRATIONS = { '0014_idp_provider': m0014_idp_provider, '0015_idp_consumed_at': m0015_idp_consumed_at } as const;
