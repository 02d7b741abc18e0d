/**
 * Google One Tap, server side (issue 13 contract item 5; docs/reference/methods/oauth.md#screens, docs/reference/constants.md#widget): start issues a single-use nonce
 * bound to the checked redirect URLs; submit verifies Google's ID token with jose (signature against
 * Google's JWKS for live projects and projects with Google credentials, the dev provider's JWKS for test
 * projects without; `aud` = the client id, `iss`, `exp`, `nonce` = the issued one), links or creates the
 * user by the same rule as the redirect flow, and answers the redirect URL carrying a single-use token.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { OneTapStartRequest, type OneTapStartResponse, OneTapSubmitRequest, type OneTapSubmitResponse } from '../../sdk-core/schemas/index.ts';
import { claimOnce } from '../claim-once.ts';
import { newSecretToken, safeEqualHex, sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp, isOriginAllowed } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { hit } from '../rate-limit.ts';
import type { Route } from '../routes/types.ts';
import { DEV_GOOGLE_CLIENT_ID, DEV_OAUTH_ISSUER, devJwks } from './dev-provider.ts';
import { pkceRequiredForOAuth, resolveOAuthRedirects, withOAuthParams } from './routes.ts';
import { issueOAuthToken, linkIdentity, ONE_TAP_NONCE_TTL_MS } from './store.ts';
import { settingOf } from '../project/method-settings.ts';

/** Google's published signing keys (developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** The issuers Google's ID tokens carry. */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** Clock skew tolerated on a One Tap ID token's `exp` / `iat` (seconds). */
export const ONE_TAP_CLOCK_TOLERANCE_S = 30;
/** Shape of a Google OAuth web client id. */
const GOOGLE_CLIENT_ID = /^[0-9]+-[0-9a-z]+\.apps\.googleusercontent\.com$/;

let googleJwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** The Google client id One Tap runs with, and whether tokens are checked against the dev provider. */
function oneTapClient(svc: Services): { clientId: string; dev: boolean } {
  const o = settingOf(svc.project, 'oauth');
  if (!o.one_tap) throw new ApiError('default_provider_not_allowed');
  const creds = o.providers?.google;
  if (!creds) {
    if (svc.project.mode === 'test') return { clientId: DEV_GOOGLE_CLIENT_ID, dev: true };
    throw new ApiError('oauth_config_not_found');
  }
  if (!GOOGLE_CLIENT_ID.test(creds.client_id)) throw new ApiError('one_tap_invalid_client');
  return { clientId: creds.client_id, dev: false };
}

/** One Tap runs in a page: its Origin must be one of the project's (an absent Origin is no page of the project). */
function requirePageOrigin(c: Ctx, svc: Services): void {
  const origin = c.req.header('origin');
  if (!origin || !isOriginAllowed(c, svc, origin)) throw new ApiError('one_tap_origin_not_allowed');
}

/** A present but foreign Origin is refused before any other work (see app.ts's CORS guard). */
function refuseForeignOrigin(c: Ctx, svc: Services): void {
  const origin = c.req.header('origin');
  if (origin !== undefined && !isOriginAllowed(c, svc, origin)) throw new ApiError('one_tap_origin_not_allowed');
}

/** Verifies a One Tap ID token (signature, alg, iss, aud, exp) at the injected clock. @throws ApiError one_tap_invalid_id_token */
async function verifyGoogleIdToken(svc: Services, idToken: string, client: { clientId: string; dev: boolean }): Promise<JWTPayload> {
  try {
    const opts = {
      audience: client.clientId,
      issuer: client.dev ? DEV_OAUTH_ISSUER : GOOGLE_ISSUERS,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(svc.now()),
      clockTolerance: ONE_TAP_CLOCK_TOLERANCE_S,
    };
    if (client.dev) return (await jwtVerify(idToken, await devJwks(svc), opts)).payload;
    googleJwks ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    return (await jwtVerify(idToken, googleJwks, opts)).payload;
  } catch (cause) {
    throw new ApiError('one_tap_invalid_id_token', { cause });
  }
}

