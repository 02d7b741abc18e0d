/**
 * The oauth method's storage: states, tokens and user registrations (only SHA-256 hashes of bearer
 * values are stored, each redeemed once by a conditional UPDATE), and the linking rule of issue 13: a
 * provider identity signs into an existing account through its email only when the provider verified
 * that email.
 */
import type { ProviderPart } from '../../sdk-core/schemas/index.ts';
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { checkPkce } from '../auth-helpers.ts';
import { claimOnce } from '../claim-once.ts';
import { newId, newSecretToken, sha256Hex } from '../crypto.ts';
import { preparedQuery } from '../db/prepared.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';
import { newUserRow } from '../user-row.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import type { ProviderIdentity } from './providers.ts';
import type { OAuthStatesTable, OAuthTokensTable } from './tables.ts';

/** Lifetime of an OAuth state (issue 13: 10 minutes to come back from the provider). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Lifetime of the OAuth token handed to the redirect URL: the page redeems it at once. */
export const OAUTH_TOKEN_TTL_MS = 5 * 60_000;
/** Lifetime of a One Tap nonce (contract item 5). */
export const ONE_TAP_NONCE_TTL_MS = 10 * 60_000;

/** Stores a new state (its hash) and returns it in clear, the one time it exists so. */
export async function issueState(
  svc: Services,
  o: Omit<OAuthStatesTable, 'state_hash' | 'project_id' | 'created_at' | 'expires_at' | 'consumed_at'>,
): Promise<string> {
  const state = newSecretToken();
  const now = svc.now();
  await svc.db.kysely
    .insertInto('oauth_states')
    .values({
      ...o,
      state_hash: sha256Hex(state),
      project_id: svc.project.project_id,
      created_at: now,
      expires_at: now + OAUTH_STATE_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return state;
}

/**
 * Claims a state once (the callback): unknown, used, expired or another provider's state is null. The
 * conditional UPDATE is the single-use guarantee: of any number of parallel callbacks one wins.
 */
export async function claimState(svc: Services, state: string, provider: string): Promise<OAuthStatesTable | null> {
  const now = svc.now();
  const k = svc.db.kysely;
  const hash = sha256Hex(state);
  const row = await k
    .selectFrom('oauth_states')
    .selectAll()
    .where('state_hash', '=', hash)
    .where('project_id', '=', svc.project.project_id)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null || row.expires_at <= now) return null;
  const claimed = await claimOnce(k, 'oauth_states', { state_hash: hash, project_id: svc.project.project_id, provider }, { now });
  return claimed.ok ? claimed.row : null;
}

/** How long an attach token may wait for its start (docs/reference/methods/oauth.md#rules): the user goes there at once. */
export const OAUTH_ATTACH_TOKEN_TTL_MS = 5 * 60_000;

/** Issues a signed-in user's attach token for `provider` (its hash stored, single use). */
export async function issueAttachToken(svc: Services, userId: string, provider: string): Promise<string> {
  const token = newSecretToken();
  const now = svc.now();
  await svc.db.kysely
    .insertInto('oauth_attach_tokens')
    .values({
      token_hash: sha256Hex(token),
      project_id: svc.project.project_id,
      user_id: userId,
      provider,
      created_at: now,
      expires_at: now + OAUTH_ATTACH_TOKEN_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return token;
}

/** Spends an attach token at the start of `provider`'s flow (claimOnce: of parallel starts one wins): its user, or null. */
export async function claimAttachToken(svc: Services, token: string, provider: string): Promise<string | null> {
  const claimed = await claimOnce(
    svc.db.kysely,
    'oauth_attach_tokens',
    { token_hash: sha256Hex(token), project_id: svc.project.project_id, provider },
    { now: svc.now() },
  );
  return claimed.ok ? claimed.row.user_id : null;
}

/**
 * Registers `provider`'s identity for `userId`, unless (project, provider, subject) is registered already:
 * the unique key decides a race, and `inserted` says whether this call won it.
 */
async function insertRegistration(svc: Services, userId: string, provider: string, id: ProviderIdentity, email: string | null, now: number) {
  const registrationId = newId('oauth-user-registration', svc.project.mode);
  const inserted = await svc.db.kysely
    .insertInto('oauth_user_registrations')
    .values({
      oauth_user_registration_id: registrationId,
      project_id: svc.project.project_id,
      user_id: userId,
      provider_type: provider,
      provider_subject: id.subject,
      email,
      email_verified: id.emailVerified ? 1 : 0,
      profile_picture_url: id.picture,
      locale: id.locale,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['project_id', 'provider_type', 'provider_subject']).doNothing())
    .returning('oauth_user_registration_id')
    .executeTakeFirst();
  return { registrationId, inserted };
}

/** The registration of a provider identity (provider, subject) in this project, if any. */
function findRegistration(svc: Services, provider: string, subject: string) {
  return svc.db.kysely
    .selectFrom('oauth_user_registrations')
    .select(['oauth_user_registration_id', 'user_id'])
    .where('project_id', '=', svc.project.project_id)
    .where('provider_type', '=', provider)
    .where('provider_subject', '=', subject)
    .executeTakeFirst();
}

/** The user's email row of the provider's address, only when the provider verified it (else null). */
async function verifiedEmailId(svc: Services, userId: string, email: string | null, id: ProviderIdentity): Promise<string | null> {
  if (!email || !id.emailVerified) return null;
  const row = await svc.db.kysely
    .selectFrom('emails')
    .select('email_id')
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.email_id ?? null;
}

/**
 * Links a provider identity to the user an attach token named (no sign-up, no merge): the registration
 * is theirs when nobody has it (the unique (project, provider, subject) decides a race), kept when it is
 * theirs already, and 400 oauth_account_already_linked, naming nobody, when another user has it. The
 * provider's email links the registration's `email_id` only when it is one of this user's verified
 * addresses; an address of another user does not move or merge anything.
 */
export async function attachIdentity(svc: Services, provider: string, id: ProviderIdentity, userId: string): Promise<LinkedUser> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const now = svc.now();
  const email = id.email ? normalizeEmail(id.email) : null;
  const user = await k.selectFrom('users').select('user_id').where('user_id', '=', userId).where('project_id', '=', pid).executeTakeFirst();
  if (!user) throw new ApiError('oauth_attach_token_not_found', { message: 'The account this link was started for no longer exists.' });
  const emailId = await verifiedEmailId(svc, userId, email, id);
  const { registrationId, inserted } = await insertRegistration(svc, userId, provider, id, email, now);
  if (inserted) {
    await svc.events.emit({ type: 'factor.added', user_id: userId, factor: { kind: 'oauth', id: registrationId, provider_type: provider } });
    return { userId, registrationId, emailId, created: false };
  }
  const existing = await findRegistration(svc, provider, id.subject);
  if (!existing || existing.user_id !== userId) throw new ApiError('oauth_account_already_linked');
  return { userId, registrationId: existing.oauth_user_registration_id, emailId, created: false };
}

/** Where a provider identity lands. */
export interface LinkedUser {
  userId: string;
  registrationId: string;
  emailId: string | null;
  /** A new user: the flow ends on the sign-up redirect URL. */
  created: boolean;
}

/**
 * Finds or creates the user of a provider identity. The registration (provider, subject) decides first;
 * else an existing account with the same email is joined ONLY when the provider verified the email:
 * an unverified email that matches an account creates nothing and fails with
 * `oauth_unverified_email_conflict` (choice of issue 13: neither a takeover nor a second account with the
 * same address); else a new user: with the email (verified) when the provider verified it, else without
 * any email (the address stays on the registration: see pre-hijacking below), or without email when the
 * provider gives none.
 */
export async function linkIdentity(svc: Services, provider: string, id: ProviderIdentity): Promise<LinkedUser> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const now = svc.now();
  const email = id.email ? normalizeEmail(id.email) : null;
  const reg = await findRegistration(svc, provider, id.subject);
  if (reg) {
    await k
      .updateTable('oauth_user_registrations')
      .set({ profile_picture_url: id.picture, locale: id.locale, email, email_verified: id.emailVerified ? 1 : 0, updated_at: now })
      .where('oauth_user_registration_id', '=', reg.oauth_user_registration_id)
      .execute();
    await activate(svc, reg.user_id);
    return { userId: reg.user_id, registrationId: reg.oauth_user_registration_id, emailId: await verifiedEmailId(svc, reg.user_id, email, id), created: false };
  }
  let userId: string;
  let emailId: string | null = null;
  let created: boolean;
  if (email && !id.emailVerified) {
    const existing = await k.selectFrom('emails').select('email_id').where('project_id', '=', pid).where('email', '=', email).executeTakeFirst();
    if (existing) throw new ApiError('oauth_unverified_email_conflict');
  }
  // An unverified address is not given to the new user either (it stays on the registration only): else
  // whoever typed someone else's address at a provider would own the account that address's real owner
  // later signs up to by email (account pre-hijacking).
  if (email && id.emailVerified) {
    const existing = await k.selectFrom('emails').select(['email_id', 'user_id']).where('project_id', '=', pid).where('email', '=', email).executeTakeFirst();
    const u = existing
      ? { user_id: existing.user_id, email_id: existing.email_id, created: false }
      : await findOrCreateUserByEmail(svc, email, 'active', { source: 'oauth', details: { provider } });
    await k.updateTable('emails').set({ verified: 1 }).where('email_id', '=', u.email_id).execute();
    userId = u.user_id;
    emailId = u.email_id;
    created = u.created;
  } else {
    const row = await newUserRow(svc, { source: 'oauth', status: 'active', details: { provider } });
    userId = row.user_id;
    await k.insertInto('users').values(row).execute();
    created = true;
  }
  const { registrationId, inserted } = await insertRegistration(svc, userId, provider, id, email, now);
  if (!inserted) {
    // A parallel first sign-in of the same identity registered it: theirs stands.
    const winner = await findRegistration(svc, provider, id.subject);
    if (!winner) throw new Error('oauth registration vanished after a conflicting insert');
    if (created && !email) await k.deleteFrom('users').where('user_id', '=', userId).execute();
    return {
      userId: winner.user_id,
      registrationId: winner.oauth_user_registration_id,
      emailId: await verifiedEmailId(svc, winner.user_id, email, id),
      created: false,
    };
  }
  await activate(svc, userId);
  // A user made here (no email to find or make one by) was not announced by the users module.
  if (created && !email) await svc.events.emit({ type: 'user.created', user_id: userId });
  await svc.events.emit({ type: 'factor.added', user_id: userId, factor: { kind: 'oauth', id: registrationId, provider_type: provider } });
  return { userId, registrationId, emailId, created };
}

async function activate(svc: Services, userId: string): Promise<void> {
  await svc.db.kysely.updateTable('users').set({ status: 'active' }).where('user_id', '=', userId).where('status', '=', 'pending').execute();
}

/** Issues the OAuth token the redirect URL carries (its hash stored, bound to the SDK's PKCE challenge). */
export async function issueOAuthToken(
  svc: Services,
  o: {
    linked: LinkedUser;
    provider: string;
    subject: string;
    codeChallenge: string | null;
    accessToken: string | null;
    idToken: string | null;
    scopes: string[];
  },
): Promise<string> {
  const token = newSecretToken();
  const now = svc.now();
  await svc.db.kysely
    .insertInto('oauth_tokens')
    .values({
      token_hash: sha256Hex(token),
      project_id: svc.project.project_id,
      user_id: o.linked.userId,
      oauth_user_registration_id: o.linked.registrationId,
      provider: o.provider,
      provider_subject: o.subject,
      email_id: o.linked.emailId,
      code_challenge: o.codeChallenge,
      access_token: o.accessToken,
      id_token: o.idToken,
      scopes: o.scopes.join(' '),
      created_at: now,
      expires_at: now + OAUTH_TOKEN_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return token;
}

/**
 * Redeems an OAuth token once: PKCE is checked BEFORE the claim (a wrong or missing verifier does not
 * burn the token), then one conditional UPDATE claims it and forgets the provider's tokens.
 * @throws ApiError oauth_token_not_found (unknown, used, expired), pkce_mismatch
 */
export async function redeemOAuthToken(svc: Services, token: string, verifier: string | undefined): Promise<OAuthTokensTable> {
  const k = svc.db.kysely;
  const now = svc.now();
  const hash = sha256Hex(token);
  const row = await k.selectFrom('oauth_tokens').selectAll().where('token_hash', '=', hash).where('project_id', '=', svc.project.project_id).executeTakeFirst();
  if (!row || row.consumed_at !== null || row.expires_at <= now) throw new ApiError('oauth_token_not_found');
  checkPkce(row.code_challenge, verifier);
  // The provider's tokens are forgotten by the same UPDATE; the caller gets them from the row read above.
  const claimed = await claimOnce(
    k,
    'oauth_tokens',
    { token_hash: hash, project_id: svc.project.project_id },
    { now, set: { access_token: null, id_token: null } },
  );
  if (!claimed.ok) throw new ApiError('oauth_token_not_found');
  return row;
}

/** The user's OAuth registrations as the wire user's `providers` (users/me, authenticate answers). */
export async function oauthUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  const rows = await userRegistrationRows(svc.db.kysely, userId, svc.project.project_id);
  const providers: ProviderPart[] = rows.map((r) => ({
    provider_type: r.provider_type,
    provider_subject: r.provider_subject,
    oauth_user_registration_id: r.oauth_user_registration_id,
    profile_picture_url: r.profile_picture_url ?? '',
    locale: r.locale ?? '',
  }));
  return { providers };
}

// Compiled once: loadUser runs it on every authenticate answer (sessions/authenticate's hot path).
const userRegistrationRows = preparedQuery((k, userId: string, projectId: string) =>
  k.selectFrom('oauth_user_registrations').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId).orderBy('created_at'),
);

/** How long used or expired single-use rows are kept before pruning (an hour: enough to read them when debugging a flow). */
export const OAUTH_PRUNE_AFTER_MS = 60 * 60_000;

/** Deletes states, tokens, dev codes and One Tap nonces expired for over an hour (ServerMethod.prune). */
export async function pruneOAuth(svc: Pick<Services, 'db'>, now: number): Promise<void> {
  const k = svc.db.kysely;
  const before = now - OAUTH_PRUNE_AFTER_MS;
  await k.deleteFrom('oauth_states').where('expires_at', '<', before).execute();
  await k.deleteFrom('oauth_attach_tokens').where('expires_at', '<', before).execute();
  await k.deleteFrom('oauth_tokens').where('expires_at', '<', before).execute();
  await k.deleteFrom('oauth_dev_codes').where('expires_at', '<', before).execute();
  await k.deleteFrom('oauth_nonces').where('expires_at', '<', before).execute();
}
