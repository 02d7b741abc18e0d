/**
 * Migration 0018 (core, issue 28, the audit log): `audit_log`, one row per recorded action (server/audit/).
 * Rows are never updated; the pruner deletes those past their retention. `project_id` is null for a
 * server-wide action (a signing key rotation, a migration run from the CLI).
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates `audit_log` and its indexes (the query's newest-first walk per project; the pruner's age scan). */
export const m0018_audit_log: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('audit_log')
      .addColumn('audit_log_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('target_kind', 'text')
      .addColumn('target_id', 'text')
      .addColumn('ip_address', 'text')
      .addColumn('request_id', 'text')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema.createIndex('audit_log_project_idx').on('audit_log').columns(['project_id', 'created_at', 'audit_log_id']).execute();
    await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('audit_log').ifExists().execute();
  },
};
