/**
 * The dev OAuth provider (issue 13 item 4), test projects only: an OpenID Connect provider served by this
 * server so every provider button works locally with no credentials, like the Firebase emulator. Its
 * authorization page (`/dev/oauth/authorize`) lets the developer pick or type an identity; it redirects to
 * the real callback with a real authorization code, which the callback redeems at `/dev/oauth/token`
 * over HTTP with openid-client (the same callback code as the real providers, dev.ts's client below).
 * ID tokens are ES256 JWTs from the dev key published at `/dev/oauth/jwks`; `POST /dev/oauth/google/id_token`
 * mints a Google-like ID token for the One Tap stand-in. Live projects register none of these routes (404).
 */
import { type CryptoKey, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK, jwtVerify, SignJWT } from 'jose';
import type * as Oidc from 'openid-client';
import { z } from 'zod/mini';
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { s256 } from '../auth-helpers.ts';
import { claimOnce } from '../claim-once.ts';
import { newSecretToken, safeEqualHex, sha256Hex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { parseBody, readBodyText, readJson } from '../body.ts';
import type { Ctx, Services } from '../services.ts';
import { parseRedirectEntry } from '../redirect-allowlist.ts';
import { escapeHtml } from '../routes/dev.ts';
import { setPageSecurityHeaders } from '../routes/static.ts';
import type { Route } from '../routes/types.ts';
import { isOAuthProvider, type OAuthProvider, type ProviderIdentity } from './providers.ts';

/** The dev provider's issuer (`iss` of every dev ID token, authorization flows and the One Tap stand-in alike). */
export const DEV_OAUTH_ISSUER = 'https://dev-oauth.auth-elements.localhost';
/** The Google client id a test project without Google credentials answers at One Tap start (the contract's). */
export const DEV_GOOGLE_CLIENT_ID = 'dev-google-client-id';
/** The client secret every dev client uses at the dev token endpoint. */
export const DEV_CLIENT_SECRET = 'dev-client-secret';
/** Lifetime of a dev authorization code (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const DEV_CODE_TTL_MS = 10 * 60_000;
/** Lifetime of a dev ID token. */
export const DEV_ID_TOKEN_TTL_S = 3600;

/** The dev client id of a provider: Google's is the One Tap one, the others `dev-{provider}`. */
export function devClientId(provider: OAuthProvider): string {
  return provider === 'google' ? DEV_GOOGLE_CLIENT_ID : `dev-${provider}`;
}

/** A stable subject per provider and address, so signing in again with one dev identity is the same identity. */
function devSubject(provider: string, email: string): string {
  return `dev-${sha256Hex(`${provider}:${email}`).slice(0, 24)}`;
}

interface DevKey {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
}
const keyCache = new WeakMap<Services, Promise<DevKey>>();

/** The project's dev signing key: made once and stored, so every instance on one database signs alike. */
export function devKey(svc: Services): Promise<DevKey> {
  let p = keyCache.get(svc);
  if (!p) {
    p = loadDevKey(svc);
    keyCache.set(svc, p);
    p.catch(() => keyCache.delete(svc));
  }
  return p;
}

async function loadDevKey(svc: Services): Promise<DevKey> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  let row = await k.selectFrom('oauth_dev_keys').selectAll().where('project_id', '=', pid).executeTakeFirst();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = `dev-oauth-${newSecretToken().slice(0, 16)}`;
    await k
      .insertInto('oauth_dev_keys')
      .values({
        project_id: pid,
        kid,
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        created_at: svc.now(),
      })
      // Two instances starting at once: the first key stored wins, both read it back.
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    row = await k.selectFrom('oauth_dev_keys').selectAll().where('project_id', '=', pid).executeTakeFirstOrThrow();
  }
  const publicJwk: JWK = { ...(JSON.parse(row.public_jwk) as JWK), kid: row.kid, alg: 'ES256', use: 'sig' };
  const privateKey = (await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256')) as CryptoKey;
  return { kid: row.kid, privateKey, jwks: { keys: [publicJwk] } };
}

