/**
 * The one way a user row is built (a module of its own: users.ts and phones.ts both create users, and
 * users.ts reads phones, so neither can hold it without an import cycle).
 */
import type { Insertable } from 'kysely';
import { newId } from './crypto.ts';
import type { UsersTable } from './db/schema.ts';
import { admitNewUser, type NewUserFacts } from './hooks/before-user-create.ts';
import type { Services } from './services.ts';

/** A user row about to be inserted, built by {@link newUserRow}. */
export type NewUserRow = Insertable<UsersTable> & { user_id: string; created_at: number };

/**
 * The row of a user about to be created: every path that creates a user inserts this row, so the
 * project's before_user_create hook (hooks/before-user-create.ts) is asked on every sign-up path and its
 * metadata lands on the user. Called before the creating transaction: a hook is never awaited inside one.
 * @throws ApiError user_creation_denied / hook_unavailable (the hook's answer or its fail-closed mode)
 */
export async function newUserRow(svc: Services, facts: NewUserFacts): Promise<NewUserRow> {
  const metadata = await admitNewUser(svc, facts);
  return {
    user_id: newId('user', svc.project.mode),
    project_id: svc.project.project_id,
    status: facts.status,
    created_at: svc.now(),
    otp_failures: 0,
    locked_until: null,
    ...metadata,
  };
}
