/**
 * Migration 0017 (issue 28, webhooks): `webhook_endpoints` (a project's endpoints, their `whsec_` secret
 * encrypted at rest: it signs every delivery, so it cannot be hashed), `webhook_events` (the body of each
 * event some endpoint wanted, kept for retries and replay), `webhook_messages` (one event for one
 * endpoint: the durable job the delivery worker claims with a lease, server/webhooks/worker.ts) and
 * `webhook_deliveries` (one row per attempt: status, response code, duration, time, error).
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates the webhook tables. */
export const m0017_webhooks: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('webhook_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('event_types', 'text', (c) => c.notNull())
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_project_idx').on('webhook_endpoints').column('project_id').execute();
    await db.schema
      .createTable('webhook_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_events_project_created_idx').on('webhook_events').columns(['project_id', 'created_at']).execute();
    await db.schema
      .createTable('webhook_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('first_attempt_at', 'bigint')
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('locked_by', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('webhook_messages_endpoint_event_unique', ['webhook_id', 'event_id'])
      .execute();
    await db.schema.createIndex('webhook_messages_due_idx').on('webhook_messages').columns(['project_id', 'status', 'next_attempt_at']).execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('delivery_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('webhook_id', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('response_code', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_deliveries_webhook_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  },
  async down(db: AnyDb) {
    for (const t of ['webhook_deliveries', 'webhook_messages', 'webhook_events', 'webhook_endpoints']) await db.schema.dropTable(t).ifExists().execute();
  },
};
