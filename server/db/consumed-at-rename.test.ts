/**
 * Migrations 0015_*: a database made before them (its single-use tables spent through `used_at`) keeps
 * every spent time, under `consumed_at`, after the upgrade; unspent rows stay unspent. SQLite, and
 * Postgres too with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { testDatabase } from '../test-helpers.ts';
import { migrationProvider } from './migrations.ts';

const RENAMED: Record<string, Record<string, unknown>> = {
  captcha_tokens: { token_hash: 'h', project_id: 'p', expires_at: 10 },
  impersonation_tokens: { token_hash: 'h', project_id: 'p', user_id: 'u', impersonator_id: 'a', reason: 'r', created_at: 1, expires_at: 10 },
  totp_recovery_codes: { code_hash: 'h', project_id: 'p', user_id: 'u', totp_id: 't', code_enc: 'e', created_at: 1 },
  idp_refresh_tokens: { token_hash: 'h', project_id: 'p', grant_id: 'g', client_id: 'c', user_id: 'u', scopes: 's', created_at: 1, expires_at: 10 },
};
const KEY: Record<string, string> = { totp_recovery_codes: 'code_hash' };

describe('migrations 0015: used_at becomes consumed_at', () => {
  it('an upgraded database keeps its spent and unspent rows', async () => {
    const store = await testDatabase();
    const pool = store.databaseUrl ? new pg.Pool({ connectionString: store.databaseUrl }) : null;
    const dialect: Dialect = pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: new SQLite(':memory:') });
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const before = await migrator.migrateTo('0014_idp_provider');
      assert.equal(before.error, undefined);
      for (const [table, row] of Object.entries(RENAMED)) {
        const key = KEY[table] ?? 'token_hash';
        await db
          .insertInto(table)
          .values({ ...row, [key]: 'spent', used_at: 5 })
          .execute();
        await db
          .insertInto(table)
          .values({ ...row, [key]: 'open', used_at: null })
          .execute();
      }
      const after = await migrator.migrateToLatest();
      assert.equal(after.error, undefined);
      for (const table of Object.keys(RENAMED)) {
        const key = KEY[table] ?? 'token_hash';
        const rows = await db
          .selectFrom(table)
          .select([sql.ref<string>(key).as('k'), sql.ref<unknown>('consumed_at').as('consumed_at')])
          .orderBy(key)
          .execute();
        assert.deepEqual(
          rows.map((r) => [r.k, r.consumed_at === null ? null : Number(r.consumed_at)]),
          [
            ['open', null],
            ['spent', 5],
          ],
          table,
        );
      }
    } finally {
      await db.destroy();
      await store.cleanup();
    }
  });
});
