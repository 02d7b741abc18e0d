/**
 * The common shape of a removable factor: one row of the user's own in one table (an address, a
 * passkey, a wallet, an OAuth registration), deleted by its id only when it belongs to the session's
 * user in this project, so an id of another user's factor reads as not found.
 */
import type { Kysely } from 'kysely';
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import type { Database } from './db/schema.ts';
import type { FactorKind } from './events.ts';
import type { MethodFactor } from './method.ts';

/** The tables whose rows belong to one user of one project. */
export type OwnedTable = { [T in keyof Database]: Database[T] extends { user_id: string; project_id: string } ? T : never }[keyof Database];

// The table is a type parameter, which Kysely's builders cannot follow: the delete is built over a
// loose view of the same database, and the signature carries the types.
type LooseDb = Record<string, Record<string, unknown>>;

/**
 * A factor removed by deleting the user's own row of `table` whose `idColumn` is the id in the path
 * (`DELETE /sdk/v1/users/{kind}/:id`); `notFound` when the user has no such row. The backend API
 * (`DELETE /v1/users/{kind}/:id`) deletes the project's row by id, whoever holds it.
 */
export function ownRowFactor<T extends OwnedTable>(
  kind: string,
  notFound: ErrorType,
  table: T,
  idColumn: keyof Database[T] & string,
  eventKind?: FactorKind,
): MethodFactor {
  return {
    kind,
    notFound,
    ...(eventKind ? { eventKind } : {}),
    async remove(svc, session, id) {
      const k = svc.db.kysely as unknown as Kysely<LooseDb>;
      const name: string = table;
      const res = await k
        .deleteFrom(name)
        .where(idColumn as string, '=', id)
        .where('user_id', '=', session.user_id)
        .where('project_id', '=', svc.project.project_id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
    async removeByBackend(svc, id) {
      const k = svc.db.kysely as unknown as Kysely<LooseDb>;
      const name: string = table;
      const row = await k
        .deleteFrom(name)
        .where(idColumn as string, '=', id)
        .where('project_id', '=', svc.project.project_id)
        .returning('user_id')
        .executeTakeFirst();
      return row ? String(row.user_id) : null;
    },
  };
}
