/** The oauth method's migration 0008_oauth: states, tokens, user registrations, dev codes and keys, One Tap nonces. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the oauth tables. */
export const m0008_oauth: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('provider_code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('login_redirect_url', 'text', (c) => c.notNull())
      .addColumn('signup_redirect_url', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('callback_url', 'text', (c) => c.notNull())
      .addColumn('dev', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_states_expiry_idx').on('oauth_states').column('expires_at').execute();

    await db.schema
      .createTable('oauth_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('oauth_user_registration_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_subject', 'text', (c) => c.notNull())
      .addColumn('email_id', 'text')
      .addColumn('code_challenge', 'text')
      .addColumn('access_token', 'text')
      .addColumn('id_token', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_tokens_expiry_idx').on('oauth_tokens').column('expires_at').execute();

    await db.schema
      .createTable('oauth_user_registrations')
      .addColumn('oauth_user_registration_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider_type', 'text', (c) => c.notNull())
      .addColumn('provider_subject', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('profile_picture_url', 'text')
      .addColumn('locale', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      // One provider identity belongs to one user of a project, however many times it signs in at once.
      .addUniqueConstraint('oauth_user_registrations_subject_unique', ['project_id', 'provider_type', 'provider_subject'])
      .execute();
    await db.schema.createIndex('oauth_user_registrations_user_idx').on('oauth_user_registrations').column('user_id').execute();

    await db.schema
      .createTable('oauth_dev_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email_verified', 'integer', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();

    await db.schema
      .createTable('oauth_nonces')
      .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('login_redirect_url', 'text', (c) => c.notNull())
      .addColumn('signup_redirect_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_nonces_expiry_idx').on('oauth_nonces').column('expires_at').execute();

    await db.schema
      .createTable('oauth_dev_keys')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('kid', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ['oauth_dev_keys', 'oauth_nonces', 'oauth_dev_codes', 'oauth_user_registrations', 'oauth_tokens', 'oauth_states']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/** The oauth method's migrations by name (merged with core's in name order, db/migrations.ts). */
/**
 * Migration 0021_oauth_attach (issue 30, linking a provider from a session): `oauth_attach_tokens`, the
 * single-use token that binds a start to the signed-in user, and `oauth_states.attach_user_id`, the user a
 * started flow links the provider account to (null: a sign-in).
 */
export const m0021_oauth_attach: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('oauth_attach_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('oauth_attach_tokens_expiry_idx').on('oauth_attach_tokens').column('expires_at').execute();
    await db.schema.alterTable('oauth_states').addColumn('attach_user_id', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('oauth_states').dropColumn('attach_user_id').execute();
    await db.schema.dropTable('oauth_attach_tokens').execute();
  },
};

export const OAUTH_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0008_oauth': m0008_oauth,
  '0021_oauth_attach': m0021_oauth_attach,
};
