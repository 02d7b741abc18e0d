/** Hot queries built and compiled once per Kysely instance, then run with fresh parameters. */
import { CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

interface Compilable<O> {
  compile(): CompiledQuery<O>;
}

/**
 * Wraps a query builder so its SQL is built and compiled once per Kysely instance (so per dialect)
 * instead of on every call: building and compiling was the largest share of Kysely's cost in a
 * sessions/authenticate call (--cpu-prof). `build` runs once, with placeholder objects as its
 * arguments: each argument must reach the query as a bound value, and the query's shape must not
 * depend on the arguments (checked on the first call, which throws otherwise).
 * @example const byId = preparedQuery((k, id: string) => k.selectFrom('users').selectAll().where('user_id', '=', id));
 */
export function preparedQuery<A extends unknown[], O>(
  build: (k: Kysely<Database>, ...args: A) => Compilable<O>,
): (k: Kysely<Database>, ...args: A) => Promise<O[]> {
  const compiledFor = new WeakMap<Kysely<Database>, { query: CompiledQuery<O>; slots: number[] }>();
  return async (k, ...args) => {
    const owner = compiledAlias.get(k) ?? k;
    let entry = compiledFor.get(owner);
    if (!entry) {
      const marks = args.map(() => ({}));
      const query = build(owner, ...(marks as A)).compile();
      // Which argument each parameter is; -1 for a constant of the query itself.
      const slots = query.parameters.map((p) => marks.indexOf(p as object));
      if (marks.some((_, i) => !slots.includes(i))) throw new Error(`preparedQuery: an argument is not a bound value in: ${query.sql}`);
      entry = { query, slots };
      compiledFor.set(owner, entry);
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `ae_prepared_${statementNames.size + 1}`);
    }
    const { query, slots } = entry;
    const parameters = slots.map((s, i) => (s < 0 ? query.parameters[i] : args[s]));
    const batch = batches.get(k);
    if (batch && !batch.sent)
      return new Promise<O[]>((resolve, reject) => batch.pending.push({ sql: query.sql, parameters, resolve: resolve as (rows: unknown[]) => void, reject }));
    const direct = sqliteDirect.get(owner);
    // Outside a transaction only: inside one (this request's or another's, Kysely's single SQLite
    // connection), the statement waits for Kysely's connection lock as before, so it never reads or
    // writes within someone else's uncommitted transaction.
    if (direct && !direct.inTransaction()) return direct.run(query.sql, parameters) as O[];
    const result = await k.executeQuery<O>({ query: query.query, queryId: createQueryId(), sql: query.sql, parameters });
    return result.rows;
  };
}

/** A SQLite connection {@link preparedQuery} may run its statements on directly (db/index.ts registers it). */
export interface SqliteDirect {
  /** True while a transaction is open on the connection (better-sqlite3's `inTransaction`). */
  inTransaction(): boolean;
  /** Runs `sql` (a cached statement) with `params`; its rows (none for a statement returning none). */
  run(sql: string, params: readonly unknown[]): unknown[];
  /** {@link databaseVersion}'s two numbers, read now on the connection (outside a transaction only). */
  version(): readonly [changes: number, dataVersion: number];
}

const sqliteDirect = new WeakMap<Kysely<Database>, SqliteDirect>();

/**
 * Lets {@link preparedQuery} run statements on `k`'s SQLite connection synchronously, without Kysely's
 * driver: its connection lock, promise chain and result copying were most of the cost of the ten
 * statements of a sessions/authenticate call (--cpu-prof). better-sqlite3 is synchronous, so a statement
 * run outside a transaction is atomic and ordered with every other one exactly as through Kysely.
 */
export function registerSqliteDirect(k: Kysely<Database>, direct: SqliteDirect): void {
  sqliteDirect.set(k, direct);
}

/**
 * A version of the whole database as this process sees it: two reads that give the same version saw the
 * same rows, so data read after the first still stands while a later read gives it again. Versions only
 * move forward: data read after a version was read is never older than that version.
 * - SQLite: the connection's `total_changes()` (every row its INSERT, UPDATE or DELETE statements
 *   changed, committed or rolled back) and `PRAGMA data_version` (moves on every commit by any other
 *   connection: another process, WORKERS=N). Null while a transaction is open on the connection (its
 *   uncommitted writes).
 * - Postgres: the snapshot (`pg_current_snapshot()`: the oldest running transaction, the next
 *   transaction id, the ones in progress), which decides exactly which commits a read sees; it moves
 *   when any transaction that writes starts or ends, in any database of the cluster.
 */
