/**
 * SQLite backup and restore (issue 18). Backup uses SQLite's online backup API (better-sqlite3's
 * `backup`), which copies a consistent snapshot page by page while the server keeps reading and writing.
 * Restore replaces the database file with a backup, with every server on it stopped. Postgres is backed
 * up with its own tools (pg_dump / pg_restore: server/README.md, "Backup and restore").
 */
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { AdminError } from './admin.ts';

/** The SQLite file of a data folder (as db/index.ts opens it). */
export const sqliteFile = (dataDir: string): string => join(dataDir, 'auth.db');

/** Copies the live database at `dataDir` to `outFile` (a new file) while it stays in use. Returns the pages copied. */
export async function backupSqlite(dataDir: string, outFile: string): Promise<{ totalPages: number }> {
  const file = sqliteFile(dataDir);
  if (!existsSync(file)) throw new AdminError(`no database at ${file}`);
  if (existsSync(outFile)) throw new AdminError(`${outFile} exists: the backup will not overwrite a file`);
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // 256 pages per step, letting the server's writes in between steps; SQLite restarts the copy if a write
    // lands on a page already copied by another connection, so the result is one consistent snapshot.
    const r = await db.backup(outFile, { progress: () => 256 });
    return { totalPages: r.totalPages };
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `dataDir` with `backupFile` (stop every server on it first). The file is checked
 * to be a readable SQLite database holding this server's tables; the replaced database is kept beside it
 * as `auth.db.before-restore-<time>`, and its write-ahead log is removed (applied to the restored file it
 * would corrupt it).
 */
export function restoreSqlite(dataDir: string, backupFile: string, now: number): { previous: string | null } {
  if (!existsSync(backupFile)) throw new AdminError(`no backup at ${backupFile}`);
  const check = new SQLite(backupFile, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new AdminError(`${backupFile} fails SQLite's quick_check: ${String(ok)}`);
    const t = check
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('kysely_migration', 'projects', 'signing_keys')")
      .get() as { n: number };
    if (t.n !== 3) throw new AdminError(`${backupFile} is not an Auth Elements database`);
  } catch (err) {
    if (err instanceof AdminError) throw err;
    throw new AdminError(`${backupFile} is not a readable SQLite database: ${(err as Error).message}`);
  } finally {
    check.close();
  }
  const file = sqliteFile(dataDir);
  let previous: string | null = null;
  if (existsSync(file)) {
    // Leaving WAL mode checkpoints the log into the file (so the kept copy is whole) and is refused while
    // any other connection has the database open: a running server is detected, not restored under.
    const cur = new SQLite(file, { fileMustExist: true });
    try {
      cur.pragma('busy_timeout = 1000');
      cur.pragma('journal_mode = DELETE');
    } catch (err) {
      throw new AdminError(`${file} is in use (${(err as Error).message}): stop every server on it, then restore`);
    } finally {
      cur.close();
    }
    previous = `${file}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, previous);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const staging = `${file}.restoring`;
  copyFileSync(backupFile, staging);
  renameSync(staging, file);
  return { previous };
}
