/**
 * The order of a user's email and phone lists (docs/reference/methods/users.md#rules): the chosen primary
 * first, then oldest first, then in the order the user added them (created_at has whole seconds only).
 */
import { type RawBuilder, sql } from 'kysely';

/** The two tables whose rows make a user's address lists. */
export type AddressTable = 'emails' | 'phone_numbers';

/**
 * One more than the highest value of `column` among the user's rows of `table`, read in the statement that
 * writes it, so no gap opens between reading and writing.
 */
export function nextInUserList(table: AddressTable, column: 'primary_rank' | 'added_seq', userId: string): RawBuilder<number> {
  return sql<number>`(select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)} where user_id = ${userId})`;
}

/** The ORDER BY of a user's address list: one expression, so both lists and every reader keep the same order. */
export const ADDRESS_ORDER: RawBuilder<unknown> = sql`coalesce(primary_rank, 0) desc, created_at asc, coalesce(added_seq, 0) asc`;
