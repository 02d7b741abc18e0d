/** Migration 0005: the per-project suppression list (unsubscribed phone numbers, inactive email addresses). */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `suppressions`. */
export const m0005_suppressions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('suppressions')
      .addColumn('project_id', 'text', (c) => c.notNull())
      // 'sms' | 'whatsapp' | 'email': an opt-out is per channel (a STOP by SMS says nothing about WhatsApp).
      .addColumn('channel', 'text', (c) => c.notNull())
      // E.164 for phones, the lower-cased address for email: the same forms the sends normalise to.
      .addColumn('address', 'text', (c) => c.notNull())
      // 'unsubscribed' (phone STOP) or 'bounced' (email hard bounce).
      .addColumn('reason', 'text', (c) => c.notNull())
      // Where it came from: 'inbound', 'bounce', 'dev', 'webhook' ... plus the keyword or bounce text.
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // One row per destination: every send looks it up by exactly this key.
      .addPrimaryKeyConstraint('suppressions_pk', ['project_id', 'channel', 'address'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('suppressions').ifExists().execute();
  },
};
