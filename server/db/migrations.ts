/**
 * Versioned schema migrations, provided in code so the server needs no migration folder on disk: core's
 * (0001-0003, 0005-0007, 0013, 0015 to 0023, among them 0002 which made tables for several methods before the method
 * registry existed) and each method's (`server/<method>/migrations.ts`, listed by server/method-data.ts),
 * run in name order.
 * Names never change once shipped: databases record them (Kysely's `kysely_migration` table).
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { MethodData } from '../method.ts';
import { METHOD_DATA } from '../method-data.ts';
import { m0002_links_phones_passwords } from './migrations-0002.ts';
import { m0003_account } from './migrations-0003.ts';
import { m0005_suppressions } from './migrations-0005-suppressions.ts';
import { m0006_hardening } from './migrations-0006-hardening.ts';
import { m0007_pruning } from './migrations-0007-pruning.ts';
import { m0013_ops } from './migrations-0013-ops.ts';
import { m0015_captcha_consumed_at } from './migrations-0015-captcha-consumed-at.ts';
import { m0016_project_secrets } from './migrations-0016-project-secrets.ts';
import { m0017_webhooks } from './migrations-0017-webhooks.ts';
import { m0018_audit_log } from './migrations-0018-audit-log.ts';
import { m0019_dev_inbox_html } from './migrations-0019-dev-inbox-html.ts';
import { m0020_mfa } from './migrations-0020-mfa.ts';
import { m0021_profile } from './migrations-0021-profile.ts';
import { m0022_admin_console } from './migrations-0022-admin-console.ts';
import { m0023_address_order } from './migrations-0023-address-order.ts';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

const m0001_initial: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('projects')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('public_token', 'text', (c) => c.notNull().unique())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('project_name', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('otp_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'bigint')
      .execute();

    await db.schema
      .createTable('emails')
      .addColumn('email_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('emails_project_email_unique', ['project_id', 'email'])
      .execute();
    await db.schema.createIndex('emails_user_idx').on('emails').column('user_id').execute();

    await db.schema
      .createTable('otps')
      .addColumn('otp_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('method_id', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema.createIndex('otps_method_idx').on('otps').columns(['method_id', 'created_at']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('last_accessed_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip_address', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('factors', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('dev_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('to_addr', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('link', 'text')
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      // Tie-breaker for messages sent within the same millisecond (process-local counter).
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('rate_counters')
      .addColumn('counter_key', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_counters_pk', ['counter_key', 'window_start'])
      .execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('public_token', 'text', (c) => c.notNull())
      .addColumn('event_name', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('telemetry', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ['events', 'signing_keys', 'rate_counters', 'dev_messages', 'sessions', 'otps', 'emails', 'users', 'projects']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};

/** Core's migrations by name. Add new ones, never edit applied ones. */
export const CORE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_initial': m0001_initial,
  '0002_links_phones_passwords': m0002_links_phones_passwords,
  '0003_account': m0003_account,
  '0005_suppressions': m0005_suppressions,
  '0006_hardening': m0006_hardening,
  '0007_pruning': m0007_pruning,
  '0013_ops': m0013_ops,
  '0015_captcha_consumed_at': m0015_captcha_consumed_at,
  '0016_project_secrets': m0016_project_secrets,
  '0017_webhooks': m0017_webhooks,
  '0018_audit_log': m0018_audit_log,
  '0019_dev_inbox_html': m0019_dev_inbox_html,
  '0020_mfa': m0020_mfa,
  '0021_profile': m0021_profile,
  '0022_admin_console': m0022_admin_console,
  '0023_address_order': m0023_address_order,
};

/**
 * Core's migrations and each method's, ordered by name (the order they run in).
 * @throws Error when two of them share a name
 */
export function assembleMigrations(core: Readonly<Record<string, Migration>>, methods: readonly MethodData[]): Record<string, Migration> {
  const all = new Map(Object.entries(core));
  for (const m of methods) {
    for (const [name, migration] of Object.entries(m.migrations ?? {})) {
      if (all.has(name)) throw new Error(`migration ${name} of method ${m.name} is already defined`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * All migrations by name, in application order: core's and the methods' (from server/method-data.ts, so
 * opening the database loads no method code; methods.test.ts checks they are the registered methods').
 */
export const migrations: Readonly<Record<string, Migration>> = assembleMigrations(CORE_MIGRATIONS, METHOD_DATA);

/** In-code provider for Kysely's Migrator. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
