/**
 * The single-use secret with expiry, spent in one place: every table of a code, token, challenge or
 * nonce that works once has `consumed_at` (null until spent), and most have `expires_at`. One conditional
 * UPDATE spends a row, so exactly one of any number of parallel redemptions gets it back; the reason of
 * a refusal is read only on that failure path. See docs/reference/security.md (single-use secrets).
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './db/schema.ts';

/** The tables whose rows are spent once: they have a `consumed_at` column. */
export type SpendableTable = { [T in keyof Database]: Database[T] extends { consumed_at: number | null } ? T : never }[keyof Database];

/** The spendable tables whose rows also expire (`expires_at`, epoch ms). */
export type ExpiringTable = { [T in SpendableTable]: Database[T] extends { expires_at: number } ? T : never }[SpendableTable];

/** A stored row of table `T`. */
export type RowOf<T extends keyof Database> = Selectable<Database[T]>;

/** A column's condition: a value (equality), or a comparison such as `['<', 5]` or `['in', [a, b]]`. */
export type ClaimCondition<V> = V | readonly [Exclude<Operator, 'in'>, V] | readonly ['in', readonly V[]];

/**
 * What names the row to spend: its key columns as equalities (these alone find it again for the
 * reason), plus any further comparisons the spend requires. It must match at most one row.
 */
export type ClaimWhere<T extends keyof Database> = { readonly [C in keyof RowOf<T>]?: ClaimCondition<RowOf<T>[C]> };

/** Why nothing was spent: no such row, already spent, or past its expiry. */
export type ClaimFailure = 'unknown' | 'used' | 'expired';

/** The spent row, or why there was none. */
export type ClaimResult<T extends keyof Database> = { ok: true; row: RowOf<T> } | { ok: false; reason: ClaimFailure };

/** Options of {@link claimOnce}. */
export interface ClaimOptions<T extends keyof Database> {
  /** The spend's time (epoch ms): written to `consumed_at` and compared with `expires_at`. */
  now: number;
  /** Spend even a row past `expires_at` (a caller that checked expiry itself, or a table without one). */
  ignoreExpiry?: boolean;
  /** Further columns written by the same UPDATE (e.g. secrets forgotten once spent). */
  set?: Updateable<Database[T]>;
}

// The table is a type parameter, which Kysely's builders cannot follow: the queries below are built
// over a loose view of the same database, and the public signature carries the types.
type LooseDb = Record<string, Record<string, unknown>>;

/**
 * Spends one row of `table`: `UPDATE .. SET consumed_at = now WHERE <where> AND consumed_at IS NULL
 * AND expires_at > now RETURNING *`. Returns the row as spent, or, when nothing was updated, why:
 * `unknown` (no row has the key columns), `used`, or `expired`. A row that exists, unspent and
 * unexpired, but fails one of the further comparisons reads as `used` (it cannot be spent).
 */
export async function claimOnce<T extends ExpiringTable>(db: Kysely<Database>, table: T, where: ClaimWhere<T>, opts: ClaimOptions<T>): Promise<ClaimResult<T>>;
/** A table without `expires_at` is spent with `ignoreExpiry: true` said out loud. */
export async function claimOnce<T extends SpendableTable>(
  db: Kysely<Database>,
  table: T,
  where: ClaimWhere<T>,
  opts: ClaimOptions<T> & { ignoreExpiry: true },
): Promise<ClaimResult<T>>;
export async function claimOnce<T extends SpendableTable>(
  db: Kysely<Database>,
  table: T,
  where: ClaimWhere<T>,
  opts: ClaimOptions<T>,
): Promise<ClaimResult<T>> {
  const k = db as unknown as Kysely<LooseDb>;
  const entries = Object.entries(where as Record<string, ClaimCondition<unknown>>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) throw new Error('claimOnce needs a key');
  const name: string = table;
  let q = k
    .updateTable(name)
    .set({ ...(opts.set as Record<string, unknown> | undefined), consumed_at: opts.now })
    .where('consumed_at', 'is', null);
  if (!opts.ignoreExpiry) q = q.where('expires_at', '>', opts.now);
  for (const [col, cond] of entries) {
    if (isComparison(cond)) {
      if (cond[0] === 'in' && (cond[1] as readonly unknown[]).length === 0) return fail(k, table, entries, opts);
      q = q.where(col, cond[0], cond[1]);
    } else q = q.where(col, '=', cond);
  }
  const row = await q.returningAll().executeTakeFirst();
  if (row) return { ok: true, row: row as RowOf<T> };
  return fail(k, table, entries, opts);
}

type Operator = '<' | '<=' | '>' | '>=' | '!=' | 'in';

function isComparison(v: unknown): v is readonly [Operator, unknown] {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'string';
}

/** The failure path only: reads the row by its key columns to say why it was not spent. */
async function fail<T extends SpendableTable>(
  k: Kysely<LooseDb>,
  table: T,
  entries: readonly (readonly [string, unknown])[],
  opts: ClaimOptions<T>,
): Promise<ClaimResult<T>> {
  const name: string = table;
  let q = k.selectFrom(name).selectAll();
  for (const [col, cond] of entries) if (!isComparison(cond)) q = q.where(col, '=', cond);
  const row = await q.executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (row['consumed_at'] !== null) return { ok: false, reason: 'used' };
  if (!opts.ignoreExpiry && typeof row['expires_at'] === 'number' && row['expires_at'] <= opts.now) return { ok: false, reason: 'expired' };
  return { ok: false, reason: 'used' };
}
