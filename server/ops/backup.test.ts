/**
 * SQLite backup and restore (issue 18): an online backup taken while the server writes is consistent, a
 * restore refuses a database in use or a file that is not ours, and after a restore the users and sessions
 * of the snapshot sign in. SQLite only (Postgres: pg_dump, server/README.md).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../cli.ts';
import { login, type TestStore, tempDir, testApp } from '../test-helpers.ts';
import { backupSqlite, restoreSqlite } from './backup.ts';

/** A SQLite store whatever TEST_DATABASE_URL says. */
function sqliteStore(): TestStore & { dir: string } {
  const tmp = tempDir();
  return { dir: tmp.dir, dataDir: tmp.dir, cleanup: async () => tmp.cleanup() };
}

describe('SQLite backup and restore', () => {
  it('backs up while sign-ins write, restores into a fresh folder, and the snapshot signs in', async () => {
    const source = sqliteStore();
    const target = sqliteStore();
    const files = tempDir();
    const backup = join(files.dir, 'auth-backup.db');
    try {
      const t = await testApp({}, { store: source });
      const before = await login(t, 'before-backup@example.com');
      // Sign-ins keep writing while the backup copies page by page.
      let writing = true;
      const writes = (async () => {
        let n = 0;
        while (writing) await login(t, `during-${n++}@example.com`);
        return n;
      })();
      const r = await backupSqlite(source.dir, backup);
      writing = false;
      const written = await writes;
      assert.ok(r.totalPages > 0);
      assert.ok(written >= 1, 'sign-ins ran during the backup');
      // A backup never overwrites a file.
      await assert.rejects(backupSqlite(source.dir, backup), /will not overwrite/);
      const clock = t.clock;
      await t.close();

      // Restore into a fresh folder (as onto a new machine), then start a server on it.
      const cli = await runCli(['restore', '--from', backup, '--yes'], {
        out: () => undefined,
        err: () => undefined,
        env: { DATA_DIR: target.dir },
        now: Date.now,
      });
      assert.equal(cli, 0);
      const restored = await testApp({}, { store: target, clock });
      try {
        assert.equal(restored.publicToken, t.publicToken, 'the same project');
        // The session from before the backup still authenticates, and its JWT verifies with the restored keys.
        const s = await restored.call('POST', '/sdk/v1/sessions/authenticate', { body: {}, secret: before.token });
        assert.equal(s.status, 200, JSON.stringify(s.json));
        // The user from before the backup signs in again as the same user; a new user signs up.
        const again = await login(restored, 'before-backup@example.com');
        assert.equal(again.data.user_id, before.data.user_id);
        assert.notEqual((await login(restored, 'after-restore@example.com')).data.user_id, before.data.user_id);
        const integrity = await restored.services.db.kysely.selectFrom('users').select('user_id').execute();
        assert.ok(integrity.length >= 2);
      } finally {
        await restored.close();
      }
    } finally {
      await source.cleanup();
      await target.cleanup();
      files.cleanup();
    }
  });

  it('refuses to restore under a running server, or from a file that is not an Auth Elements database', async () => {
    const store = sqliteStore();
    const files = tempDir();
    try {
      const t = await testApp({}, { store });
      const backup = join(files.dir, 'b.db');
      await backupSqlite(store.dir, backup);
      try {
        assert.throws(() => restoreSqlite(store.dir, backup, Date.now()), /is in use/);
      } finally {
        await t.close();
      }
      const junk = join(files.dir, 'junk.db');
      writeFileSync(junk, 'not a database at all, just text '.repeat(200));
      assert.throws(() => restoreSqlite(store.dir, junk, Date.now()), /not a readable SQLite database|quick_check/);
      // With the server stopped the restore goes through and keeps the replaced file.
      const r = restoreSqlite(store.dir, backup, Date.UTC(2030, 0, 1));
      assert.match(r.previous ?? '', /auth\.db\.before-restore-2030-01-01T00-00-00-000Z$/);
    } finally {
      await store.cleanup();
      files.cleanup();
    }
  });

  it('on Postgres the CLI points to pg_dump instead', async () => {
    let err = '';
    const code = await runCli(['backup', '--out', '/tmp/x.db'], {
      out: () => undefined,
      err: (s) => (err += s),
      env: { DATABASE_URL: 'postgres://h/db' },
      now: Date.now,
    });
    assert.equal(code, 1);
    assert.match(err, /pg_dump/);
  });
});
