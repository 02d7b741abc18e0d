/**
 * Migration 0019 (core, issue 28, messages a project words itself): `dev_messages.body_html`, the HTML part
 * of an email the dev inbox shows (sandboxed) beside its text, so a project sees the HTML it wrote rendered.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the dev inbox's HTML part (null for texts and for messages stored before). */
export const m0019_dev_inbox_html: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('dev_messages').addColumn('body_html', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('dev_messages').dropColumn('body_html').execute();
  },
};
