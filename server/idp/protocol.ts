/**
 * The provider's public protocol endpoints (issue 14), under the issuer `{base}/v1/public/{project_id}`:
 * discovery (OpenID Connect Discovery 1.0), authorization (RFC 6749 4.1.1: checks, then the browser goes
 * to the project's consent page, `idp_consent_url`, with the request's parameters), token (RFC 6749 4.1.3
 * with PKCE S256, RFC 7636; refresh tokens rotated with reuse detection, RFC 9700 4.14.2), userinfo (OIDC
 * Core 5.3), JWKS and RP-initiated logout (OIDC RP-Initiated Logout 1.0). Written on jose, not on an
 * OIDC engine: see server/README.md "The server as an OpenID provider" for why.
 */
import { ApiError } from '../errors.ts';
import { parseBasicAuth } from '../basic-auth.ts';
import { readBodyText } from '../body.ts';
import type { Ctx, Services } from '../services.ts';
import { publicJwks } from '../keys.ts';
import { escapeHtml } from '../routes/dev.ts';
import { setPageSecurityHeaders } from '../routes/static.ts';
import type { Route } from '../routes/types.ts';
import { checkPkce } from '../auth-helpers.ts';
import { checkAuthorizeParams, checkClientAndRedirect, withQuery } from './authorize.ts';
import { limitClientAuth } from './client-auth-limits.ts';
import { clientSecretMatches, exactUriMatch, findIdpClient, type IdpClient } from './clients.ts';
import { STANDARD_SCOPES } from './scopes.ts';
import {
  consumeCode,
  findCode,
  findRefreshToken,
  grantLive,
  IDP_ACCESS_TOKEN_TTL_MS,
  issueTokens,
  liveAccessToken,
  revokeGrant,
  useRefreshToken,
} from './store.ts';
import { consentUrlOf, idTokenHintSubject, issuerOf, signIdToken, userClaims } from './tokens.ts';
import { decodeJwt } from 'jose';

/** Where the endpoints live, relative to the server's origin (the issuer's path). */
export const ISSUER_PATH = '/v1/public/:project_id';

/** Headers of every answer the browser sees on the way to or from the consent page: never framed, never cached. */
function browserHeaders(c: Ctx): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  setPageSecurityHeaders(c, { 'default-src': "'none'", 'script-src': "'none'", 'style-src': "'none'", 'connect-src': "'none'", 'img-src': "'none'" });
}

