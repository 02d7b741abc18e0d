/**
 * Emailed tokens (magic links, and the password reset links the passwords method sends through this
 * method's public functions): issue, redeem once with PKCE (docs/reference/security.md#tokens), peek, revoke.
 */
import { nextInUserList } from '../address-order.ts';
import { checkPkce } from '../auth-helpers.ts';
import { claimOnce } from '../claim-once.ts';
import { newId, newSecretToken, sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { MagicLinkKind, MagicLinksTable } from './tables.ts';

/**
 * Stores a new token (only its SHA-256) and returns it in clear, the only time it exists so, with its
 * expiry. `at` (default now) is when the send was asked for: the lifetime counts from there even when
 * the outbox worker issues the token later.
 */
export async function issueEmailToken(
  svc: Services,
  o: { userId: string; emailId: string; email: string; kind: MagicLinkKind; minutes: number; codeChallenge: string | null; at?: number },
): Promise<{ token: string; expiresAt: number }> {
  // 256 bits from the CSPRNG (docs/reference/security.md#tokens asks for >= 128).
  const token = newSecretToken();
  const now = o.at ?? svc.now();
  await svc.db.kysely
    .insertInto('magic_links')
    .values({
      token_id: newId('magic-link', svc.project.mode),
      project_id: svc.project.project_id,
      user_id: o.userId,
      email_id: o.emailId,
      email: o.email,
      kind: o.kind,
      token_hash: sha256Hex(token),
      code_challenge: o.codeChallenge,
      created_at: now,
      expires_at: now + o.minutes * 60_000,
      consumed_at: null,
    })
    .execute();
  return { token, expiresAt: now + o.minutes * 60_000 };
}

/**
 * Redeems a token of one of `kinds`: checks PKCE BEFORE consuming (a wrong verifier must not burn the
 * link, docs/reference/sdk.md#pkce's client retries with the other flow's verifier), then claims it with one conditional
 * UPDATE so exactly one of any number of parallel redemptions succeeds. The email is then verified (or,
 * for a secondary send, attached) and a pending user becomes active.
 * @throws ApiError unable_to_auth_magic_link (unknown, used, expired or wrong kind), pkce_mismatch.
 */
export async function redeemEmailToken(svc: Services, token: string, verifier: string | undefined, kinds: readonly MagicLinkKind[]): Promise<MagicLinksTable> {
  const k = svc.db.kysely;
  const now = svc.now();
  const row = await k
    .selectFrom('magic_links')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null || row.expires_at <= now || !kinds.includes(row.kind as MagicLinkKind)) {
    throw new ApiError('unable_to_auth_magic_link');
  }
  checkPkce(row.code_challenge, verifier);
  if (!(await claimOnce(k, 'magic_links', { token_id: row.token_id }, { now })).ok) throw new ApiError('unable_to_auth_magic_link');

  const updated = await k.updateTable('emails').set({ verified: 1 }).where('email_id', '=', row.email_id).where('user_id', '=', row.user_id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // A secondary send: the address joins the user only now that its owner clicked the link.
    const inserted = await k
      .insertInto('emails')
      .values({
        email_id: row.email_id,
        project_id: row.project_id,
        user_id: row.user_id,
        email: row.email,
        verified: 1,
        created_at: now,
        added_seq: nextInUserList('emails', 'added_seq', row.user_id),
      })
      .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
      .returning('email_id')
      .executeTakeFirst();
    if (!inserted) throw new ApiError('duplicate_email');
    await svc.events.emit({ type: 'factor.added', user_id: row.user_id, factor: { kind: 'email', id: row.email_id, email: row.email } });
  }
  await k.updateTable('users').set({ status: 'active' }).where('user_id', '=', row.user_id).where('status', '=', 'pending').execute();
  return row;
}

/** The address a token was sent to, without redeeming it (unknown token: undefined), whatever its kind or state. */
export async function peekEmailToken(svc: Services, token: string): Promise<string | undefined> {
  const row = await svc.db.kysely
    .selectFrom('magic_links')
    .select('email')
    .where('project_id', '=', svc.project.project_id)
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  return row?.email;
}

/** Burns every outstanding token of `kind` of a user (a password change voids the open reset links). */
export async function revokeEmailTokens(svc: Services, userId: string, kind: MagicLinkKind): Promise<void> {
  await svc.db.kysely
    .updateTable('magic_links')
    .set({ consumed_at: svc.now() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .execute();
}
