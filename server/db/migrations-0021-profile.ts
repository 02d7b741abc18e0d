/**
 * Migration 0021 (core, issue 30, the account page): `emails.primary_rank` and `phone_numbers.primary_rank`,
 * the user's choice of primary address. A user's addresses are listed by rank, highest first, then oldest
 * first; an address never chosen has none (0), so a user who never chose keeps the order they had.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds the primary ranks (null: never chosen). */
export const m0021_profile: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('emails').addColumn('primary_rank', 'integer').execute();
    await db.schema.alterTable('phone_numbers').addColumn('primary_rank', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('emails').dropColumn('primary_rank').execute();
    await db.schema.alterTable('phone_numbers').dropColumn('primary_rank').execute();
  },
};
