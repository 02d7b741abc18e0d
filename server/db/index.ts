/** Opens the database (SQLite via better-sqlite3 in WAL mode, or Postgres via pg) and migrates it. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
// pg loads when a Postgres URL is opened (a SQLite server never needs it: about 0.1 s of CPU at start).
import type pg from 'pg';
import { migrationProvider } from './migrations.ts';
import { preparedStatementName, registerSqliteDirect } from './prepared.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';

/** Which engine a {@link Db} runs on. */
export type DbDialect = 'sqlite' | 'postgres';

/** An open, migrated database. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: DbDialect;
  close(): Promise<void>;
  /** Postgres pool use (connections total, idle, clients waiting), for metrics; absent on SQLite (one connection). */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** Where to store data: a Postgres URL wins; otherwise SQLite at `${dataDir}/auth.db` (or `:memory:`). */
export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
}

// pg returns BIGINT (oid 20) as strings; our BIGINTs are epoch milliseconds, far below 2^53.
const INT8_OID = 20;
const pgTypes = (types: typeof pg.types) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? (v: string) => Number(v) : types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
});

/** Opens the configured database and applies pending migrations; throws if a migration fails. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Db> {
  let kysely: Kysely<Database>;
  let dialect: DbDialect;
  let pool: pg.Pool | undefined;
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    dialect = 'postgres';
    const { Pool, types } = (await import('pg')).default;
    pool = new Pool({ connectionString: opts.databaseUrl, max: 10, types: pgTypes(types) });
    pool.on('connect', namePreparedStatements);
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const dataDir = opts.dataDir ?? './data';
    let file = ':memory:';
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = join(dataDir, 'auth.db');
    }
    const sqlite = new SQLite(file);
    // WAL lets readers proceed while one writer commits; busy_timeout covers a second process on the file.
    sqlite.pragma('journal_mode = WAL');
    // NORMAL, on every start: better-sqlite3's build gives a file that is already in WAL mode
    // NORMAL but a brand-new one FULL, so set it rather than depend on the file's history. In WAL
    // mode NORMAL loses no commit when the process dies (kill -9: durability.test.ts); a power cut
    // can lose the last commits. FULL costs about a third of sessions/authenticate throughput
    // (npm run bench, 2-core machine: ~410 req/s FULL vs ~640 NORMAL).
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    const statements = withStatementCache(sqlite);
    // Two statements: measured, one SELECT of both took 3.7 µs, these 2.4 µs together (the pragma is the cost).
    const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    kysely = new Kysely<Database>({ dialect: new ProcessSafeSqliteDialect({ database: statements }) });
    registerSqliteDirect(kysely, {
      inTransaction: () => sqlite.inTransaction,
      run: (sql, params) => {
        const stmt = statements.prepare(sql);
        if (stmt.reader) return stmt.all(...params);
        stmt.run(...params);
        return [];
      },
      version: () => [totalChanges.get() as number, dataVersion.get() as number],
    });
  }

  const migrator = new Migrator({ db: kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await kysely.destroy();
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
  const db: Db = { kysely, dialect, close: () => kysely.destroy() };
  const p = pool;
  if (p) db.pool = () => ({ total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount });
  return db;
}

/**
 * Makes the {@link preparedQuery} queries named prepared statements on this connection: Kysely's
 * driver sends every query unnamed, which Postgres parses and plans on every call; parse and plan
 * were most of the server's share of a sessions/authenticate call on Postgres. Other queries go as before.
 */
function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && Array.isArray(values) ? preparedStatementName(config) : undefined;
    return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
  };
}

/**
 * Kysely's SQLite dialect assumes one process per file: migrations run outside any transaction and
 * transactions start deferred. Two servers starting together on a new file then both read "nothing
 * applied" and both run 0001 ("table already exists"). Here every transaction begins IMMEDIATE,
 * taking the file's write lock up front (waiting out busy_timeout instead of failing on a
 * read-to-write upgrade), and migrations run in one such transaction: the second process reads
 * the migration state only after the first has committed, and a failed migration rolls back whole.
 */
class ProcessSafeSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** SQLite supports transactional DDL; Kysely's adapter just does not claim it. */
class ProcessSafeSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** SqliteDialect with {@link ProcessSafeSqliteDriver} and {@link ProcessSafeSqliteAdapter}. */
class ProcessSafeSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }
  override createDriver(): Driver {
    return new ProcessSafeSqliteDriver(this.config);
  }
  override createAdapter(): SqliteAdapter {
    return new ProcessSafeSqliteAdapter();
  }
}

export { withStartupLock } from './lock.ts';

/** Prepared statements kept per SQL text; Kysely's queries are few and repeat, so this stays small. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * better-sqlite3 behind Kysely prepares every query anew; preparing was the largest single cost of a
 * sessions/authenticate call (measured with --cpu-prof). Statements are reusable and the driver is
 * synchronous, so one cached statement per SQL text is safe.
 */
function withStatementCache(db: SQLite.Database): { close(): void; prepare(sql: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
