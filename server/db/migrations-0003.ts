/** Migration 0003: users' untrusted metadata, connected apps, IdP access tokens, dev captcha tokens. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `users.untrusted_metadata`, `connected_apps`, `access_tokens` and `captcha_tokens`. */
export const m0003_account: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('untrusted_metadata', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    await db.schema
      .createTable('connected_apps')
      .addColumn('connected_app_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('scopes_granted', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addPrimaryKeyConstraint('connected_apps_pk', ['user_id', 'connected_app_id'])
      .execute();

    // Access tokens the identity provider issues to connected apps; only their SHA-256 is stored.
    await db.schema
      .createTable('access_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('connected_app_id', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();

    // Single-use tokens of the dev captcha (test projects): kept in the database so any instance accepts them once.
    await db.schema
      .createTable('captcha_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ['captcha_tokens', 'access_tokens', 'connected_apps']) await db.schema.dropTable(t).ifExists().execute();
    await db.schema.alterTable('users').dropColumn('untrusted_metadata').execute();
  },
};
