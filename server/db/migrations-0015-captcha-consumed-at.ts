/**
 * Migration 0015 (core): `captcha_tokens.used_at` becomes `consumed_at`, the one name of every
 * single-use secret's spent time (server/claim-once.ts spends them all).
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Renames the dev captcha tokens' spent-time column. */
export const m0015_captcha_consumed_at: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('captcha_tokens').renameColumn('used_at', 'consumed_at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('captcha_tokens').renameColumn('consumed_at', 'used_at').execute();
  },
};
