/**
 * The passwords method's part of the `/v1` backend API's core routes (issue 27): the `password_exists`
 * operand of `POST /v1/users/search` and the password as a factor the backend may delete
 * (`DELETE /v1/users/passwords/{password_id}`; a signed-in user has no such call).
 */
import { z } from 'zod/mini';
import { type MethodFactor, searchOperand, type UserSearchOperand } from '../method.ts';

/** `password_exists`: users with a password (true) or without one (false). */
export const PASSWORDS_SEARCH_OPERANDS: Readonly<Record<string, UserSearchOperand>> = {
  password_exists: searchOperand(z.boolean(), (svc, exists) => {
    const k = svc.db.kysely;
    const pid = svc.project.project_id;
    const withPassword = k.selectFrom('passwords').select('passwords.user_id').where('passwords.project_id', '=', pid);
    if (exists) return withPassword;
    return k.selectFrom('users').select('users.user_id').where('users.project_id', '=', pid).where('users.user_id', 'not in', withPassword);
  }),
};

/** The password of a user, removed by the backend only. */
export const PASSWORDS_FACTORS: readonly MethodFactor[] = [
  {
    kind: 'passwords',
    eventKind: 'password',
    notFound: 'password_not_found',
    backendOnly: true,
    // A password always signs in (docs/reference/methods/users.md#rules).
    waysIn: (_svc, user) => (user.password ? 1 : 0),
    remove: async () => false,
    async removeByBackend(svc, id) {
      const row = await svc.db.kysely
        .deleteFrom('passwords')
        .where('password_id', '=', id)
        .where('project_id', '=', svc.project.project_id)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  },
];
