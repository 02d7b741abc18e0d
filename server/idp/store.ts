/**
 * The idp method's storage (issue 14): remembered consent (core's `connected_apps`, one row per user and
 * client), grants, authorization codes, access tokens (core's `access_tokens`, so
 * `sessions.exchangeAccessToken` takes them) and rotating refresh tokens. Bearer values are 256-bit
 * CSPRNG tokens stored as SHA-256; each single-use value is claimed by one conditional UPDATE.
 */
import { recordAudit } from '../audit/record.ts';
import { claimOnce } from '../claim-once.ts';
import { newId, newSecretToken, sha256Hex } from '../crypto.ts';
import type { Services } from '../services.ts';
import type { IdpClient } from './clients.ts';
import type { IdpCodesTable, IdpRefreshTokensTable } from './tables.ts';

/** Authorization code lifetime (docs/reference/security.md#oauth-and-idp: single use, 60 s; RFC 6749 4.1.2 recommends at most 10 minutes). */
export const IDP_CODE_TTL_MS = 60_000;
/** Access token lifetime (1 hour). */
export const IDP_ACCESS_TOKEN_TTL_MS = 60 * 60_000;
/** ID token lifetime (1 hour). */
export const IDP_ID_TOKEN_TTL_S = 3600;
/** Refresh token lifetime (30 days), each use rotating it. */
export const IDP_REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** The scopes the user consented to for this client earlier (empty when none or revoked). */
export async function rememberedScopes(svc: Services, userId: string, clientId: string): Promise<Set<string>> {
  const row = await svc.db.kysely
    .selectFrom('connected_apps')
    .select(['scopes_granted', 'revoked_at'])
    .where('user_id', '=', userId)
    .where('connected_app_id', '=', clientId)
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return new Set();
  return new Set(row.scopes_granted.split(' ').filter(Boolean));
}

/** Remembers consent to `scopes` (added to what was consented before) as a connected app of the user. */
export async function rememberConsent(svc: Services, userId: string, client: IdpClient, scopes: readonly string[]): Promise<void> {
  const before = await rememberedScopes(svc, userId, client.client_id);
  const all = [...new Set([...before, ...scopes])].join(' ');
  const now = svc.now();
  await svc.db.kysely
    .insertInto('connected_apps')
    .values({
      connected_app_id: client.client_id,
      project_id: svc.project.project_id,
      user_id: userId,
      name: client.client_name,
      description: client.description,
      logo_url: client.logo_url,
      scopes_granted: all,
      created_at: now,
      revoked_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'connected_app_id']).doUpdateSet({ revoked_at: null, scopes_granted: all, name: client.client_name, logo_url: client.logo_url }),
    )
    .execute();
  await recordAudit(svc, {
    action: 'consent.grant',
    actor: { kind: 'user', id: userId },
    target: { kind: 'idp_client', id: client.client_id },
    details: { client_id: client.client_id, scopes: [...scopes] },
  });
  await svc.events.emit({ type: 'consent.granted', user_id: userId, client_id: client.client_id, scopes: [...scopes] });
}