/** The HTML page of a refused authorization or logout request: shown, never redirected (RFC 6749 4.1.2.1). */
function errorPage(c: Ctx, err: ApiError): Response {
  browserHeaders(c);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in could not continue</title></head><body><main><h1>Sign-in could not continue</h1><p>${escapeHtml(err.message)}</p><p>error_type: <code id="error-type">${escapeHtml(err.errorType)}</code></p></main></body></html>`,
    err.status as 400,
  );
}

/** A 302 the browser follows (no referrer: the Location may carry a code). */
function redirect(c: Ctx, url: string): Response {
  browserHeaders(c);
  return c.redirect(url, 302);
}

/** RFC 6749 5.2 error answer of the token endpoint (and RFC 6750 3 for userinfo). */
function oauthError(c: Ctx, status: 400 | 401 | 403 | 429, error: string, description: string): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  return c.json({ error, error_description: description }, status);
}

/** An RFC 6749 error of the token endpoint, thrown and turned into its answer by the route. */
class TokenError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 | 429 = 400,
    /** Seconds for the Retry-After header of a 429. */
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

/** The form body of a token request: each parameter at most once (RFC 6749 3.2). */
async function readForm(c: Ctx, svc: Services): Promise<Map<string, string>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new TokenError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  let text: string;
  try {
    text = await readBodyText(c, svc.maxBodyBytes);
  } catch (e) {
    if (e instanceof ApiError) throw new TokenError('invalid_request', e.message);
    throw e;
  }
  const form = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (form.has(key)) throw new TokenError('invalid_request', `${key} is given more than once.`);
    form.set(key, value);
  }
  return form;
}

/**
 * Authenticates the client of a token request (RFC 6749 2.3.1): client_secret_basic or
 * client_secret_post for a confidential client, `none` (client_id only) for a public one. One method per
 * request. Failures are counted and throttled (client-auth-limits.ts): 429 with Retry-After past the limits.
 */
async function authenticateClient(c: Ctx, svc: Services, form: Map<string, string>): Promise<IdpClient> {
  const header = c.req.header('authorization');
  const basic = header ? parseBasicAuth(header) : null;
  if (header && !basic) throw new TokenError('invalid_client', 'The Authorization header is not Basic client credentials.', 401);
  const bodySecret = form.get('client_secret');
  if (basic && (bodySecret !== undefined || (form.has('client_id') && form.get('client_id') !== safeDecode(basic.publicToken)))) {
    throw new TokenError('invalid_request', 'Use one client authentication method.');
  }
  const clientId = basic ? safeDecode(basic.publicToken) : form.get('client_id');
  const secret = basic ? safeDecode(basic.secret) : bodySecret;
  const client = clientId ? await findIdpClient(svc, clientId) : null;
  // The limits come before any comparison: a refused guess must not tell whether it was right.
  const outcome = await limitClientAuth(c, svc, client, () => clientAuthProblem(clientId, client, secret));
  if (outcome.retryAfterSeconds !== null) {
    const wait = outcome.retryAfterSeconds;
    throw new TokenError('invalid_client', `Too many failed client authentications: retry in ${wait} s.`, 429, wait);
  }
  if (outcome.problem !== null || !client) throw new TokenError('invalid_client', outcome.problem ?? 'Unknown client.', 401);
  return client;
}

/** Why the client's credentials fail (null: they authenticate it). */
function clientAuthProblem(clientId: string | undefined, client: IdpClient | null, secret: string | undefined): string | null {
  if (!clientId) return 'client_id is missing.';
  if (!client) return 'Unknown client.';
  if (client.client_secret_hash === null) return secret === undefined ? null : 'A public client has no secret.';
  return secret !== undefined && clientSecretMatches(client, secret) ? null : 'Client authentication failed.';
}

function safeDecode(s: string): string {
  // RFC 6749 2.3.1: Basic credentials are form-urlencoded first.
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

/**
 * The parameters of a browser request: the query of a GET, the form body of a POST (urlencoded only);
 * null when a POST body is not a readable form.
 */
async function requestParams(c: Ctx, svc: Services): Promise<((name: string) => string | undefined) | null> {
  if (c.req.method !== 'POST') return (name) => c.req.query(name);
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  let text: string;
  try {
    text = await readBodyText(c, svc.maxBodyBytes);
  } catch (e) {
    if (e instanceof ApiError) return null;
    throw e;
  }
  const form = new URLSearchParams(text);
  return (name) => form.get(name) ?? undefined;
}

/** Registers the protocol endpoints. */
export function idpProtocolRoutes(route: Route, svc: Services): void {
  const pid = svc.project.project_id;
  const ownProject = (c: Ctx) => {
    if (c.req.param('project_id') !== pid) throw new ApiError('not_found');
  };

  const discovery = (c: Ctx) => {
    const iss = issuerOf(c, svc);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({
      issuer: iss,
      authorization_endpoint: `${iss}/oauth2/authorize`,
      token_endpoint: `${iss}/oauth2/token`,
      userinfo_endpoint: `${iss}/oauth2/userinfo`,
      jwks_uri: `${iss}/.well-known/jwks.json`,
      end_session_endpoint: `${iss}/oauth2/end_session`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: Object.keys(STANDARD_SCOPES),
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
        'phone_number',
        'phone_number_verified',
        'updated_at',
      ],
      authorization_response_iss_parameter_supported: true,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
    });
  };
  route('GET', `${ISSUER_PATH}/.well-known/openid-configuration`, { crossOrigin: 'public' }, (c) => {
    ownProject(c);
    return discovery(c);
  });
  // The server serves one project: its issuer's metadata at the root too.
  route('GET', '/.well-known/openid-configuration', { crossOrigin: 'public' }, discovery);

  route('GET', `${ISSUER_PATH}/.well-known/jwks.json`, { crossOrigin: 'public' }, async (c) => {
    ownProject(c);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await publicJwks(svc.db));
  });

  const authorize = async (c: Ctx) => {
    ownProject(c);
    const q = await requestParams(c, svc);
    if (!q) return errorPage(c, new ApiError('invalid_request_body', { message: 'The request parameters could not be read.' }));
    let client: IdpClient;
    const redirectUri = q('redirect_uri') ?? '';
    try {
      client = await checkClientAndRedirect(svc, q('client_id') ?? '', redirectUri);
    } catch (e) {
      if (e instanceof ApiError) return errorPage(c, e);
      throw e;
    }
    const iss = issuerOf(c, svc);
    const state = q('state');
    const scope = q('scope') ?? '';
    try {
      if (q('request') !== undefined || q('request_uri') !== undefined) {
        return redirect(c, withQuery(redirectUri, { error: 'request_not_supported', state, iss }));
      }
      checkAuthorizeParams({
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: q('response_type') ?? '',
        scopes: scope.split(' ').filter(Boolean),
        code_challenge: q('code_challenge'),
        code_challenge_method: q('code_challenge_method') ?? 'missing',
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // The redirect URI is the client's own: it hears about its malformed request there (RFC 6749 4.1.2.1).
      const error =
        e.errorType === 'idp_unsupported_response_type'
          ? 'unsupported_response_type'
          : e.errorType === 'idp_invalid_scope'
            ? 'invalid_scope'
            : 'invalid_request';
      return redirect(c, withQuery(redirectUri, { error, error_description: e.message, state, iss }));
    }
    const consentUrl = consentUrlOf(c, svc);
    if (!consentUrl) return errorPage(c, new ApiError('idp_consent_url_not_set'));
    return redirect(
      c,
      withQuery(consentUrl, {
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        code_challenge: q('code_challenge'),
        code_challenge_method: 'S256',
        state,
        nonce: q('nonce'),
        prompt: q('prompt'),
      }),
    );
  };
  // OIDC Core 3.1.2.1: the authorization endpoint takes GET and form POST.
  route('GET', `${ISSUER_PATH}/oauth2/authorize`, { crossOrigin: 'public' }, authorize);
  route('POST', `${ISSUER_PATH}/oauth2/authorize`, { crossOrigin: 'public' }, authorize);

  route('POST', `${ISSUER_PATH}/oauth2/token`, { crossOrigin: 'public' }, async (c) => {
    ownProject(c);
    try {
      const form = await readForm(c, svc);
      const client = await authenticateClient(c, svc, form);
      const grantType = form.get('grant_type');
      if (grantType === 'authorization_code') return await codeGrant(c, svc, client, form);
      if (grantType === 'refresh_token') return await refreshGrant(c, svc, client, form);
      throw new TokenError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
    } catch (e) {
      if (!(e instanceof TokenError)) throw e;
      if (e.status === 401 && c.req.header('authorization')) c.header('WWW-Authenticate', 'Basic realm="token"');
      if (e.retryAfter !== undefined) c.header('Retry-After', String(e.retryAfter));
      return oauthError(c, e.status, e.error, e.description);
    }
  });

  const userinfo = async (c: Ctx) => {
    ownProject(c);
    const m = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(c.req.header('authorization') ?? '');
    if (!m?.[1]) {
      c.header('WWW-Authenticate', 'Bearer realm="userinfo"');
      return oauthError(c, 401, 'invalid_request', 'An access token in the Authorization header (Bearer) is required.');
    }
    const row = await liveAccessToken(svc, m[1]);
    if (!row) {
      c.header('WWW-Authenticate', 'Bearer realm="userinfo", error="invalid_token"');
      return oauthError(c, 401, 'invalid_token', 'The access token is unknown, expired or revoked.');
    }
    const scopes = new Set(row.scopes.split(' '));
    if (!scopes.has('openid')) {
      c.header('WWW-Authenticate', 'Bearer realm="userinfo", error="insufficient_scope", scope="openid"');
      return oauthError(c, 403, 'insufficient_scope', 'The access token was not granted the openid scope.');
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await userClaims(svc, row.user_id, scopes));
  };
  route('GET', `${ISSUER_PATH}/oauth2/userinfo`, { crossOrigin: 'public' }, userinfo);
  route('POST', `${ISSUER_PATH}/oauth2/userinfo`, { crossOrigin: 'public' }, userinfo);

  const endSession = async (c: Ctx) => {
    ownProject(c);
    const q = await requestParams(c, svc);
    if (!q) return errorPage(c, new ApiError('invalid_request_body', { message: 'The request parameters could not be read.' }));
    const hint = q('id_token_hint');
    let clientId = q('client_id');
    // The hint names its client when client_id is absent (RP-Initiated Logout 2); it is checked below.
    if (!clientId && hint) {
      try {
        const aud = decodeJwt(hint).aud;
        clientId = Array.isArray(aud) ? aud[0] : aud;
      } catch {
        return errorPage(c, new ApiError('idp_invalid_id_token_hint'));
      }
    }
    const postLogout = q('post_logout_redirect_uri');
    const client = clientId ? await findIdpClient(svc, clientId) : null;
    if (!client) return errorPage(c, new ApiError('idp_client_not_found'));
    if (!postLogout || !exactUriMatch(client.post_logout_redirect_uris, postLogout)) return errorPage(c, new ApiError('idp_post_logout_redirect_uri_mismatch'));
    if (hint && (await idTokenHintSubject(c, svc, hint, client.client_id)) === null) return errorPage(c, new ApiError('idp_invalid_id_token_hint'));
    const consentUrl = consentUrlOf(c, svc);
    if (!consentUrl) return errorPage(c, new ApiError('idp_consent_url_not_set'));
    return redirect(c, withQuery(consentUrl, { client_id: client.client_id, post_logout_redirect_uri: postLogout, id_token_hint: hint, state: q('state') }));
  };
  // RP-Initiated Logout 1.0 section 2: GET and form POST.
  route('GET', `${ISSUER_PATH}/oauth2/end_session`, { crossOrigin: 'public' }, endSession);
  route('POST', `${ISSUER_PATH}/oauth2/end_session`, { crossOrigin: 'public' }, endSession);
}

/** The token answer of a grant: access token, ID token (openid), refresh token (offline_access). */
async function tokenAnswer(
  c: Ctx,
  svc: Services,
  o: { grantId: string; client: IdpClient; userId: string; scopes: string; nonce: string | null; authTime: number },
): Promise<Response> {
  const scopes = new Set(o.scopes.split(' '));
  const { accessToken, refreshToken } = await issueTokens(svc, {
    grantId: o.grantId,
    clientId: o.client.client_id,
    userId: o.userId,
    scopes: o.scopes,
    refresh: scopes.has('offline_access'),
  });
  const idToken = scopes.has('openid')
    ? await signIdToken(c, svc, { userId: o.userId, clientId: o.client.client_id, scopes, nonce: o.nonce, authTime: o.authTime })
    : undefined;
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  return c.json({
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: IDP_ACCESS_TOKEN_TTL_MS / 1000,
    scope: o.scopes,
    ...(idToken ? { id_token: idToken } : {}),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  });
}

/** RFC 6749 4.1.3 + RFC 7636 4.6: redeem a code once, for its client, redirect URI and verifier. */
async function codeGrant(c: Ctx, svc: Services, client: IdpClient, form: Map<string, string>): Promise<Response> {
  const code = form.get('code');
  const verifier = form.get('code_verifier');
  if (!code) throw new TokenError('invalid_request', 'code is missing.');
  if (!verifier) throw new TokenError('invalid_request', 'code_verifier is missing (PKCE is required).');
  const row = await findCode(svc, code);
  if (!row || row.client_id !== client.client_id) throw new TokenError('invalid_grant', 'The code is unknown or was issued to another client.');
  if (row.consumed_at !== null) {
    // RFC 6749 4.1.2: a code used twice is stolen or replayed: revoke what its first use issued.
    await revokeGrant(svc, row.grant_id);
    throw new TokenError('invalid_grant', 'The code was already used; the tokens it gave are revoked.');
  }
  if (row.expires_at <= svc.now()) throw new TokenError('invalid_grant', 'The code has expired.');
  if (form.get('redirect_uri') !== row.redirect_uri) throw new TokenError('invalid_grant', 'redirect_uri is not the one of the authorization request.');
  try {
    checkPkce(row.code_challenge, verifier);
  } catch {
    throw new TokenError('invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  if (!(await grantLive(svc, row.grant_id))) throw new TokenError('invalid_grant', 'The authorization was revoked.');
  if (!(await consumeCode(svc, row.code_hash))) {
    // Lost a race with another redemption of the same code: that is reuse too. The winner still gets its
    // answer (exactly one redemption succeeds), but its tokens belong to the revoked grant: dead at once.
    await revokeGrant(svc, row.grant_id);
    throw new TokenError('invalid_grant', 'The code was already used; the tokens it gave are revoked.');
  }
  const grant = await svc.db.kysely.selectFrom('idp_grants').select('auth_time').where('grant_id', '=', row.grant_id).executeTakeFirstOrThrow();
  return tokenAnswer(c, svc, { grantId: row.grant_id, client, userId: row.user_id, scopes: row.scopes, nonce: row.nonce, authTime: grant.auth_time });
}

/** RFC 6749 6 with rotation: each refresh token works once; a used one presented again revokes the whole grant. */
async function refreshGrant(c: Ctx, svc: Services, client: IdpClient, form: Map<string, string>): Promise<Response> {
  const token = form.get('refresh_token');
  if (!token) throw new TokenError('invalid_request', 'refresh_token is missing.');
  const row = await findRefreshToken(svc, token);
  if (!row || row.client_id !== client.client_id) throw new TokenError('invalid_grant', 'The refresh token is unknown or was issued to another client.');
  const grant = await svc.db.kysely.selectFrom('idp_grants').selectAll().where('grant_id', '=', row.grant_id).executeTakeFirst();
  if (!grant || grant.revoked_at !== null) throw new TokenError('invalid_grant', 'The authorization was revoked.');
  // A bad scope is refused before the token is spent.
  let scopes = row.scopes;
  const asked = form.get('scope');
  if (asked !== undefined) {
    const had = new Set(row.scopes.split(' '));
    const narrowed = [...new Set(asked.split(' ').filter(Boolean))];
    if (narrowed.length === 0 || !narrowed.every((s) => had.has(s))) throw new TokenError('invalid_scope', 'scope may only narrow the granted scopes.');
    scopes = narrowed.join(' ');
  }
  if (row.consumed_at === null && row.expires_at <= svc.now()) throw new TokenError('invalid_grant', 'The refresh token has expired.');
  if (row.consumed_at !== null || !(await useRefreshToken(svc, row.token_hash))) {
    // RFC 9700 4.14.2: a rotated-out token coming back means two parties hold it: end the family. (In a
    // race, the one winner still gets its answer, but under the revoked grant its tokens are dead.)
    await revokeGrant(svc, row.grant_id);
    throw new TokenError('invalid_grant', 'The refresh token was already used; every token of this authorization is revoked.');
  }
  return tokenAnswer(c, svc, { grantId: row.grant_id, client, userId: row.user_id, scopes, nonce: null, authTime: grant.auth_time });
}
