/**
 * The database-wide start-up lock, in a module of its own: keys.ts takes it at run time, and db/index.ts
 * imports the migrations and through them every method, which import sessions.ts and so keys.ts (a cycle).
 */
import { type Kysely, sql } from 'kysely';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

/** Postgres advisory-lock key of the start-up work ('auth' in ASCII). */
const STARTUP_LOCK_KEY = 0x61757468;

/**
 * Runs check-then-insert start-up work (the test project, the first signing key) under a
 * database-wide lock, so instances starting together on one empty database cannot each create
 * their own. SQLite: one IMMEDIATE transaction, i.e. the file's write lock (busy_timeout makes the
 * other process wait). Postgres: a transaction holding an advisory lock.
 * Not for two apps on one SQLite file in one process: the driver is synchronous, so the second
 * would block the thread the first needs to finish.
 */
export async function withStartupLock<T>(db: Db, fn: (k: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(trx);
      return fn(trx);
    });
  }
  // One connection for the whole transaction (Kysely's SQLite driver has a single one, held here).
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const out = await fn(conn);
      await sql`commit`.execute(conn);
      return out;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}
