/**
 * Migration 0006 (issue 10, security hardening): the durable outbox of outgoing messages, a per-project
 * server secret (keyed hashes of client addresses, stable decoy ids), per-client lockout state, the
 * clients a user has signed in from, and the requester of each OTP.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `outbox_jobs`, `server_secrets`, `client_locks`, `known_clients` and `otps.requester_hash`. */
export const m0006_hardening: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('outbox_jobs')
      .addColumn('job_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      // 'message' (a rendered message) or a deferred kind whose handler decides what, if anything, to send.
      .addColumn('kind', 'text', (c) => c.notNull())
      // JSON; a message's code and link live here until it is delivered (then the row is deleted) or dies
      // (then they are scrubbed).
      .addColumn('payload', 'text', (c) => c.notNull())
      // 'pending' or 'dead'.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      // Claim lease: set by one conditional UPDATE, so exactly one instance runs an attempt.
      .addColumn('locked_until', 'bigint')
      .addColumn('locked_by', 'text')
      // After this the message is worthless (its code or link expired): dropped, not sent.
      .addColumn('expires_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('dead_at', 'bigint')
      .execute();
    await db.schema.createIndex('outbox_jobs_due_idx').on('outbox_jobs').columns(['status', 'next_attempt_at']).execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('server_secrets_pk', ['project_id', 'name'])
      .execute();

    await db.schema
      .createTable('client_locks')
      .addColumn('project_id', 'text', (c) => c.notNull())
      // 'otp': the lock of one client out of one user's OTP sign-in.
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      // Keyed hash of the client's IP (never the IP itself).
      .addColumn('client_hash', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('client_locks_pk', ['scope', 'user_id', 'client_hash'])
      .execute();

    await db.schema
      .createTable('known_clients')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      // Keyed hash of an IP or of the SDK's persistent_id, recorded at each successful sign-in.
      .addColumn('marker_hash', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('known_clients_pk', ['user_id', 'marker_hash'])
      .execute();

    // Keyed hash of the IP that requested the code: in a guarded account only it may still guess.
    await db.schema.alterTable('otps').addColumn('requester_hash', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('otps').dropColumn('requester_hash').execute();
    for (const t of ['known_clients', 'client_locks', 'server_secrets', 'outbox_jobs']) await db.schema.dropTable(t).ifExists().execute();
  },
};
