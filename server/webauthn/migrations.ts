/**
 * The webauthn method's migrations: 0004_webauthn, WebAuthn registrations (passkeys) and their single-use
 * ceremony challenges. The name is the one databases recorded when it was a core migration: it stays.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `webauthn_registrations` and `webauthn_challenges`. */
export const m0004_webauthn: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('webauthn_registrations')
      .addColumn('webauthn_registration_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      // base64url credential id; one credential belongs to one user of a project, whoever registers it.
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('user_handle', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('authenticator_type', 'text', (c) => c.notNull())
      .addColumn('is_passkey', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('aaguid', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .addUniqueConstraint('webauthn_registrations_credential_unique', ['project_id', 'credential_id'])
      .execute();
    await db.schema.createIndex('webauthn_registrations_user_idx').on('webauthn_registrations').column('user_id').execute();

    // Challenges live in the database, not in process memory, so any instance can finish a ceremony
    // another one started, and the conditional UPDATE that consumes one is the single-use guarantee.
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('rp_id', 'text', (c) => c.notNull())
      .addColumn('origin', 'text')
      .addColumn('user_verification', 'text', (c) => c.notNull())
      .addColumn('authenticator_type', 'text')
      .addColumn('is_passkey', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_handle', 'text')
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('webauthn_challenges_expiry_idx').on('webauthn_challenges').column('expires_at').execute();
  },
  async down(db: AnyDb) {
    for (const t of ['webauthn_challenges', 'webauthn_registrations']) await db.schema.dropTable(t).ifExists().execute();
  },
};

/** The webauthn method's migrations by name (merged with core's in name order, db/migrations.ts). */
export const WEBAUTHN_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0004_webauthn': m0004_webauthn,
};
