/**
 * Remediation of a user's access beyond sessions: every listed method's {@link ServerMethod.revokeUserGrants}
 * runs when the user's password changes and when all their sessions are revoked, so a grant a stolen
 * session minted (an app's refresh token, say) dies with the sessions (docs/reference/security.md).
 */
import type { Db } from './db/index.ts';
import type { EventHub } from './events.ts';
import type { ServerMethod } from './method.ts';

/** Revokes what every method in `methods` holds for the user outside sessions. */
export async function revokeUserGrants(svc: { db: Db; methods: readonly ServerMethod[]; events: EventHub }, userId: string, now: number): Promise<void> {
  for (const m of svc.methods) await m.revokeUserGrants?.(svc, userId, now);
}
