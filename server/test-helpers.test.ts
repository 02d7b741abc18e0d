/**
 * The test helpers' own promises that other tests rely on: on Postgres, a migrated test database is
 * emptied and handed to the next test of the process, unless a test broke its schema (a dropped table).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { testDatabase } from './test-helpers.ts';

const tables = async (url: string): Promise<string[]> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.map((r) => r.tablename);
  } finally {
    await c.end();
  }
};

describe('test databases (Postgres)', () => {
  it('a database a test dropped a table of is not handed to the next test; an intact one is', async (ctx) => {
    if (!process.env.TEST_DATABASE_URL) return ctx.skip('Postgres only (TEST_DATABASE_URL)');
    const first = await testDatabase({ migrated: true });
    const url = first.databaseUrl!;
    assert.ok((await tables(url)).includes('outbox_jobs'));
    await first.cleanup();
    // Intact: the same database comes back, emptied.
    const again = await testDatabase({ migrated: true });
    assert.equal(again.databaseUrl, url);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('DROP TABLE outbox_jobs');
    await c.end();
    await again.cleanup();
    // Broken: a fresh copy of the template instead, with every table.
    const next = await testDatabase({ migrated: true });
    try {
      assert.notEqual(next.databaseUrl, url);
      assert.ok((await tables(next.databaseUrl!)).includes('outbox_jobs'));
    } finally {
      await next.cleanup();
    }
  });
});
