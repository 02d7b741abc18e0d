/** Migration 0007: indexes the scheduled pruning (prune.ts) deletes by, so a run never scans a whole table. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `events_received_idx` (telemetry retention) and `rate_counters_window_idx` (old windows). */
export const m0007_pruning: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('events_received_idx').on('events').column('received_at').execute();
    await db.schema.createIndex('rate_counters_window_idx').on('rate_counters').column('window_start').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('rate_counters_window_idx').ifExists().execute();
    await db.schema.dropIndex('events_received_idx').ifExists().execute();
  },
};
