/** Migration 0002: phone numbers, magic-link / reset tokens, passwords, and the channel of each OTP. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `phone_numbers`, `magic_links`, `passwords` and `otps.channel` / `otps.destination`. */
export const m0002_links_phones_passwords: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('phone_numbers')
      .addColumn('phone_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('phone_numbers_project_number_unique', ['project_id', 'phone_number'])
      .execute();
    await db.schema.createIndex('phone_numbers_user_idx').on('phone_numbers').column('user_id').execute();

    // One table for every emailed token (login, signup, reset): the same redemption code path keeps
    // single use and PKCE identical, and a reset email's login link is a magic link (docs/reference/methods/magic-links.md#screens, docs/reference/sdk.md#pkce).
    await db.schema
      .createTable('magic_links')
      .addColumn('token_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('email_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code_challenge', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('magic_links_user_idx').on('magic_links').column('user_id').execute();

    await db.schema
      .createTable('passwords')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('password_id', 'text', (c) => c.notNull().unique())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('requires_reset', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    // NULL channel = an email OTP written before this migration; destination is set for secondary sends
    // whose email/phone is attached to the user only when the code is authenticated.
    await db.schema.alterTable('otps').addColumn('channel', 'text').execute();
    await db.schema.alterTable('otps').addColumn('destination', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('otps').dropColumn('destination').execute();
    await db.schema.alterTable('otps').dropColumn('channel').execute();
    for (const t of ['passwords', 'magic_links', 'phone_numbers']) await db.schema.dropTable(t).ifExists().execute();
  },
};
