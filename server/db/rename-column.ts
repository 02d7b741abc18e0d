/** A migration that renames one column (and back on `down`), for the schema changes that are only a new name. */
import type { Kysely, Migration } from 'kysely';

/** Renames `table.from` to `table.to`; `down` renames it back. */
export function renameColumnMigration(table: string, from: string, to: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(table).renameColumn(from, to).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable(table).renameColumn(to, from).execute();
    },
  };
}