/** Registers One Tap start and submit. */
export function oneTapRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/sdk/v1/oauth/google/onetap/start', { crossOrigin: 'self-checked' }, async (c) => {
    // First a foreign Origin: the app's CORS guard lets it through to here so it reads this error (app.ts).
    refuseForeignOrigin(c, svc);
    requireProjectAuth(c, svc);
    const body = await readJson(c, OneTapStartRequest, svc.maxBodyBytes);
    requirePageOrigin(c, svc);
    const client = oneTapClient(svc);
    const { login, signup } = resolveOAuthRedirects(svc, body.login_redirect_url || undefined, body.signup_redirect_url || undefined);
    await hit(svc.db, `oauth_start:ip:${pid}:${clientIp(c, svc)}`, svc.limits.sendPerIp, svc.now());
    const nonce = newSecretToken();
    const now = svc.now();
    await k
      .insertInto('oauth_nonces')
      .values({
        nonce_hash: sha256Hex(nonce),
        project_id: pid,
        login_redirect_url: login,
        signup_redirect_url: signup,
        created_at: now,
        expires_at: now + ONE_TAP_NONCE_TTL_MS,
        consumed_at: null,
      })
      .execute();
    const answer: OneTapStartResponse = { google_client_id: client.clientId, nonce };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/oauth/google/onetap/submit', { crossOrigin: 'self-checked' }, async (c) => {
    refuseForeignOrigin(c, svc);
    requireProjectAuth(c, svc);
    const body = await readJson(c, OneTapSubmitRequest, svc.maxBodyBytes);
    requirePageOrigin(c, svc);
    const client = oneTapClient(svc);
    if (!body.code_challenge && pkceRequiredForOAuth(svc))
      throw new ApiError('pkce_required', { message: 'This project requires PKCE: the submit must carry a code_challenge.' });
    const now = svc.now();
    const hash = sha256Hex(body.nonce);
    const row = await k.selectFrom('oauth_nonces').selectAll().where('nonce_hash', '=', hash).where('project_id', '=', pid).executeTakeFirst();
    if (!row || row.consumed_at !== null || row.expires_at <= now) throw new ApiError('one_tap_nonce_not_found');
    // URLs named again at submit are checked again; absent ones are the ones start checked.
    const redirects =
      body.login_redirect_url || body.signup_redirect_url
        ? resolveOAuthRedirects(svc, body.login_redirect_url || row.login_redirect_url, body.signup_redirect_url || row.signup_redirect_url)
        : { login: row.login_redirect_url, signup: row.signup_redirect_url };
    const claims = await verifyGoogleIdToken(svc, body.id_token, client);
    // The token must answer this nonce (replay of a token minted for another page load), compared in constant time.
    if (typeof claims.nonce !== 'string' || !safeEqualHex(sha256Hex(claims.nonce), hash)) {
      throw new ApiError('one_tap_invalid_id_token', { message: 'The ID token was not issued for this nonce.' });
    }
    if (!(await claimOnce(k, 'oauth_nonces', { nonce_hash: hash, project_id: pid }, { now })).ok) throw new ApiError('one_tap_nonce_not_found');
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    const identity = {
      subject: String(claims.sub),
      email: str(claims.email),
      emailVerified: claims.email_verified === true,
      name: str(claims.name),
      picture: str(claims.picture),
      locale: str(claims.locale),
    };
    const linked = await linkIdentity(svc, 'google', identity);
    const token = await issueOAuthToken(svc, {
      linked,
      provider: 'google',
      subject: identity.subject,
      codeChallenge: body.code_challenge ?? null,
      accessToken: null,
      idToken: body.id_token,
      scopes: ['openid', 'email', 'profile'],
    });
    const answer: OneTapSubmitResponse = { redirect_url: withOAuthParams(linked.created ? redirects.signup : redirects.login, { token }) };
    return ok(c, answer);
  });
}
