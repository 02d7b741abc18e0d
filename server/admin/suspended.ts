/**
 * The suspension check (issue 31, docs/reference/admin.md#suspension): a user an admin suspended
 * (`users.suspended_at`) gets no new session by any path. A leaf module: the sign-in gate (server/mfa/gate.ts,
 * where every first factor passes) and createSession (server/sessions.ts, every session minted) call it.
 */
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';

/**
 * Refuses a suspended user of the project.
 * @throws ApiError user_suspended (403)
 */
export async function refuseSuspended(svc: Pick<Services, 'db' | 'project'>, userId: string): Promise<void> {
  const row = await svc.db.kysely
    .selectFrom('users')
    .select('suspended_at')
    .where('user_id', '=', userId)
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  if (row && row.suspended_at !== null) throw new ApiError('user_suspended');
}
