/**
 * Attacks on OAuth sign-in (issue 13): a replayed or expired state, redirect URLs off the allowlist
 * (the allowlist tricks), PKCE missing or wrong, an OAuth token redeemed twice or 50 times at once, a
 * provider identity with an UNVERIFIED email that matches an existing account (account takeover), and
 * Google One Tap ID tokens for another client, another nonce, a used nonce, expired or badly signed. The
 * dev provider's routes do not exist for live projects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { authorize, callback, devRoundTrip, LOGIN_URL, pkcePair, SIGNUP_URL, start, startPath } from '../../server/oauth/test-flow.ts';
import { OAUTH_STATE_TTL_MS } from '../../server/oauth/store.ts';

const ORIGIN = 'http://localhost:3000';
const errorTypeOf = (html: string) => /<code id="error-type">([a-z_]+)<\/code>/.exec(html)?.[1];

describe('attack: OAuth redirect flow', () => {
  let t: TestApp;
  const { verifier, challenge } = pkcePair();
  before(async () => {
    t = await testApp();
    await t.listen();
  });
  after(() => t.close());

  it('state reuse: a replayed callback is refused (HTML oauth_state_not_found), and of 20 parallel callbacks one goes through', async () => {
    const cb = await authorize(t, await start(t, 'google', { code_challenge: challenge }), { email: 'replay@example.com' });
    const first = await callback(t, cb);
    assert.equal(first.status, 302);
    assert.ok(first.location!.searchParams.get('token'));
    const again = await callback(t, cb);
    assert.equal(again.status, 400);
    assert.equal(again.location, null);
    assert.equal(errorTypeOf(again.text), 'oauth_state_not_found');

    const cb2 = await authorize(t, await start(t, 'github', { code_challenge: challenge }), { email: 'replay2@example.com' });
    const results = await Promise.all(Array.from({ length: 20 }, () => callback(t, cb2)));
    assert.equal(results.filter((r) => r.status === 302 && r.location?.searchParams.get('token')).length, 1);
    assert.ok(results.filter((r) => r.status !== 302).every((r) => errorTypeOf(r.text) === 'oauth_state_not_found'));
  });

  it('an unknown or missing state is refused without redirecting anywhere', async () => {
    for (const q of ['?code=x&state=forged', '?code=x', '']) {
      const r = await t.call('GET', `/v1/public/oauth/callback/google${q}`, { auth: false });
      assert.equal(r.status, 400);
      assert.equal(r.headers.get('location'), null);
      assert.equal(errorTypeOf(String(r.json.text)), 'oauth_state_not_found');
    }
  });

  it('expired state: 10 minutes after the start the callback is refused', async () => {
    const url = await start(t, 'slack', { code_challenge: challenge });
    t.advance(OAUTH_STATE_TTL_MS + 1);
    const cb = await authorize(t, url, { email: 'slow@example.com' });
    const r = await callback(t, cb);
    assert.equal(r.status, 400);
    assert.equal(errorTypeOf(r.text), 'oauth_state_not_found');
  });

  it('redirect URLs off the allowlist are refused at the start with an HTML page, never followed', async () => {
    const tricks = [
      'https://evil.com/',
      'http://localhost.evil.com:3000/',
      'http://localhost:3000.evil.com/',
      'http://evil.com/http://localhost:3000/',
      'http://localhost:3000@evil.com/',
      'http://user:pass@localhost:3000/',
      'http://evil.com\\@localhost:3000/',
      'http:\\\\evil.com/',
      'http://localhost:3000\\evil.com',
      '//evil.com/',
      'javascript:alert(1)//localhost:3000/',
      'data:text/html,<script>alert(1)</script>',
      'http://localhost:3000/%2f%2fevil.com',
      'http://localhost:3000/../evil',
      'http://localhost:3000/\tevil',
      'ftp://localhost:3000/',
    ];
    for (const url of tricks) {
      for (const field of ['login_redirect_url', 'signup_redirect_url']) {
        const r = await t.call('GET', startPath(t, 'google', { code_challenge: challenge, [field]: url }), { auth: false });
        assert.equal(r.status, 400, `${field}=${url}`);
        assert.equal(r.headers.get('location'), null, url);
        assert.equal(errorTypeOf(String(r.json.text)), 'invalid_redirect_url', `${field}=${url}`);
        assert.ok(!String(r.json.text).includes('<script>'), 'nothing of the URL is echoed unescaped');
      }
    }
  });

  it('PKCE: a start without a challenge is refused when the project requires it (new projects do)', async () => {
    const r = await t.call('GET', startPath(t, 'google'), { auth: false });
    assert.equal(r.status, 400);
    assert.equal(errorTypeOf(String(r.json.text)), 'pkce_required');
  });

  it('PKCE: a missing or wrong code_verifier is pkce_mismatch and does not burn the token; the right one signs in once', async () => {
    const landed = await devRoundTrip(t, 'google', { email: 'pkce@example.com' }, { code_challenge: challenge });
    const token = landed.searchParams.get('token');
    for (const body of [{ token }, { token, code_verifier: pkcePair('w').verifier }, { token, code_verifier: 'short' }]) {
      const r = await t.call('POST', '/sdk/v1/oauth/authenticate', { body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, 'pkce_mismatch');
    }
    const ok = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier } });
    assert.equal(ok.status, 200);
    const twice = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier } });
    assert.equal(twice.status, 404);
    assert.equal(twice.json.error_type, 'oauth_token_not_found');
  });

  it('token redeemed by 50 parallel calls: exactly one session', async () => {
    const landed = await devRoundTrip(t, 'twitch', { email: 'race@example.com' }, { code_challenge: challenge });
    const token = landed.searchParams.get('token');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier } })),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.status === 404 && r.json.error_type === 'oauth_token_not_found'));
  });

  it('unknown, expired and garbage tokens: 404 oauth_token_not_found', async () => {
    const landed = await devRoundTrip(t, 'yahoo', { email: 'late@example.com' }, { code_challenge: challenge });
    t.advance(5 * 60_000 + 1);
    for (const token of [landed.searchParams.get('token'), 'nope', '']) {
      const r = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier } });
      assert.equal(r.status, 404);
      assert.equal(r.json.error_type, 'oauth_token_not_found');
    }
  });

  it('an UNVERIFIED provider email matching an existing account signs nobody in and creates nothing', async () => {
    const { token: session, data } = await login(t, 'victim@example.com');
    const users = async () =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom('users')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();
    const landed = await devRoundTrip(t, 'facebook', { email: 'Victim@Example.com', verified: false }, { code_challenge: challenge });
    assert.equal(`${landed.origin}${landed.pathname}`, LOGIN_URL);
    assert.equal(landed.searchParams.get('error'), 'oauth_flow_callback_error');
    assert.equal(landed.searchParams.get('error_reason'), 'oauth_unverified_email_conflict');
    assert.equal(landed.searchParams.get('token'), null);
    assert.equal(await users(), before, 'no second account with the address');
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: session });
    assert.deepEqual((me.json.data as { providers: unknown[] }).providers, [], 'nothing linked to the victim');
    assert.equal(me.json.data!.user_id, data.user_id);
    // The same identity with the address verified by the provider joins the account.
    const verified = await devRoundTrip(t, 'facebook', { email: 'victim@example.com', verified: true }, { code_challenge: challenge });
    assert.equal(`${verified.origin}${verified.pathname}`, LOGIN_URL);
    const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: verified.searchParams.get('token'), code_verifier: verifier } });
    assert.equal(a.json.data!.user_id, data.user_id);
  });

  it('pre-hijacking: an unverified provider email new to the project is not given to the new user, so its real owner signing up later gets their own account', async () => {
    const landed = await devRoundTrip(t, 'figma', { email: 'future@example.com', verified: false }, { code_challenge: challenge });
    assert.equal(`${landed.origin}${landed.pathname}`, SIGNUP_URL);
    const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: landed.searchParams.get('token'), code_verifier: verifier } });
    const attacker = a.json.data!.user as { user_id: string; emails: unknown[] };
    assert.deepEqual(attacker.emails, [], "the unverified address is not the attacker-made account's");
    // The address's owner signs up by email passcode: a fresh account, with no OAuth identity on it.
    const owner = await login(t, 'future@example.com');
    assert.notEqual(owner.data.user_id, attacker.user_id);
    assert.deepEqual((owner.data.user as { providers: unknown[] }).providers, []);
    // The attacker's identity signs into the attacker's account only, and never into the owner's.
    const again = await devRoundTrip(t, 'figma', { email: 'future@example.com', verified: false }, { code_challenge: challenge });
    const b = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: again.searchParams.get('token'), code_verifier: verifier } });
    assert.equal(b.json.data!.user_id, attacker.user_id);
  });

  it("the dev provider sends codes only to this server's callback, and its token endpoint checks PKCE and single use", async () => {
    const url = await start(t, 'github', { code_challenge: challenge });
    const evil = new URL(url);
    evil.searchParams.set('redirect_uri', 'https://evil.com/v1/public/oauth/callback/github');
    const page = await t.call('GET', `${evil.pathname}${evil.search}`, { auth: false });
    assert.equal(page.status, 400);
    assert.equal(errorTypeOf(String(page.json.text)), 'invalid_redirect_url');
    const cb = await authorize(t, url, { email: 'code@example.com' });
    const form = (v: string) =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code: cb.searchParams.get('code')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
        client_id: 'dev-github',
        client_secret: 'dev-client-secret',
        code_verifier: v,
      }).toString();
    const wrong = await t.call('POST', '/dev/oauth/token', {
      auth: false,
      raw: form(pkcePair('q').verifier),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.json.error, 'invalid_grant');
    // The state's own verifier is the server's secret: the callback (the only holder) still succeeds once.
    const r = await callback(t, cb);
    assert.equal(r.status, 302);
    assert.ok(r.location!.searchParams.get('token'));
  });
});

describe('attack: Google One Tap', () => {
  let t: TestApp;
  const { verifier, challenge } = pkcePair();
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  const startOneTap = async () => {
    const r = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', {
      origin: ORIGIN,
      body: { login_redirect_url: LOGIN_URL, signup_redirect_url: SIGNUP_URL },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.data as { google_client_id: string; nonce: string };
  };
  const mint = async (o: { nonce: string; aud?: string; email?: string; verified?: boolean }) => {
    const r = await t.call('POST', '/dev/oauth/google/id_token', {
      auth: false,
      body: {
        public_token: t.publicToken,
        email: o.email ?? 'tap@example.com',
        name: 'Tap',
        email_verified: o.verified ?? true,
        nonce: o.nonce,
        aud: o.aud ?? 'dev-google-client-id',
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return String(r.json.id_token);
  };
  const submit = (body: Record<string, unknown>) =>
    t.call('POST', '/sdk/v1/oauth/google/onetap/submit', { origin: ORIGIN, body: { code_challenge: challenge, ...body } });

  it('a genuine token signs up (sign-up URL), the token redeems with PKCE; the dev client id is answered for a test project', async () => {
    const { google_client_id, nonce } = await startOneTap();
    assert.equal(google_client_id, 'dev-google-client-id');
    assert.ok(Buffer.from(nonce, 'base64url').length >= 16);
    const r = await submit({ id_token: await mint({ nonce }), nonce });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const u = new URL(String(r.json.data!.redirect_url));
    assert.equal(`${u.origin}${u.pathname}`, SIGNUP_URL);
    assert.equal(u.searchParams.get('stytch_token_type'), 'oauth');
    const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token: u.searchParams.get('token'), code_verifier: verifier } });
    assert.equal(a.status, 200);
    assert.equal(a.json.data!.provider_type, 'google');
  });

  it('wrong aud, wrong nonce, expired, badly signed and alg=none tokens: 401 one_tap_invalid_id_token; the nonce survives them', async () => {
    const { nonce } = await startOneTap();
    const good = await mint({ nonce });
    const [h, p, s] = good.split('.') as [string, string, string];
    const flipped = `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), email: 'admin@example.com' })).toString(
      'base64url',
    );
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    t.clock.t -= 2 * 3600_000;
    const expired = await mint({ nonce });
    t.clock.t += 2 * 3600_000;
    const cases: [string, string][] = [
      ['wrong aud', await mint({ nonce, aud: '123-abc.apps.googleusercontent.com' })],
      ['wrong nonce', await mint({ nonce: 'another-nonce' })],
      ['expired', expired],
      ['bad signature', flipped],
      ['payload swapped', `${h}.${forgedPayload}.${s}`],
      ['alg none', none],
      ['garbage', 'not.a.jwt'],
    ];
    for (const [what, idToken] of cases) {
      const r = await submit({ id_token: idToken, nonce });
      assert.equal(r.status, 401, `${what}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'one_tap_invalid_id_token', what);
    }
    const ok = await submit({ id_token: good, nonce });
    assert.equal(ok.status, 200);
  });

  it('reused nonce: the second submit of the same token and nonce is refused (one_tap_nonce_not_found); 20 in parallel give one success', async () => {
    const { nonce } = await startOneTap();
    const idToken = await mint({ nonce, email: 'reuse@example.com' });
    assert.equal((await submit({ id_token: idToken, nonce })).status, 200);
    const again = await submit({ id_token: idToken, nonce });
    assert.equal(again.status, 400);
    assert.equal(again.json.error_type, 'one_tap_nonce_not_found');
    const n2 = (await startOneTap()).nonce;
    const tok2 = await mint({ nonce: n2, email: 'reuse@example.com' });
    const results = await Promise.all(Array.from({ length: 20 }, () => submit({ id_token: tok2, nonce: n2 })));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
  });

  it('an expired nonce (10 minutes) and a forged nonce are refused', async () => {
    const { nonce } = await startOneTap();
    const idToken = await mint({ nonce });
    t.advance(10 * 60_000 + 1);
    assert.equal((await submit({ id_token: idToken, nonce })).json.error_type, 'one_tap_nonce_not_found');
    assert.equal((await submit({ id_token: await mint({ nonce: 'forged' }), nonce: 'forged' })).json.error_type, 'one_tap_nonce_not_found');
  });

  it('an unverified Google email matching an account is refused (oauth_unverified_email_conflict)', async () => {
    await login(t, 'owner@example.com');
    const { nonce } = await startOneTap();
    const r = await submit({ id_token: await mint({ nonce, email: 'owner@example.com', verified: false }), nonce });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'oauth_unverified_email_conflict');
  });

  it('origin and configuration refusals: no Origin, a foreign Origin, redirect URLs, PKCE', async () => {
    const noOrigin = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', { body: { login_redirect_url: LOGIN_URL } });
    assert.equal(noOrigin.json.error_type, 'one_tap_origin_not_allowed');
    // A foreign page gets a readable one_tap_origin_not_allowed (docs/reference/methods/oauth.md#rules's developer message), and nothing else.
    const pre = await t.call('OPTIONS', '/sdk/v1/oauth/google/onetap/start', {
      auth: false,
      origin: 'https://evil.com',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    assert.equal(pre.status, 204);
    const nonces = async () =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom('oauth_nonces')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await nonces();
    for (const path of ['/sdk/v1/oauth/google/onetap/start', '/sdk/v1/oauth/google/onetap/submit']) {
      const foreign = await t.call('POST', path, { origin: 'https://evil.com', body: { login_redirect_url: LOGIN_URL, id_token: 'x', nonce: 'y' } });
      assert.equal(foreign.status, 400, path);
      assert.equal(foreign.json.error_type, 'one_tap_origin_not_allowed', path);
      assert.equal(foreign.headers.get('access-control-allow-origin'), 'https://evil.com');
    }
    assert.equal(await nonces(), before, 'no nonce issued to a foreign origin');
    const otherRoute = await t.call('OPTIONS', '/sdk/v1/oauth/authenticate', {
      auth: false,
      origin: 'https://evil.com',
      headers: { 'access-control-request-method': 'POST' },
    });
    assert.equal(otherRoute.status, 403, 'other routes still refuse the preflight');
    const none = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', { origin: ORIGIN, body: {} });
    assert.equal(none.json.error_type, 'no_login_redirect_urls_set');
    const evil = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', { origin: ORIGIN, body: { login_redirect_url: 'http://localhost:3000@evil.com/' } });
    assert.equal(evil.json.error_type, 'invalid_redirect_url');
    const { nonce } = await startOneTap();
    const noPkce = await t.call('POST', '/sdk/v1/oauth/google/onetap/submit', { origin: ORIGIN, body: { id_token: await mint({ nonce }), nonce } });
    assert.equal(noPkce.json.error_type, 'pkce_required');
  });
});

describe('attack: OAuth on live projects', () => {
  const live = (oauth?: Record<string, unknown>) => ({
    public_token: 'public-token-live-oauth-test',
    project_name: 'Acme',
    allowed_origins: ['https://app.acme.example'],
    redirect_urls: ['https://app.acme.example/auth'],
    ...(oauth ? { oauth } : {}),
  });

  it('the dev provider does not exist (404 on every /dev/oauth route); providers without credentials: oauth_config_not_found', async () => {
    const t = await testApp({ liveProject: live() });
    try {
      for (const [m, p] of [
        ['GET', '/dev/oauth/authorize?client_id=dev-github'],
        ['POST', '/dev/oauth/authorize'],
        ['POST', '/dev/oauth/token'],
        ['GET', '/dev/oauth/jwks'],
        ['POST', '/dev/oauth/google/id_token'],
      ] as const) {
        const body = { public_token: t.publicToken, email: 'a@b.co', email_verified: true, nonce: 'n', aud: 'x' };
        const r = await t.call(m, p, { auth: false, ...(m === 'POST' ? { body } : {}) });
        assert.equal(r.status, 404, `${m} ${p}`);
      }
      const s = await t.call('GET', `/v1/public/oauth/github/start?public_token=${t.publicToken}&code_challenge=${pkcePair().challenge}`, { auth: false });
      assert.equal(s.status, 400);
      assert.equal(errorTypeOf(String(s.json.text)), 'oauth_config_not_found');
      const tap = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', { origin: 'https://app.acme.example', body: {} });
      assert.equal(tap.json.error_type, 'oauth_config_not_found');
    } finally {
      await t.close();
    }
  });

  it('configured credentials: the start goes to the real provider with our callback, state, PKCE and nonce; a malformed Google client id is one_tap_invalid_client', async () => {
    const t = await testApp({
      liveProject: live({
        providers: { github: { client_id: 'gh-client', client_secret: 's' }, google: { client_id: 'not-a-google-id' } },
        login_redirect_url: 'https://app.acme.example/auth',
      }),
    });
    try {
      const r = await t.call('GET', `/v1/public/oauth/google/start?public_token=${t.publicToken}&code_challenge=${pkcePair().challenge}`, { auth: false });
      assert.equal(r.status, 302);
      const u = new URL(r.headers.get('location')!);
      assert.equal(u.origin, 'https://accounts.google.com');
      assert.equal(u.searchParams.get('client_id'), 'not-a-google-id');
      assert.equal(u.searchParams.get('redirect_uri'), 'http://localhost:8787/v1/public/oauth/callback/google');
      assert.equal(u.searchParams.get('code_challenge_method'), 'S256');
      assert.ok(u.searchParams.get('nonce') && u.searchParams.get('state'));
      const gh = await t.call('GET', `/v1/public/oauth/github/start?public_token=${t.publicToken}&code_challenge=${pkcePair().challenge}`, { auth: false });
      assert.equal(new URL(gh.headers.get('location')!).host, 'github.com');
      const tap = await t.call('POST', '/sdk/v1/oauth/google/onetap/start', { origin: 'https://app.acme.example', body: {} });
      assert.equal(tap.json.error_type, 'one_tap_invalid_client');
    } finally {
      await t.close();
    }
  });
});