/** Creates a grant and its authorization code; returns the code in clear, the one time it exists so. */
export async function issueCode(
  svc: Services,
  o: { client: IdpClient; userId: string; redirectUri: string; codeChallenge: string; nonce: string | null; scopes: readonly string[]; authTime: number },
): Promise<string> {
  const now = svc.now();
  const grant_id = newId('idp-grant', svc.project.mode);
  const code = newSecretToken();
  const k = svc.db.kysely;
  await k
    .insertInto('idp_grants')
    .values({
      grant_id,
      project_id: svc.project.project_id,
      client_id: o.client.client_id,
      user_id: o.userId,
      scopes: o.scopes.join(' '),
      auth_time: o.authTime,
      created_at: now,
      revoked_at: null,
    })
    .execute();
  await k
    .insertInto('idp_codes')
    .values({
      code_hash: sha256Hex(code),
      project_id: svc.project.project_id,
      grant_id,
      client_id: o.client.client_id,
      user_id: o.userId,
      redirect_uri: o.redirectUri,
      code_challenge: o.codeChallenge,
      nonce: o.nonce,
      scopes: o.scopes.join(' '),
      created_at: now,
      expires_at: now + IDP_CODE_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return code;
}

/** The code's row (consumed or not), or undefined. */
export async function findCode(svc: Services, code: string): Promise<IdpCodesTable | undefined> {
  return svc.db.kysely
    .selectFrom('idp_codes')
    .selectAll()
    .where('code_hash', '=', sha256Hex(code))
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
}

/**
 * Claims the code: true for exactly one caller however many race. Expiry is the caller's check (the
 * token endpoint refuses a late code with its own answer before this): a code expiring between that
 * check and this claim is still its one redemption, not a reuse that would revoke the grant.
 */
export async function consumeCode(svc: Services, codeHash: string): Promise<boolean> {
  return (await claimOnce(svc.db.kysely, 'idp_codes', { code_hash: codeHash }, { now: svc.now(), ignoreExpiry: true })).ok;
}

/**
 * Revokes a grant: every access and refresh token issued under it stops working at once (RFC 6749 4.1.2
 * on a reused code, RFC 9700 4.14.2 on a reused refresh token).
 */
export async function revokeGrant(svc: Services, grantId: string): Promise<void> {
  const k = svc.db.kysely;
  const now = svc.now();
  await k.updateTable('idp_grants').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
  await k.deleteFrom('access_tokens').where('grant_id', '=', grantId).execute();
  await k.deleteFrom('idp_refresh_tokens').where('grant_id', '=', grantId).execute();
}

/** Revokes every grant of the user for this client (a revoked connected app). */
export async function revokeClientGrants(svc: Services, userId: string, clientId: string): Promise<void> {
  const grants = await svc.db.kysely
    .selectFrom('idp_grants')
    .select('grant_id')
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .where('project_id', '=', svc.project.project_id)
    .where('revoked_at', 'is', null)
    .execute();
  for (const g of grants) await revokeGrant(svc, g.grant_id);
}

/**
 * Revokes every grant of the user, for every client, with its codes, access and refresh tokens (the
 * method's `revokeUserGrants`: a password change or a revoke-all). Remembered consent stays: the apps
 * stay listed and a new sign-in with the new credential may authorise them again.
 */
export async function revokeAllUserGrants(svc: Pick<Services, 'db' | 'events'>, userId: string, now: number): Promise<void> {
  const k = svc.db.kysely;
  const revoked = await k
    .updateTable('idp_grants')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(['client_id', 'scopes'])
    .execute();
  await k.deleteFrom('idp_codes').where('user_id', '=', userId).execute();
  await k.deleteFrom('idp_refresh_tokens').where('user_id', '=', userId).execute();
  await k.deleteFrom('access_tokens').where('user_id', '=', userId).execute();
  // Each grant ended is a consent.revoked, as the user's own revoke of a connected app is (sdk-routes.ts).
  for (const g of revoked) {
    await svc.events.emit({ type: 'consent.revoked', user_id: userId, client_id: g.client_id, scopes: g.scopes.split(' ').filter(Boolean) });
  }
}

/** True when the grant exists and is not revoked. */
export async function grantLive(svc: Services, grantId: string): Promise<boolean> {
  const row = await svc.db.kysely.selectFrom('idp_grants').select('revoked_at').where('grant_id', '=', grantId).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

/** Issues an access token (and a refresh token when `refresh`) under a grant; the tokens in clear. */
export async function issueTokens(
  svc: Services,
  o: { grantId: string; clientId: string; userId: string; scopes: string; refresh: boolean },
): Promise<{ accessToken: string; refreshToken: string | null }> {
  const now = svc.now();
  const k = svc.db.kysely;
  const accessToken = newSecretToken();
  await k
    .insertInto('access_tokens')
    .values({
      token_hash: sha256Hex(accessToken),
      project_id: svc.project.project_id,
      user_id: o.userId,
      connected_app_id: o.clientId,
      scopes: o.scopes,
      created_at: now,
      expires_at: now + IDP_ACCESS_TOKEN_TTL_MS,
      grant_id: o.grantId,
    })
    .execute();
  let refreshToken: string | null = null;
  if (o.refresh) {
    refreshToken = newSecretToken();
    await k
      .insertInto('idp_refresh_tokens')
      .values({
        token_hash: sha256Hex(refreshToken),
        project_id: svc.project.project_id,
        grant_id: o.grantId,
        client_id: o.clientId,
        user_id: o.userId,
        scopes: o.scopes,
        created_at: now,
        expires_at: now + IDP_REFRESH_TOKEN_TTL_MS,
        consumed_at: null,
      })
      .execute();
  }
  return { accessToken, refreshToken };
}

/** The refresh token's row (used or not), or undefined. */
export async function findRefreshToken(svc: Services, token: string): Promise<IdpRefreshTokensTable | undefined> {
  return svc.db.kysely
    .selectFrom('idp_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .executeTakeFirst();
}

/**
 * Marks a refresh token used (rotation): true for exactly one caller. Expiry is the caller's check, as
 * for {@link consumeCode}: a failed claim here means reuse, which revokes the grant.
 */
export async function useRefreshToken(svc: Services, tokenHash: string): Promise<boolean> {
  return (await claimOnce(svc.db.kysely, 'idp_refresh_tokens', { token_hash: tokenHash }, { now: svc.now(), ignoreExpiry: true })).ok;
}

/** A live access token's row (not expired, its grant not revoked), or null. */
export async function liveAccessToken(
  svc: Services,
  token: string,
): Promise<{ user_id: string; connected_app_id: string; scopes: string; grant_id: string | null } | null> {
  const row = await svc.db.kysely
    .selectFrom('access_tokens')
    .select(['user_id', 'connected_app_id', 'scopes', 'grant_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('project_id', '=', svc.project.project_id)
    .where('expires_at', '>', svc.now())
    .executeTakeFirst();
  if (!row) return null;
  if (row.grant_id !== null && !(await grantLive(svc, row.grant_id))) return null;
  return row;
}

/**
 * Deletes codes, refresh tokens and access tokens an hour past expiry, then grants older than a refresh
 * token's life that nothing refers to any more (the pruning timer).
 */
export async function pruneIdp(svc: Pick<Services, 'db'>, now: number): Promise<void> {
  const k = svc.db.kysely;
  const cutoff = now - 60 * 60_000;
  await k.deleteFrom('idp_codes').where('expires_at', '<', cutoff).execute();
  await k.deleteFrom('idp_refresh_tokens').where('expires_at', '<', cutoff).execute();
  await k.deleteFrom('access_tokens').where('expires_at', '<', cutoff).execute();
  await k
    .deleteFrom('idp_grants')
    .where('created_at', '<', cutoff - IDP_REFRESH_TOKEN_TTL_MS)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('idp_refresh_tokens').select('idp_refresh_tokens.grant_id').whereRef('idp_refresh_tokens.grant_id', '=', 'idp_grants.grant_id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('idp_codes').select('idp_codes.grant_id').whereRef('idp_codes.grant_id', '=', 'idp_grants.grant_id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('access_tokens').select('access_tokens.grant_id').whereRef('access_tokens.grant_id', '=', 'idp_grants.grant_id'))),
    )
    .execute();
}
