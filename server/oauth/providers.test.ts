/**
 * The real-provider code path (arctic exchange, then the provider's ID token or user API) for a live
 * project with credentials, against stand-ins for GitHub's and Google's endpoints: the test replaces
 * `fetch` for those hosts only (the external providers, never our server).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { LiveProjectFile } from '../project/file.ts';
import { type TestApp, testApp } from '../test-helpers.ts';
import { pkcePair } from './test-flow.ts';

const APP = 'https://app.acme.example/auth';
const LIVE: LiveProjectFile = {
  public_token: 'public-token-live-oauth-providers',
  project_name: 'Acme',
  allowed_origins: ['https://app.acme.example'],
  redirect_urls: [APP],
  oauth: {
    providers: { github: { client_id: 'gh-id', client_secret: 'gh-secret' }, google: { client_id: '1-a.apps.googleusercontent.com', client_secret: 'g' } },
    login_redirect_url: APP,
    callback_base_url: 'https://auth.acme.example',
  },
};

type Handler = (req: Request) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
let handlers: Record<string, Handler> = {};
const seen: Request[] = [];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('real providers (live project, stand-in provider endpoints)', () => {
  let t: TestApp;
  const { verifier, challenge } = pkcePair();
  before(async () => {
    t = await testApp({ liveProject: LIVE });
  });
  after(() => t.close());
  beforeEach(() => {
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      const h = handlers[`${req.method} ${new URL(req.url).origin}${new URL(req.url).pathname}`];
      if (!h) return realFetch(input, init);
      seen.push(req.clone());
      return h(req);
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    handlers = {};
    seen.length = 0;
  });

  const startAndCallback = async (provider: string) => {
    const s = await t.call('GET', `/v1/public/oauth/${provider}/start?public_token=${LIVE.public_token}&code_challenge=${challenge}`, { auth: false });
    assert.equal(s.status, 302);
    const auth = new URL(s.headers.get('location')!);
    assert.equal(auth.searchParams.get('redirect_uri'), `https://auth.acme.example/v1/public/oauth/callback/${provider}`);
    const cb = await t.call('GET', `/v1/public/oauth/callback/${provider}?code=provider-code&state=${auth.searchParams.get('state')}`, { auth: false });
    return { auth, cb, location: cb.headers.get('location') ? new URL(cb.headers.get('location')!) : null };
  };

  it('GitHub: code exchanged with the secret, identity from /user and the verified primary email of /user/emails', async () => {
    handlers = {
      'POST https://github.com/login/oauth/access_token': () => json({ access_token: 'gho_abc', token_type: 'bearer', scope: 'read:user,user:email' }),
      'GET https://api.github.com/user': () => json({ id: 4242, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example/4242' }),
      'GET https://api.github.com/user/emails': () => json([{ email: 'Octo@Example.com', primary: true, verified: true }]),
    };
    const { location } = await startAndCallback('github');
    assert.equal(location!.origin + location!.pathname, APP);
    const tokenReq = seen.find((r) => r.url.startsWith('https://github.com/login/oauth/access_token'))!;
    const form = new URLSearchParams(await tokenReq.text());
    assert.equal(form.get('code'), 'provider-code');
    assert.equal(seen.find((r) => r.url === 'https://api.github.com/user')!.headers.get('authorization'), 'Bearer gho_abc');
    const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: location!.searchParams.get('token'), code_verifier: verifier } });
    assert.equal(a.status, 200, JSON.stringify(a.json));
    assert.equal(a.json.data!.provider_subject, '4242');
    assert.equal((a.json.data!.provider_values as { access_token: string }).access_token, 'gho_abc');
    const user = a.json.data!.user as { emails: { email: string; verified: boolean }[]; providers: { profile_picture_url: string }[] };
    assert.deepEqual(
      user.emails.map((e) => [e.email, e.verified]),
      [['octo@example.com', true]],
    );
    assert.equal(user.providers[0]!.profile_picture_url, 'https://avatars.example/4242');
  });

  it('GitHub: an unverified primary email matching that account (another GitHub user) is refused', async () => {
    handlers = {
      'POST https://github.com/login/oauth/access_token': () => json({ access_token: 'gho_evil', token_type: 'bearer' }),
      'GET https://api.github.com/user': () => json({ id: 666, login: 'evil' }),
      'GET https://api.github.com/user/emails': () => json([{ email: 'octo@example.com', primary: true, verified: false }]),
    };
    const { location } = await startAndCallback('github');
    assert.equal(location!.searchParams.get('error'), 'oauth_flow_callback_error');
    assert.equal(location!.searchParams.get('error_reason'), 'oauth_unverified_email_conflict');
    assert.equal(location!.searchParams.get('token'), null);
  });

  it('Google: PKCE verifier sent to the token endpoint, identity from the ID token; a provider failure redirects with the error', async () => {
    let nonce = '';
    handlers = {
      'POST https://oauth2.googleapis.com/token': async (req) => {
        const form = new URLSearchParams(await req.text());
        assert.ok(form.get('code_verifier'), 'arctic sends our provider-leg verifier');
        return json({
          access_token: 'ya29',
          token_type: 'Bearer',
          expires_in: 3600,
          id_token: `${b64({ alg: 'RS256' })}.${b64({ iss: 'https://accounts.google.com', sub: 'g-1', email: 'g@example.com', email_verified: true, nonce, locale: 'fr' })}.sig`,
        });
      },
    };
    const s = await t.call('GET', `/v1/public/oauth/google/start?public_token=${LIVE.public_token}&code_challenge=${challenge}`, { auth: false });
    const auth = new URL(s.headers.get('location')!);
    nonce = auth.searchParams.get('nonce')!;
    const cb = await t.call('GET', `/v1/public/oauth/callback/google?code=c&state=${auth.searchParams.get('state')}`, { auth: false });
    const loc = new URL(cb.headers.get('location')!);
    const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: loc.searchParams.get('token'), code_verifier: verifier } });
    assert.equal(a.json.data!.provider_subject, 'g-1');
    assert.equal((a.json.data!.user as { providers: { locale: string }[] }).providers[0]!.locale, 'fr');

    // An ID token answering another flow's nonce (a replayed token) signs nobody in.
    nonce = 'another-flow';
    const replay = await startAndCallback('google');
    assert.equal(replay.location!.searchParams.get('error_reason'), 'code_exchange_failed');

    handlers = { 'POST https://oauth2.googleapis.com/token': () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 }) };
    const { location } = await startAndCallback('google');
    assert.equal(location!.searchParams.get('error'), 'oauth_flow_callback_error');
    assert.equal(location!.searchParams.get('error_reason'), 'code_exchange_failed');
  });
});
