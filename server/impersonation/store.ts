/**
 * Impersonation tokens (issue 15 item 4, docs/reference/security.md#tokens tokens): minted only by an admin (this module's
 * {@link mintImpersonationToken}, used by the admin CLI and the tests; there is no HTTP call that mints
 * one, because the server has no admin surface), 256 bits from the CSPRNG, only the SHA-256 stored,
 * 5 minutes, single use; every mint and redemption is an audit row.
 */
import { newId, newSecretToken, sha256Hex } from '../crypto.ts';
import type { Db } from '../db/index.ts';

/** Lifetime of an impersonation token (the provider's: 5 minutes). */
export const IMPERSONATION_TOKEN_TTL_MS = 5 * 60_000;
/** Lifetime of an impersonated session (the provider's: 60 minutes, never extended). */
export const IMPERSONATED_SESSION_MINUTES = 60;
/** Longest reason text kept in the audit trail. */
const MAX_REASON = 1024;

/** Who mints, and why (kept in the audit trail). */
export interface ImpersonationMint {
  /** The admin's id (a support agent's email, an operator name); it appears in the session's factor. */
  adminId: string;
  /** Why (the provider asks its dashboard users for one); default ''. */
  reason?: string;
  /** Mint time, epoch ms (default Date.now(); tests pass their movable clock). */
  now?: number;
}

/**
 * Mints a one-time impersonation token for `userId` of project `projectId`: the clear token (returned
 * once, never stored) and its expiry. The admin hands the token to `POST /sdk/v1/impersonation/authenticate`
 * (e.g. as `?stytch_token_type=impersonation&token=...` on the login redirect URL).
 * @throws Error when the user does not exist in that project, or adminId is empty
 */
export async function mintImpersonationToken(db: Db, projectId: string, userId: string, o: ImpersonationMint): Promise<{ token: string; expiresAt: number }> {
  const adminId = o.adminId.trim();
  if (adminId === '' || adminId.length > 256) throw new Error('mintImpersonationToken: adminId must be 1 to 256 characters');
  const reason = (o.reason ?? '').slice(0, MAX_REASON);
  const now = o.now ?? Date.now();
  const k = db.kysely;
  const user = await k.selectFrom('users').select('user_id').where('user_id', '=', userId).where('project_id', '=', projectId).executeTakeFirst();
  if (!user) throw new Error(`mintImpersonationToken: no user ${userId} in project ${projectId}`);
  const token = newSecretToken();
  const expiresAt = now + IMPERSONATION_TOKEN_TTL_MS;
  await k
    .insertInto('impersonation_tokens')
    .values({
      token_hash: sha256Hex(token),
      project_id: projectId,
      user_id: userId,
      impersonator_id: adminId,
      reason,
      created_at: now,
      expires_at: expiresAt,
      consumed_at: null,
    })
    .execute();
  await k
    .insertInto('impersonation_audit')
    .values({
      audit_id: newId('impersonation', 'audit'),
      project_id: projectId,
      user_id: userId,
      impersonator_id: adminId,
      event: 'minted',
      reason,
      session_id: null,
      ip_address: null,
      user_agent: null,
      at: now,
    })
    .execute();
  return { token, expiresAt };
}

/** One audit row, as {@link impersonationAudit} lists them. */
export interface ImpersonationAuditEntry {
  event: 'minted' | 'authenticated';
  user_id: string;
  impersonator_id: string;
  reason: string;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  at: number;
}

/** The project's impersonation audit trail, oldest first (optionally of one user): for the admin CLI and tests. */
export async function impersonationAudit(db: Db, projectId: string, userId?: string): Promise<ImpersonationAuditEntry[]> {
  let q = db.kysely.selectFrom('impersonation_audit').selectAll().where('project_id', '=', projectId);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  // Within one millisecond a mint comes before its redemption ('minted' sorts after 'authenticated').
  const rows = await q.orderBy('at').orderBy('event', 'desc').orderBy('audit_id').execute();
  return rows.map((r) => ({
    event: r.event === 'minted' ? 'minted' : 'authenticated',
    user_id: r.user_id,
    impersonator_id: r.impersonator_id,
    reason: r.reason,
    session_id: r.session_id,
    ip_address: r.ip_address,
    user_agent: r.user_agent,
    at: r.at,
  }));
}