export function databaseVersion(db: Pick<Db, 'kysely' | 'dialect'>): string | null | Promise<string | null> {
  if (db.dialect === 'postgres') return sharedSnapshot(db.kysely);
  const direct = sqliteDirect.get(db.kysely);
  if (!direct || direct.inTransaction()) return null;
  const [changes, dataVersion] = direct.version();
  return `${changes}:${dataVersion}`;
}

const SNAPSHOT_QUERY = CompiledQuery.raw('select pg_current_snapshot()::text as v');

/** Per Kysely instance: the snapshot read under way, and the one that callers arriving meanwhile wait for. */
interface SnapshotReads {
  running: Promise<string | null> | null;
  next: Promise<string | null> | null;
}
const snapshotReads = new WeakMap<Kysely<Database>, SnapshotReads>();

/**
 * The Postgres snapshot for a caller, read by a statement that starts after the call: so it sees every
 * commit acknowledged before it, as a statement of the caller's own would. Callers that arrive while a
 * read is under way share the next one, sent when it ends: at most one snapshot statement per process
 * is in flight, however many calls wait (--cpu-prof and `npm run bench`: one statement per call was the
 * most of Postgres's work at 32 connections on a cache hit). A caller that waits allocates nothing.
 */
function sharedSnapshot(k: Kysely<Database>): Promise<string | null> {
  let state = snapshotReads.get(k);
  if (!state) {
    state = { running: null, next: null };
    snapshotReads.set(k, state);
  }
  if (!state.running) return sendSnapshotRead(k, state);
  if (!state.next) {
    const send = sendSnapshotRead.bind(null, k, state);
    state.next = state.running.then(send, send);
  }
  return state.next;
}

/** Sends {@link sharedSnapshot}'s next read, now under way until it settles. */
function sendSnapshotRead(k: Kysely<Database>, state: SnapshotReads): Promise<string | null> {
  const p = k.executeQuery<{ v: string }>(SNAPSHOT_QUERY).then((r) => r.rows[0]?.v ?? null);
  state.running = p;
  // Settled either way (the next read goes out whether this one failed or not); runs before that send.
  const done = () => {
    state.running = null;
    state.next = null;
  };
  void p.then(done, done);
  return p;
}

