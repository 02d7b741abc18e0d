/**
 * Test helpers of the OpenID provider: a project with a consent page and two clients, the consent page's
 * SDK calls (what `<auth-idp-consent>` does), and raw token requests.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { login, type TestApp } from '../test-helpers.ts';
import { createIdpClient } from './clients.ts';

/** The consent page of the test project (the host page with `<auth-idp-consent>`). */
export const CONSENT_URL = 'http://localhost:3000/idp-consent.html';
/** The relying party's registered redirect URI. */
export const RP_CALLBACK = 'https://rp.example/callback';
/** The relying party's registered post-logout URI. */
export const RP_LOGGED_OUT = 'https://rp.example/logged-out';

/** A PKCE verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The provider set up on a test app: the consent URL, a confidential client, a public one, a signed-in user. */
export interface IdpSetup {
  clientId: string;
  clientSecret: string;
  publicClientId: string;
  firstPartyId: string;
  firstPartySecret: string;
  session: string;
  userId: string;
  issuer(base?: string): string;
}

/** Configures the provider on `t` and signs a user in. */
export async function setupIdp(t: TestApp, email = 'ada@example.com'): Promise<IdpSetup> {
  t.services.project.config.idp_consent_url = CONSENT_URL;
  const now = t.clock.t;
  const db = t.services.db;
  const rp = await createIdpClient(db, t.projectId, {
    client_name: 'Relying Party',
    redirect_uris: [RP_CALLBACK, 'http://127.0.0.1:4000/cb'],
    post_logout_redirect_uris: [RP_LOGGED_OUT],
    logo_url: 'https://rp.example/logo.png',
    now,
  });
  const spa = await createIdpClient(db, t.projectId, { client_name: 'Single Page App', redirect_uris: ['https://spa.example/cb'], public: true, now });
  const own = await createIdpClient(db, t.projectId, {
    client_name: 'Our Own App',
    client_type: 'first_party',
    redirect_uris: ['https://own.example/cb'],
    now,
  });
  const { token, data } = await login(t, email);
  assert.ok(rp.client_secret && own.client_secret);
  return {
    clientId: rp.client_id,
    clientSecret: rp.client_secret,
    publicClientId: spa.client_id,
    firstPartyId: own.client_id,
    firstPartySecret: own.client_secret,
    session: token,
    userId: String(data.user_id),
    issuer: (base = 'http://localhost:8787') => `${base}/v1/public/${t.projectId}`,
  };
}

/** Authorize params as the consent page sends them. */
export interface ConsentParams {
  client_id: string;
  redirect_uri: string;
  scopes: string[];
  code_challenge?: string;
  code_challenge_method?: string;
  response_type?: string;
  state?: string;
  nonce?: string;
  prompt?: string;
}

/** What the consent element does: start, then submit (granting); the redirect URI it answers. */
export async function consent(t: TestApp, session: string, p: ConsentParams, granted = true): Promise<URL> {
  const start = await t.call('POST', '/sdk/v1/idp/oauth/authorize/start', { secret: session, body: p });
  assert.equal(start.status, 200, JSON.stringify(start.json));
  const submit = await t.call('POST', '/sdk/v1/idp/oauth/authorize/submit', { secret: session, body: { ...p, consent_granted: granted } });
  assert.equal(submit.status, 200, JSON.stringify(submit.json));
  return new URL(String(submit.json.data?.redirect_uri));
}

/** A code for the confidential client (scopes openid email offline_access) and its verifier. */
export async function codeFor(t: TestApp, s: IdpSetup, o: Partial<ConsentParams> = {}): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const url = await consent(t, s.session, {
    client_id: s.clientId,
    redirect_uri: RP_CALLBACK,
    scopes: ['openid', 'email', 'offline_access'],
    code_challenge: challenge,
    state: 'st',
    nonce: 'n-1',
    ...o,
  });
  const code = url.searchParams.get('code');
  assert.ok(code, url.href);
  return { code, verifier };
}

/** A raw token request (form body); `basic` = [client_id, secret] for client_secret_basic. */
export async function tokenRequest(
  t: TestApp,
  form: Record<string, string>,
  basic?: [string, string],
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`).toString('base64')}`;
  const r = await t.call('POST', `/v1/public/${t.projectId}/oauth2/token`, { auth: false, raw: new URLSearchParams(form).toString(), headers });
  return { status: r.status, json: r.json, headers: r.headers };
}

/** Redeems a code for the confidential client with client_secret_basic. */
export function redeem(t: TestApp, s: IdpSetup, code: string, verifier: string, extra: Record<string, string> = {}) {
  return tokenRequest(t, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: RP_CALLBACK, ...extra }, [
    s.clientId,
    s.clientSecret,
  ]);
}

/** GET userinfo with a bearer token: the status. */
export async function userinfoStatus(t: TestApp, accessToken: string): Promise<number> {
  const r = await t.call('GET', `/v1/public/${t.projectId}/oauth2/userinfo`, { auth: false, headers: { authorization: `Bearer ${accessToken}` } });
  return r.status;
}
