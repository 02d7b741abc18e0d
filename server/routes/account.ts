/**
 * The signed-in user's own account (docs/reference/methods/users.md#calls): users/me update, factor removal, and a session from a
 * trusted token (sessions/attest). Connected apps and the IdP access-token exchange are the idp
 * method's (server/idp/sdk-routes.ts).
 */
import { nextInUserList } from '../address-order.ts';
import { createRemoteJWKSet, importSPKI, type JWTHeaderParameters, type JWTPayload, type JWTVerifyOptions, type JWTVerifyResult, jwtVerify } from 'jose';
import { SessionsAttestRequest, UNTRUSTED_METADATA_MAX_BYTES, normalizeEmail, UsersEmptyRequest, UsersMeUpdateRequest } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { recordAudit } from '../audit/record.ts';
import { backendUser, storeCoreFields } from '../backend/users.ts';
import { removeUser, revokeUserSessions } from '../user-actions.ts';
import { ownRowFactor } from '../own-row-factor.ts';
import { sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { assertJsonFieldSize, readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import type { MethodFactor } from '../method.ts';
import type { SessionsTable } from '../db/schema.ts';
import type { User } from '../../sdk-core/schemas/index.ts';
import type { TrustedTokenProfile } from '../project/config.ts';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { findOrCreateUserByEmail, loadUser } from '../users.ts';
import type { Route } from './types.ts';

/**
 * Core's removable factors (docs/reference/methods/users.md, the DELETE paths): the user's email addresses and phone numbers. A kind
 * whose method this server does not offer has no table: no id can name one, so every delete of it is an
 * honest not-found. The methods' factors (`ServerMethod.factors`) are registered beside them.
 */
const CORE_FACTORS: readonly MethodFactor[] = [
  // A verified email is a way in when the project offers an email product (passcodes or magic links), a
  // verified phone when it offers passcodes (the server cannot tell the passcode channels apart).
  {
    ...ownRowFactor('emails', 'email_not_found', 'emails', 'email_id', 'email'),
    waysIn: (svc, user) => (offers(svc, 'otp') || offers(svc, 'emailMagicLinks') ? user.emails.filter((e) => e.verified).length : 0),
  },
  {
    ...ownRowFactor('phone_numbers', 'phone_number_not_found', 'phone_numbers', 'phone_id', 'phone'),
    waysIn: (svc, user) => (offers(svc, 'otp') ? user.phone_numbers.filter((p) => p.verified).length : 0),
  },
  { kind: 'biometric_registrations', notFound: 'biometric_registration_not_found', remove: async () => false },
];

async function userAnswer(c: Ctx, svc: Services, userId: string): Promise<Response> {
  const user = await loadUser(svc, userId);
  if (!user) throw new ApiError('user_unauthenticated');
  return ok(c, { user_id: userId, user });
}

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Imported profile keys kept (PEM x algorithm; jose checks `alg` against the allowlist before asking for a key, so few). */
const SPKI_KEY_CACHE_MAX = 100;
const spkiKeys = new Map<string, ReturnType<typeof importSPKI>>();

/** A profile's PEM public key, imported once per algorithm rather than on every verification. */
function spkiKey(pem: string, alg: string): ReturnType<typeof importSPKI> {
  const id = `${alg}\n${pem}`;
  let key = spkiKeys.get(id);
  if (!key) {
    key = importSPKI(pem, alg);
    // A PEM that does not import is not kept: the error is the caller's, every time.
    key.catch(() => spkiKeys.delete(id));
    if (spkiKeys.size >= SPKI_KEY_CACHE_MAX) spkiKeys.delete(spkiKeys.keys().next().value as string);
    spkiKeys.set(id, key);
  }
  return key;
}

/**
 * Signature algorithms a trusted auth token may use: asymmetric only. `none` is never a signature, and
 * an HMAC algorithm with the profile's public key as the secret would let anyone who has the public key
 * (everyone) mint tokens (RFC 8725 3.1, 3.2).
 */
export const TRUSTED_TOKEN_ALGORITHMS = ['ES256', 'ES384', 'ES512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'EdDSA', 'Ed25519'];
/** Clock skew tolerated on `exp` and `nbf` of a trusted auth token (seconds). */
export const TRUSTED_TOKEN_CLOCK_TOLERANCE_S = 30;

/**
 * Verifies a trusted auth token against its profile and the injected clock; the claims on success.
 * Checks (RFC 8725): signature with an allowed asymmetric `alg`, `typ` JWT or absent (an access token,
 * `at+jwt` (RFC 9068), or any other explicitly typed JWT is a different kind of token, not an identity
 * assertion: refused, so a token minted for one purpose cannot be replayed here), `iss`, `aud`, a
 * required `exp`, and `nbf` when present, each within 30 s of skew.
 * @throws jose errors or Error (the caller turns any failure into invalid_trusted_auth_token)
 */
export async function verifyTrustedToken(profile: TrustedTokenProfile, token: string, nowMs: number): Promise<JWTPayload> {
  const opts: JWTVerifyOptions = {
    issuer: profile.issuer,
    audience: profile.audience,
    algorithms: TRUSTED_TOKEN_ALGORITHMS,
    requiredClaims: ['exp'],
    currentDate: new Date(nowMs),
    clockTolerance: TRUSTED_TOKEN_CLOCK_TOLERANCE_S,
  };
  let result: JWTVerifyResult;
  if (profile.jwks_url) {
    let jwks = jwksCache.get(profile.jwks_url);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(profile.jwks_url));
      jwksCache.set(profile.jwks_url, jwks);
    }
    result = await jwtVerify(token, jwks, opts);
  } else {
    if (!profile.public_key_pem) throw new Error(`trusted token profile ${profile.profile_id} has no key`);
    const pem = profile.public_key_pem;
    result = await jwtVerify(token, (header: JWTHeaderParameters) => spkiKey(pem, header.alg), opts);
  }
  // RFC 8725 3.11: explicit typing. The media type may carry the `application/` prefix (RFC 7515 4.1.9).
  const typ = result.protectedHeader.typ?.toLowerCase().replace(/^application\//, '');
  if (typ !== undefined && typ !== 'jwt') throw new Error(`typ ${result.protectedHeader.typ} is not a trusted auth token`);
  return result.payload;
}

/** Whether the project offers `product` (its `products` list, docs/reference/config.md#products). */
const offers = (svc: Pick<Services, 'project'>, product: string) => svc.project.config.products.includes(product);

/**
 * How many ways the user has to sign in (docs/reference/methods/users.md#rules): the sum of every factor
 * kind's `waysIn`, core's (verified addresses, by the products the project offers) and the methods' (a
 * password, passkey, wallet or provider account always counts; a TOTP is a second step, never a way in).
 */
export function waysIn(svc: Pick<Services, 'project' | 'methods'>, user: User): number {
  let n = 0;
  for (const f of [...CORE_FACTORS, ...svc.methods.flatMap((m) => m.factors ?? [])]) n += f.waysIn?.(svc, user) ?? 0;
  return n;
}

/**
 * The user's own delete of factor `id` (false when they have none by that id), refused with 400
 * last_sign_in_method, nothing deleted, when it would leave them no way to sign in. One transaction
 * holding the user's row (Postgres: FOR UPDATE; SQLite: one writer): of two parallel deletes of the
 * last two ways in, the second sees the first's and is refused.
 */
async function removeKeepingAWayIn(svc: Services, session: SessionsTable, f: MethodFactor, id: string): Promise<boolean> {
  const uid = session.user_id;
  return svc.db.kysely.transaction().execute(async (trx) => {
    const tx: Services = { ...svc, db: { ...svc.db, kysely: trx } };
    if (svc.db.dialect === 'postgres') await trx.selectFrom('users').select('user_id').where('user_id', '=', uid).forUpdate().execute();
    const before = await loadUser(tx, uid);
    if (!before) return false;
    if (!(await f.remove(tx, session, id))) return false;
    const after = await loadUser(tx, uid);
    // Throwing rolls the delete back.
    if (after && waysIn(svc, after) === 0 && waysIn(svc, before) > 0) throw new ApiError('last_sign_in_method');
    return true;
  });
}

/** Registers the account routes. */
export function accountRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;

  route('PUT', '/sdk/v1/users/me', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, UsersMeUpdateRequest, svc.maxBodyBytes);
    if (body.untrusted_metadata !== undefined) {
      assertJsonFieldSize(body.untrusted_metadata, UNTRUSTED_METADATA_MAX_BYTES, '.untrusted_metadata');
      // Replaced whole, as the provider does: the client sends the object it wants stored.
      await k
        .updateTable('users')
        .set({ untrusted_metadata: JSON.stringify(body.untrusted_metadata) })
        .where('user_id', '=', session.user_id)
        .execute();
    }
    if (body.name !== undefined) {
      // The parts given replace the stored ones, the others stay (the backend API's rule, one function).
      const trimmed = Object.fromEntries(Object.entries(body.name).map(([part, v]) => [part, v?.trim()]));
      await storeCoreFields(svc, session.user_id, { name: trimmed });
    }
    if (body.untrusted_metadata !== undefined || body.name !== undefined) {
      await svc.events.emit({ type: 'user.updated', user_id: session.user_id });
    }
    return userAnswer(c, svc, session.user_id);
  });

  // The user deletes their own account (docs/reference/methods/users.md#rules): the same removal as the
  // backend API's and the CLI's (user-actions.ts: grants, rows, user.deleted), after every session of theirs
  // is revoked (a session.revoked each, caches freed), and an audit row names the user as the actor.
  route('DELETE', '/sdk/v1/users/me', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
    await readJson(c, UsersEmptyRequest, svc.maxBodyBytes);
    const uid = session.user_id;
    const before = await backendUser(svc, uid);
    if (!before) throw new ApiError('user_unauthenticated');
    await revokeUserSessions(svc, uid);
    await removeUser(svc, uid, before);
    await recordAudit(svc, { action: 'user.delete', actor: { kind: 'user', id: uid }, target: { kind: 'user', id: uid } });
    return ok(c, { user_id: uid });
  });

  // The primary email / phone is the first of the user's list (docs/reference/methods/users.md#rules): choosing
  // one ranks it above every other of the user's, in one statement, so two parallel choices leave one first.
  for (const [kind, table, notFound] of [
    ['emails', 'emails', 'email_not_found'],
    ['phone_numbers', 'phone_numbers', 'phone_number_not_found'],
  ] as const) {
    route('POST', `/sdk/v1/users/${kind}/:id/primary`, async (c) => {
      const session = await requireSession(c, svc, { mintsAccess: true });
      await readJson(c, UsersEmptyRequest, svc.maxBodyBytes);
      const id = c.req.param('id') ?? '';
      const uid = session.user_id;
      const next = nextInUserList(table, 'primary_rank', uid);
      const res =
        table === 'emails'
          ? await k
              .updateTable('emails')
              .set({ primary_rank: next })
              .where('email_id', '=', id)
              .where('user_id', '=', uid)
              .where('project_id', '=', svc.project.project_id)
              .executeTakeFirst()
          : await k
              .updateTable('phone_numbers')
              .set({ primary_rank: next })
              .where('phone_id', '=', id)
              .where('user_id', '=', uid)
              .where('project_id', '=', svc.project.project_id)
              .executeTakeFirst();
      if (res.numUpdatedRows === 0n) throw new ApiError(notFound);
      await svc.events.emit({ type: 'user.updated', user_id: uid });
      return userAnswer(c, svc, uid);
    });
  }

  // Every removable factor, core's and each method's, answers one way: the user as it is afterwards.
  // Removing one changes the user's credentials, which an impersonated session may not do, and which
  // needs a fresh factor when the project asks for re-verification.
  for (const f of [...CORE_FACTORS, ...svc.methods.flatMap((m) => m.factors ?? [])].filter((f) => !f.backendOnly)) {
    route('DELETE', `/sdk/v1/users/${f.kind}/:id`, async (c) => {
      const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
      const id = c.req.param('id') ?? '';
      if (!(await removeKeepingAWayIn(svc, session, f, id))) throw new ApiError(f.notFound);
      if (f.eventKind) await svc.events.emit({ type: 'factor.removed', user_id: session.user_id, factor: { kind: f.eventKind, id } });
      return userAnswer(c, svc, session.user_id);
    });
  }

  route('POST', '/sdk/v1/sessions/attest', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, SessionsAttestRequest, svc.maxBodyBytes);
    const profile = svc.project.config.trusted_auth_token_profiles?.find((p) => p.profile_id === body.profile_id);
    if (!profile) throw new ApiError('trusted_auth_token_profile_not_found');
    let claims: JWTPayload;
    try {
      claims = await verifyTrustedToken(profile, body.token, svc.now());
    } catch (cause) {
      throw new ApiError('invalid_trusted_auth_token', { cause });
    }
    const claim = claims[profile.email_claim ?? 'email'];
    // The one email syntax (docs/reference/security.md#email-syntax): a token naming a malformed address signs nobody in.
    const email = typeof claim === 'string' ? normalizeEmail(claim) : null;
    if (email === null) {
      throw new ApiError('invalid_trusted_auth_token', { message: `The token has no valid email in claim ${profile.email_claim ?? 'email'}.` });
    }
    const user = await findOrCreateUserByEmail(svc, email);
    // A first factor like any other (docs/reference/mfa.md#gate): the two-step gate decides.
    const answer = await signInOrSecondStep(c, svc, {
      userId: user.user_id,
      factor: { type: 'trusted_auth_token', delivery_method: 'trusted_token_exchange', last_authenticated_at: new Date(svc.now()).toISOString() },
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    });
    return ok(c, answer);
  });
}

/** Records a connected app and issues it an access token for `userId` (the IdP flow's last step; tests). */
export async function issueAccessToken(
  svc: Services,
  o: { userId: string; app: { connected_app_id: string; name: string; description?: string; scopes: string }; token: string; ttlMs: number },
): Promise<void> {
  const now = svc.now();
  const k = svc.db.kysely;
  await k
    .insertInto('connected_apps')
    .values({
      connected_app_id: o.app.connected_app_id,
      project_id: svc.project.project_id,
      user_id: o.userId,
      name: o.app.name,
      description: o.app.description ?? '',
      logo_url: null,
      scopes_granted: o.app.scopes,
      created_at: now,
      revoked_at: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'connected_app_id']).doUpdateSet({ revoked_at: null, scopes_granted: o.app.scopes }))
    .execute();
  await k
    .insertInto('access_tokens')
    .values({
      token_hash: sha256Hex(o.token),
      project_id: svc.project.project_id,
      user_id: o.userId,
      connected_app_id: o.app.connected_app_id,
      scopes: o.app.scopes,
      created_at: now,
      expires_at: now + o.ttlMs,
    })
    .execute();
}
