/** Hot queries built and compiled once per Kysely instance, then run with fresh parameters. */
import { type CompiledQuery, createQueryId, type Kysely } from 'kysely';
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
    let entry = compiledFor.get(k);
    if (!entry) {
      const marks = args.map(() => ({}));
      const query = build(k, ...(marks as A)).compile();
      // Which argument each parameter is; -1 for a constant of the query itself.
      const slots = query.parameters.map((p) => marks.indexOf(p as object));
      if (marks.some((_, i) => !slots.includes(i))) throw new Error(`preparedQuery: an argument is not a bound value in: ${query.sql}`);
      entry = { query, slots };
      compiledFor.set(k, entry);
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `ae_prepared_${statementNames.size + 1}`);
    }
    const { query, slots } = entry;
    const parameters = slots.map((s, i) => (s < 0 ? query.parameters[i] : args[s]));
    const result = await k.executeQuery<O>({ query: query.query, queryId: createQueryId(), sql: query.sql, parameters });
    return result.rows;
  };
}

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
