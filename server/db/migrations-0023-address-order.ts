/**
 * Migration 0023 (core): `emails.added_seq` and `phone_numbers.added_seq`, the order in which a user added
 * their addresses. `created_at` is in whole seconds, so an address added in the same second as the first one
 * tied with it, and Postgres may return tied rows in either order: a user's list then changed order between
 * reads. An address a user adds gets the next number of their list; the one they signed up with has none (0).
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the addition order (null: the address the user was created with, or one added before this migration). */
export const m0023_address_order: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('emails').addColumn('added_seq', 'integer').execute();
    await db.schema.alterTable('phone_numbers').addColumn('added_seq', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('emails').dropColumn('added_seq').execute();
    await db.schema.alterTable('phone_numbers').dropColumn('added_seq').execute();
  },
};