interface PendingRead {
  sql: string;
  parameters: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

interface ReadBatch {
  pending: PendingRead[];
  sent: boolean;
}

const batches = new WeakMap<Kysely<Database>, ReadBatch>();
/** Combined statement text per list of batched statements (the lists are few: one per set of methods). */
const combinedSql = new Map<string, string>();
/** Whether a prepared read's text can be an aggregate column ({@link aggregatePart}); its texts are few and fixed. */
const combinable = new Map<string, boolean>();

/**
 * Runs `reads` with a Kysely instance on which {@link preparedQuery} reads issued in the same tick are
 * collected, then sent as ONE statement (each read an aggregate column of it: a JSON array of its rows,
 * in its own order), so a caller's N independent reads cost one statement (one round trip
 * and one pool connection) instead of N. For reads only (SELECTs with bound values). A read that cannot
 * be combined (see aggregatePart) runs alone, as does a read issued after the batch has left (after an
 * await), and any query that is not a {@link preparedQuery}: the instance is a whole Kysely on the same
 * database. Postgres only: on SQLite `reads` gets `db.kysely` itself.
 */
export async function batchedReads<T>(db: Pick<Db, 'kysely' | 'dialect'>, reads: (batched: Kysely<Database>) => Promise<T>): Promise<T> {
  const k = db.kysely;
  // SQLite: the reads run in-process one after another (registerSqliteDirect); measured, one combined
  // json_group_array statement took about twice as long as its separate statements.
  if (db.dialect !== 'postgres') return reads(k);
  const batched = k.withoutPlugins();
  const batch: ReadBatch = { pending: [], sent: false };
  batches.set(batched, batch);
  // Compiled queries are cached per instance: the batched instance shares the compilations of `k`.
  compiledAlias.set(batched, k);
  const result = reads(batched);
  batch.sent = true;
  const pending = batch.pending;
  if (pending.length > 0) runBatch(pending, postgresColumns, (sql, params) => k.executeQuery(CompiledQuery.raw(sql, [...params])).then((r) => r.rows));
  return result;
}

/** Sends the batch's combinable reads as one statement and the others alone (concurrently); resolves every read. */
function runBatch(
  pending: PendingRead[],
  columnsOf: (sql: string) => readonly string[] | null,
  run: (sql: string, params: readonly unknown[]) => Promise<unknown[]>,
): void {
  const settle = (reads: PendingRead[], rows: Promise<unknown[]>, pick: (all: unknown[], i: number) => unknown[]) =>
    rows.then(
      (all) => {
        reads.forEach((p, i) => {
          p.resolve(pick(all, i));
        });
      },
      (err: unknown) => {
        for (const p of reads) p.reject(err);
      },
    );
  const together: PendingRead[] = [];
  for (const p of pending) {
    let fits = combinable.get(p.sql);
    if (fits === undefined) {
      fits = aggregatePart(p.sql, columnsOf, 0) !== null;
      combinable.set(p.sql, fits);
    }
    if (pending.length > 1 && fits) together.push(p);
    else settle([p], run(p.sql, p.parameters), (all) => all);
  }
  if (together.length === 0) return;
  // Keyed by the reads' statement names (short), not their texts.
  const key = together.map((p) => statementNames.get(p.sql)).join(',');
  let sql = combinedSql.get(key);
  if (!sql) {
    let offset = 0;
    const parts = together.map((p, i) => {
      const part = aggregatePart(p.sql, columnsOf, offset)!;
      offset += p.parameters.length;
      return `${part} as r${i}`;
    });
    sql = `select ${parts.join(', ')}`;
    combinedSql.set(key, sql);
    statementNames.set(sql, `ae_prepared_${statementNames.size + 1}`);
  }
  // The driver parses json columns: each is its read's rows.
  settle(
    together,
    run(
      sql,
      together.flatMap((p) => p.parameters),
    ),
    (all, i) => ((all[0] as Record<string, unknown[] | null>)[`r${i}`] ?? []) as unknown[],
  );
}

// The ORDER BY a compiled Kysely read ends with, when it is only plain column names (asc or desc).
const TRAILING_ORDER = /\sorder by ("[a-z_][a-z0-9_]*"(?: asc| desc)?(?:, "[a-z_][a-z0-9_]*"(?: asc| desc)?)*)$/;
const ORDER_COLUMN = /"([a-z_][a-z0-9_]*)"/g;

/**
 * `read` as one column of a combined Postgres statement: the JSON array of its rows, in its own ORDER BY
 * given inside the aggregate (the order SQL guarantees an aggregate's input; a subquery's order is not
 * kept), its `$n` parameters shifted by `offset`. Null when it cannot be: an ORDER BY that is not plain
 * columns of its result, or a LIMIT.
 */
function aggregatePart(read: string, columnsOf: (sql: string) => readonly string[] | null, offset: number): string | null {
  const columns = columnsOf(read);
  if (!columns || /\slimit\s/.test(read)) return null;
  const order = TRAILING_ORDER.exec(read);
  if (!order && /\sorder by\s/.test(read)) return null;
  const orderBy = order?.[1] ?? '';
  for (const m of orderBy.matchAll(ORDER_COLUMN)) if (!columns.includes(m[1]!) && !columns.includes('*')) return null;
  const shifted = read.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  const inner = orderBy ? ` order by ${orderBy.replace(ORDER_COLUMN, 't."$1"')}` : '';
  return `(select coalesce(json_agg(t${inner}), '[]'::json) from (${shifted}) as t)`;
}

/**
 * The columns of a Postgres read as far as its text tells (`*` for `select *`), null when the select
 * list is not plain quoted columns: what an ORDER BY inside the aggregate may name.
 */
function postgresColumns(read: string): readonly string[] | null {
  const list = /^select (.+?) from /.exec(read)?.[1];
  if (list === undefined) return null;
  if (list === '*') return ['*'];
  const cols = list.split(', ').map((c) => /^"([a-z_][a-z0-9_]*)"$/.exec(c)?.[1]);
  return cols.every((c) => c !== undefined) ? (cols as string[]) : null;
}

/** Batched instances -> the instance whose compiled queries they share ({@link batchedReads}). */
const compiledAlias = new WeakMap<Kysely<Database>, Kysely<Database>>();

/** SQL text of every prepared query -> the name its Postgres server-side statement gets (db/index.ts). */
const statementNames = new Map<string, string>();

/**
 * The server-side statement name for `sql` when it is one of the {@link preparedQuery} queries, else
 * undefined. On Postgres these run as named prepared statements, parsed and planned once per pool
 * connection rather than on every call: their texts are few and fixed (the queries' shapes never depend
 * on their arguments), so each connection holds a bounded set of statements.
 */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}