/** The dev JWKS as a jose key set (One Tap verification for test projects). */
export async function devJwks(svc: Services): Promise<ReturnType<typeof createLocalJWKSet>> {
  return createLocalJWKSet((await devKey(svc)).jwks);
}

/** Signs a dev ID token. */
async function signIdToken(
  svc: Services,
  o: { sub: string; aud: string; email: string; name: string; emailVerified: boolean; nonce: string; extra?: Record<string, unknown> },
): Promise<string> {
  const key = await devKey(svc);
  const now = Math.floor(svc.now() / 1000);
  return new SignJWT({ email: o.email, email_verified: o.emailVerified, name: o.name, nonce: o.nonce, locale: 'en', ...o.extra })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(DEV_OAUTH_ISSUER)
    .setSubject(o.sub)
    .setAudience(o.aud)
    .setIssuedAt(now)
    .setExpirationTime(now + DEV_ID_TOKEN_TTL_S)
    .sign(key.privateKey);
}

/**
 * Redeems a dev authorization code over HTTP at `{origin}/dev/oauth/token` with openid-client (PKCE,
 * state and nonce checked by it), then checks the ID token's signature against the dev key and reads
 * the identity. The callback calls this exactly where it calls arctic for a real provider.
 */
export async function devExchange(
  svc: Services,
  o: { provider: OAuthProvider; callbackUrl: string; code: string; state: string; codeVerifier: string; nonce: string },
): Promise<{ identity: ProviderIdentity; accessToken: string; idToken: string; scopes: string[] }> {
  // openid-client loads at the first dev sign-in, not at every start.
  const oidc: typeof Oidc = await import('openid-client');
  const base = new URL(o.callbackUrl).origin;
  const config = new oidc.Configuration(
    {
      issuer: DEV_OAUTH_ISSUER,
      authorization_endpoint: `${base}/dev/oauth/authorize`,
      token_endpoint: `${base}/dev/oauth/token`,
      jwks_uri: `${base}/dev/oauth/jwks`,
    },
    // The injected clock (tests move it): openid-client checks iat/exp against its own clock plus this skew.
    devClientId(o.provider),
    { id_token_signed_response_alg: 'ES256', [oidc.clockSkew]: Math.round((svc.now() - Date.now()) / 1000) },
    oidc.ClientSecretPost(DEV_CLIENT_SECRET),
  );
  // The dev provider is this server on loopback (test projects answer loopback names only): plain HTTP.
  if (base.startsWith('http:')) oidc.allowInsecureRequests(config);
  const current = new URL(o.callbackUrl);
  current.searchParams.set('code', o.code);
  current.searchParams.set('state', o.state);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: o.codeVerifier,
    expectedState: o.state,
    expectedNonce: o.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.id_token ?? '';
  // openid-client trusts the TLS channel for the ID token; the dev provider's key is at hand, so check it too.
  const { payload } = await jwtVerify(idToken, await devJwks(svc), {
    issuer: DEV_OAUTH_ISSUER,
    audience: devClientId(o.provider),
    currentDate: new Date(svc.now()),
  });
  const email = typeof payload.email === 'string' ? payload.email : null;
  return {
    identity: {
      subject: String(payload.sub),
      email,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : null,
      picture: null,
      locale: typeof payload.locale === 'string' ? payload.locale : null,
    },
    accessToken: tokens.access_token,
    idToken,
    scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
  };
}

/** The dev authorization URL of a flow (what the start route redirects to). */
export function devAuthorizationUrl(o: {
  base: string;
  provider: OAuthProvider;
  callbackUrl: string;
  state: string;
  codeVerifier: string;
  nonce: string;
  scopes: string[];
  params: Record<string, string>;
}): URL {
  const u = new URL(`${o.base}/dev/oauth/authorize`);
  const q: Record<string, string> = {
    ...o.params,
    response_type: 'code',
    client_id: devClientId(o.provider),
    redirect_uri: o.callbackUrl,
    state: o.state,
    code_challenge: s256(o.codeVerifier),
    code_challenge_method: 'S256',
    nonce: o.nonce,
    scope: o.scopes.join(' '),
  };
  for (const [key, value] of Object.entries(q)) u.searchParams.set(key, value);
  return u;
}

