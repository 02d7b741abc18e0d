/** Password rows: read, set (hash + revoke other sessions), and the wire `user.password` field. */
import { newId } from '../crypto.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';
import { revokeEmailTokens } from '../magic-links/index.ts';
import { revokeUserSessions } from '../user-actions.ts';
import { hashPassword } from './hash.ts';
import type { PasswordsTable } from './tables.ts';

/** The password row of a user, if any. */
export async function findPassword(svc: Services, userId: string): Promise<PasswordsTable | null> {
  const [row] = await userPasswordRow(svc.db.kysely, userId, svc.project.project_id);
  return row ?? null;
}

/** The user's password row (0 or 1), compiled once: loadUser runs it on every authenticate. */
export const userPasswordRow = preparedQuery((k, userId: string, projectId: string) =>
  k.selectFrom('passwords').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId),
);

/** `user.password` of docs/reference/wire-protocol.md#authenticate-answers from a stored row. */
export function toPasswordField(row: PasswordsTable): { password_id: string; requires_reset: boolean } {
  return { password_id: row.password_id, requires_reset: row.requires_reset === 1 };
}

/** The passwords method's part of the wire user (docs/reference/wire-protocol.md#authenticate-answers `user.password`), for loadUser. */
export async function passwordUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  const [row] = await userPasswordRow(svc.db.kysely, userId, svc.project.project_id);
  return { password: row ? toPasswordField(row) : null };
}

/** `user.password` of docs/reference/wire-protocol.md#authenticate-answers: `{password_id, requires_reset}` or null. */
export async function userPasswordField(svc: Services, userId: string): Promise<{ password_id: string; requires_reset: boolean } | null> {
  const row = await findPassword(svc, userId);
  return row ? toPasswordField(row) : null;
}

/**
 * Sets (or replaces) a user's password from its normalised form, clears requires_reset, and revokes the
 * user's live sessions, outstanding reset links and every method's grants (user-access.ts): whoever knew
 * the old credential is signed out.
 */
export async function setPassword(svc: Services, userId: string, normalized: string): Promise<void> {
  const hash = await hashPassword(normalized);
  const now = svc.now();
  const k = svc.db.kysely;
  const had = await k.selectFrom('passwords').select('password_id').where('user_id', '=', userId).executeTakeFirst();
  await k
    .insertInto('passwords')
    .values({
      user_id: userId,
      project_id: svc.project.project_id,
      password_id: newId('password', svc.project.mode),
      hash,
      requires_reset: 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, requires_reset: 0, updated_at: now }))
    .execute();
  // A first password is a factor added; a replaced one is a reset (webhook events, server/events.ts).
  if (had) await svc.events.emit({ type: 'password.reset', user_id: userId });
  else {
    const row = await k.selectFrom('passwords').select('password_id').where('user_id', '=', userId).executeTakeFirst();
    await svc.events.emit({ type: 'factor.added', user_id: userId, factor: { kind: 'password', id: row?.password_id ?? '' } });
  }
  // Each session signed out is a session.revoked, each grant a consent.revoked, as for a revoke-all (user-actions.ts).
  await revokeUserSessions(svc, userId);
  await revokeEmailTokens(svc, userId, 'reset_password');
}

/** Flags a password as needing a reset (breached at sign-in). */
export async function flagPasswordReset(svc: Services, userId: string): Promise<void> {
  await svc.db.kysely.updateTable('passwords').set({ requires_reset: 1, updated_at: svc.now() }).where('user_id', '=', userId).execute();
}
