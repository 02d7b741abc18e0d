/**
 * The user actions that both a `/v1` route (or a sign-in method) and the admin CLI (server/cli.ts) take,
 * one function each, so what they change and the events they emit (server/events.ts) cannot drift: the
 * CLI builds the project's services for the purpose (server/ops/admin-services.ts).
 */
import type { SessionsTable } from './db/schema.ts';
import { deleteUser } from './ops/admin.ts';
import type { Services } from './services.ts';
import { revokeSessions } from './sessions.ts';
import { revokeUserGrants } from './user-access.ts';

/**
 * Revokes every live session of the user (a `session.revoked` each) and what the methods hold for them
 * beyond sessions (an app's grants: user-access.ts, a `consent.revoked` each); returns the sessions revoked.
 */
export async function revokeUserSessions(svc: Services, userId: string): Promise<SessionsTable[]> {
  const revoked = await revokeSessions(svc, { user_id: userId });
  await revokeUserGrants(svc, userId, svc.now());
  return revoked;
}

/**
 * Deletes the user (`DELETE /v1/users/{id}`, `users delete`): what their sessions minted beyond them (an
 * app's grants) ends first, then every row of theirs (ops/admin.ts deleteUser), then `user.deleted`
 * carries `before`, the user as the `/v1` API showed it (the caller's requireBackendUser: 404
 * user_not_found when the project has no such user). Returns the rows deleted per table.
 */
export async function removeUser(svc: Services, userId: string, before: object): Promise<Record<string, number>> {
  await revokeUserGrants(svc, userId, svc.now());
  const deleted = await deleteUser(svc.db, userId);
  await svc.events.emit({ type: 'user.deleted', user_id: userId, user: before });
  return deleted;
}