const text = (max: number) => z.string().check(z.maxLength(max));
/** The authorization request's parameters (query of the page, hidden fields of its forms). */
const AuthorizeParams = z.object({
  response_type: z.optional(text(20)),
  client_id: text(100),
  redirect_uri: text(2048),
  state: text(200),
  code_challenge: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
  code_challenge_method: z.literal('S256'),
  nonce: text(200),
  scope: z.optional(text(2000)),
});
type AuthorizeParams = z.infer<typeof AuthorizeParams>;
/** The identity form's fields. */
const IdentityForm = z.object({
  ...AuthorizeParams.shape,
  email: text(320),
  name: z.optional(text(200)),
  email_verified: z.enum(['yes', 'no']),
});
/** Body of `POST /dev/oauth/google/id_token`. */
export const DevGoogleIdTokenRequest = z.object({
  public_token: text(200),
  email: text(320),
  name: z.optional(text(200)),
  email_verified: z.boolean(),
  nonce: text(200),
  aud: text(300),
});

/** The provider a dev client id names, or null. */
function providerOfClient(clientId: string): OAuthProvider | null {
  if (clientId === DEV_GOOGLE_CLIENT_ID) return 'google';
  const m = /^dev-([a-z]+)$/.exec(clientId);
  return m?.[1] && m[1] !== 'google' && isOAuthProvider(m[1]) ? m[1] : null;
}

/**
 * Checks an authorization request: a dev client id, and a redirect_uri that is this server's callback of
 * that provider (on the request's origin or the configured callback base), so the page can never send a
 * code anywhere else.
 */
function checkAuthorize(c: Ctx, svc: Services, p: AuthorizeParams): OAuthProvider {
  const provider = providerOfClient(p.client_id);
  if (!provider) throw new ApiError('invalid_request_body', { message: 'client_id is not a dev OAuth client id.' });
  let u: URL;
  try {
    u = new URL(p.redirect_uri);
  } catch {
    throw new ApiError('invalid_redirect_url', { message: 'redirect_uri is not a URL.' });
  }
  const origins = [new URL(c.req.url).origin, svc.project.config.oauth?.callback_base_url].filter(Boolean);
  if (!origins.includes(u.origin) || u.pathname !== `/v1/public/oauth/callback/${provider}` || u.search !== '' || u.hash !== '' || u.username !== '') {
    throw new ApiError('invalid_redirect_url', { message: "redirect_uri is not this server's OAuth callback for this provider." });
  }
  return provider;
}

/**
 * The origins a form on the authorization page may lead to. Chromium applies `form-action` to every hop
 * of the redirect chain after the POST: here, then the server's callback (its origin may be the
 * configured callback base), then the host's page, which is on the project's redirect allowlist. So the
 * list is 'self', the callback base and each allowlist entry's origin (`:*` kept: a CSP port wildcard),
 * never a wildcard host; entries CSP cannot express (IPv6 literals) are left out.
 */
function devFormTargets(svc: Services): string {
  const sources = new Set<string>(["'self'"]);
  const callbackBase = svc.project.config.oauth?.callback_base_url;
  if (callbackBase) {
    try {
      const u = new URL(callbackBase);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && /^[a-z0-9.-]+$/.test(u.hostname)) sources.add(u.origin);
    } catch {
      // Not a URL: the start refuses it anyway.
    }
  }
  for (const entry of svc.project.config.redirect_urls) {
    const e = parseRedirectEntry(entry);
    if (typeof e === 'string' || (e.protocol !== 'http:' && e.protocol !== 'https:') || !/^[a-z0-9.-]+$/.test(e.hostname)) continue;
    sources.add(`${e.protocol}//${e.hostname}${e.port ? `:${e.port}` : ''}`);
  }
  return [...sources].join(' ');
}

/** The dev pages' headers: no script at all, the dev stylesheet, forms lead here and on to the host's page only. */
function pageHeaders(c: Ctx, svc?: Services): void {
  c.header('Cache-Control', 'no-store');
  setPageSecurityHeaders(c, {
    'default-src': "'none'",
    'script-src': "'none'",
    'connect-src': "'none'",
    ...(svc ? { 'form-action': devFormTargets(svc) } : {}),
  });
  // Under no-referrer Chromium sends `Origin: null` with the page's form POST, which the Origin check
  // refuses; same-origin names this server (and nobody else) as the POST's origin.
  c.header('Referrer-Policy', 'same-origin');
}

/** The dev authorization page. */
function renderAuthorize(
  projectName: string,
  provider: OAuthProvider,
  p: AuthorizeParams,
  previous: { email: string; name: string; verified: boolean }[],
): string {
  const hidden = Object.entries(p)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const picks = previous
    .map(
      (id, i) =>
        `<li><form method="post" action="/dev/oauth/authorize">${hidden}<input type="hidden" name="email" value="${escapeHtml(id.email)}"><input type="hidden" name="name" value="${escapeHtml(id.name)}"><input type="hidden" name="email_verified" value="${id.verified ? 'yes' : 'no'}"><button type="submit" id="pick-${i}">Continue as ${escapeHtml(id.name || id.email)} &lt;${escapeHtml(id.email)}&gt;${id.verified ? '' : ' (email not verified)'}</button></form></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev ${escapeHtml(provider)} sign-in · ${escapeHtml(projectName)}</title>
<link rel="stylesheet" href="/dev/inbox.css"></head><body><main>
<h1>Dev OAuth provider: ${escapeHtml(provider)}</h1>
<p>The test project <b>${escapeHtml(projectName)}</b> has no ${escapeHtml(provider)} credentials, so this local stand-in signs you in. Nothing leaves this machine.</p>
${previous.length ? `<h2>Previous identities</h2><ul>${picks}</ul>` : ''}
<h2>${previous.length ? 'Or type an identity' : 'Type an identity'}</h2>
<form method="post" action="/dev/oauth/authorize">${hidden}
<p><label for="dev-email">Email</label><br><input id="dev-email" name="email" type="email" required maxlength="320" autocomplete="email"></p>
<p><label for="dev-name">Name</label><br><input id="dev-name" name="name" maxlength="200" autocomplete="name"></p>
<fieldset><legend>Has the provider verified this email?</legend>
<label><input type="radio" name="email_verified" value="yes" checked> Yes</label>
<label><input type="radio" name="email_verified" value="no"> No</label></fieldset>
<p><button type="submit">Sign in</button></p>
</form></main></body></html>`;
}

/** The dev pages' error page (an HTML page: a browser is looking at it). */
export function devErrorPage(c: Ctx, err: ApiError): Response {
  pageHeaders(c);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev OAuth error</title><link rel="stylesheet" href="/dev/inbox.css"></head><body><main><h1>Dev OAuth provider: the request was refused</h1><p>error_type: <code id="error-type">${escapeHtml(err.errorType)}</code></p><p>${escapeHtml(err.message)}</p></main></body></html>`,
    err.status as 400,
  );
}

/** An RFC 6749 5.2 token error (openid-client reads these). */
function tokenError(c: Ctx, error: string, description: string, status: 400 | 401 = 400): Response {
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: description }, status);
}

/** Registers the dev provider's routes (the caller registers them for test projects only). */
export function devOAuthRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('GET', '/dev/oauth/authorize', async (c) => {
    try {
      const p = parseBody(AuthorizeParams, c.req.query());
      const provider = checkAuthorize(c, svc, p);
      const rows = await k
        .selectFrom('oauth_dev_codes')
        .select(['email', 'name', 'email_verified'])
        .where('project_id', '=', pid)
        .where('provider', '=', provider)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      const seen = new Set<string>();
      const previous: { email: string; name: string; verified: boolean }[] = [];
      for (const r of rows) {
        const key = `${r.email}|${r.email_verified}`;
        if (seen.has(key) || previous.length >= 10) continue;
        seen.add(key);
        previous.push({ email: r.email, name: r.name, verified: r.email_verified === 1 });
      }
      pageHeaders(c, svc);
      return c.html(renderAuthorize(svc.project.project_name, provider, p, previous));
    } catch (err) {
      if (err instanceof ApiError) return devErrorPage(c, err);
      throw err;
    }
  });

  route('POST', '/dev/oauth/authorize', async (c) => {
    try {
      const form = parseBody(IdentityForm, Object.fromEntries(new URLSearchParams(await readBodyText(c, svc.maxBodyBytes))));
      const provider = checkAuthorize(c, svc, form);
      const email = normalizeEmail(form.email);
      if (email === null) throw new ApiError('invalid_email');
      const code = newSecretToken();
      const now = svc.now();
      await k
        .insertInto('oauth_dev_codes')
        .values({
          code_hash: sha256Hex(code),
          project_id: pid,
          provider,
          client_id: form.client_id,
          redirect_uri: form.redirect_uri,
          code_challenge: form.code_challenge,
          nonce: form.nonce,
          subject: devSubject(provider, email),
          email,
          name: form.name ?? '',
          email_verified: form.email_verified === 'yes' ? 1 : 0,
          scopes: form.scope ?? '',
          created_at: now,
          expires_at: now + DEV_CODE_TTL_MS,
          consumed_at: null,
        })
        .execute();
      const back = new URL(form.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', form.state);
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(back.href, 303);
    } catch (err) {
      if (err instanceof ApiError) return devErrorPage(c, err);
      throw err;
    }
  });

  route('POST', '/dev/oauth/token', async (c) => {
    const body = Object.fromEntries(new URLSearchParams(await readBodyText(c, svc.maxBodyBytes)));
    if (body.grant_type !== 'authorization_code') return tokenError(c, 'unsupported_grant_type', 'Only authorization_code is supported.');
    const code = body.code ?? '';
    const verifier = body.code_verifier ?? '';
    if (body.client_secret !== DEV_CLIENT_SECRET || !body.client_id) return tokenError(c, 'invalid_client', 'Unknown client.', 401);
    const now = svc.now();
    const row = await k.selectFrom('oauth_dev_codes').selectAll().where('code_hash', '=', sha256Hex(code)).where('project_id', '=', pid).executeTakeFirst();
    if (!row || row.consumed_at !== null || row.expires_at <= now) return tokenError(c, 'invalid_grant', 'The code is unknown, used or expired.');
    if (row.client_id !== body.client_id || row.redirect_uri !== body.redirect_uri) return tokenError(c, 'invalid_grant', 'client_id or redirect_uri differ.');
    // RFC 7636 4.6: S256(code_verifier) must equal the challenge, compared in constant time.
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !safeEqualHex(s256(verifier), row.code_challenge)) {
      return tokenError(c, 'invalid_grant', 'PKCE verification failed.');
    }
    // Expiry was checked on the read above; a code expiring since is still this exchange's one redemption.
    const claimed = await claimOnce(k, 'oauth_dev_codes', { code_hash: row.code_hash }, { now, ignoreExpiry: true });
    if (!claimed.ok) return tokenError(c, 'invalid_grant', 'The code is unknown, used or expired.');
    const idToken = await signIdToken(svc, {
      sub: row.subject,
      aud: row.client_id,
      email: row.email,
      name: row.name,
      emailVerified: row.email_verified === 1,
      nonce: row.nonce,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ access_token: `dev-access-${newSecretToken()}`, token_type: 'Bearer', expires_in: 3600, id_token: idToken, scope: row.scopes });
  });

  route('GET', '/dev/oauth/jwks', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json((await devKey(svc)).jwks);
  });

  route('POST', '/dev/oauth/google/id_token', async (c) => {
    const body = await readJson(c, DevGoogleIdTokenRequest, svc.maxBodyBytes);
    if (body.public_token !== svc.project.public_token) throw new ApiError('invalid_public_token');
    const email = normalizeEmail(body.email);
    if (email === null) throw new ApiError('invalid_email');
    const idToken = await signIdToken(svc, {
      sub: devSubject('google', email),
      aud: body.aud,
      email,
      name: body.name ?? '',
      emailVerified: body.email_verified,
      nonce: body.nonce,
    });
    return c.json({ id_token: idToken });
  });
}
