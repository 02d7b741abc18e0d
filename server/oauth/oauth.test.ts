import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OAUTH_PROVIDERS } from '../../sdk-core/oauth/providers.ts';
import { OAUTH_PROVIDER_TYPES } from '../../sdk-core/schemas/index.ts';
import { pruneOnce } from '../prune.ts';
import { loadUser } from '../users.ts';
import { linkIdentity } from './store.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { authorize, callback, devRoundTrip, LOGIN_URL, pkcePair, SIGNUP_URL, start } from './test-flow.ts';

type Data = Record<string, unknown> & {
  user: { providers: Record<string, unknown>[]; emails: { email: string; verified: boolean }[] };
  session: { authentication_factors: Record<string, unknown>[] };
};

describe('OAuth through the dev provider', () => {
  let t: TestApp;
  const { verifier, challenge } = pkcePair();
  before(async () => {
    t = await testApp();
    await t.listen();
  });
  after(() => t.close());

  it("the server's provider catalogue is the SDK's list", () => {
    assert.deepEqual([...OAUTH_PROVIDER_TYPES], [...OAUTH_PROVIDERS]);
  });

  it('new projects require PKCE for OAuth (bootstrap pkce_required_for_oauth)', async () => {
    const b = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`);
    assert.equal((b.json.data as Record<string, unknown>).pkce_required_for_oauth, true);
  });

  for (const provider of OAUTH_PROVIDERS) {
    it(`${provider}: sign-up lands on the sign-up URL, sign-in on the login URL, same user and registration`, async () => {
      const email = `${provider}-user@example.com`;
      const first = await devRoundTrip(t, provider, { email, name: `${provider} user` }, { code_challenge: challenge });
      assert.equal(`${first.origin}${first.pathname}`, SIGNUP_URL);
      assert.equal(first.searchParams.get('stytch_token_type'), 'oauth');
      const token = first.searchParams.get('token') ?? '';
      assert.ok(Buffer.from(token, 'base64url').length >= 16);
      const a = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier, session_duration_minutes: 60 } });
      assert.equal(a.status, 200, JSON.stringify(a.json));
      const d = a.json.data as Data;
      assert.equal(d.provider_type, provider);
      assert.match(String(d.provider_subject), /^dev-/);
      assert.ok(String(d.oauth_user_registration_id).startsWith('oauth-user-registration-test-'));
      const values = d.provider_values as { access_token: string; id_token: string; scopes: string[] };
      assert.ok(values.access_token && values.id_token.split('.').length === 3);
      assert.ok(Array.isArray(values.scopes));
      assert.equal(d.session.authentication_factors[0]!.type, 'oauth');
      assert.equal(d.session.authentication_factors[0]!.delivery_method, `oauth_${provider}`);
      assert.deepEqual(
        d.user.emails.map((e) => [e.email, e.verified]),
        [[email, true]],
      );
      assert.equal(d.user.providers.length, 1);
      assert.equal(d.user.providers[0]!.provider_type, provider);

      const second = await devRoundTrip(t, provider, { email }, { code_challenge: challenge });
      assert.equal(`${second.origin}${second.pathname}`, LOGIN_URL);
      const b = await t.call('POST', '/sdk/v1/oauth/authenticate', {
        body: { token: second.searchParams.get('token'), code_verifier: verifier, session_duration_minutes: 60 },
      });
      assert.equal(b.status, 200, JSON.stringify(b.json));
      assert.equal(b.json.data!.user_id, d.user_id);
      assert.equal(b.json.data!.oauth_user_registration_id, d.oauth_user_registration_id);
    });
  }

  it('the dev page offers the identities used before, with labelled fields; its headers allow no script', async () => {
    const url = await start(t, 'github', { code_challenge: challenge });
    const page = await t.call('GET', `${url.pathname}${url.search}`, { auth: false });
    const html = String(page.json.text);
    // The identity used before is offered (under its newest name: both sign-ins share the test clock's millisecond).
    assert.match(html, /Continue as [^<]*&lt;github-user@example.com&gt;/);
    assert.match(html, /<label for="dev-email">Email<\/label>/);
    assert.match(html, /<legend>Has the provider verified this email\?<\/legend>/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'none'/);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  });

  it('a verified provider email joins the existing account (login URL); the registration shows in users/me and can be removed', async () => {
    const { token: session } = await login(t, 'existing@example.com');
    const landed = await devRoundTrip(t, 'gitlab', { email: 'Existing@Example.com', verified: true }, { code_challenge: challenge });
    assert.equal(`${landed.origin}${landed.pathname}`, LOGIN_URL);
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: session });
    const providers = (me.json.data as { providers: Record<string, string>[] }).providers;
    assert.equal(providers.length, 1);
    assert.deepEqual(Object.keys(providers[0]!).sort(), ['locale', 'oauth_user_registration_id', 'profile_picture_url', 'provider_subject', 'provider_type']);
    const id = providers[0]!.oauth_user_registration_id!;
    const del = await t.call('DELETE', `/sdk/v1/users/oauth/${id}`, { secret: session });
    assert.equal(del.status, 200);
    assert.deepEqual((del.json.data!.user as { providers: unknown[] }).providers, []);
    const again = await t.call('DELETE', `/sdk/v1/users/oauth/${id}`, { secret: session });
    assert.equal(again.status, 404);
    assert.equal(again.json.error_type, 'oauth_user_registration_not_found');
  });

  it('custom scopes and provider params reach the provider; reserved params are refused', async () => {
    const url = await start(t, 'google', {
      code_challenge: challenge,
      custom_scopes: 'https://www.googleapis.com/auth/drive.readonly calendar',
      provider_prompt: 'consent',
    });
    assert.equal(url.searchParams.get('prompt'), 'consent');
    assert.deepEqual(url.searchParams.get('scope')!.split(' '), ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/drive.readonly', 'calendar']);
    const r = await t.call(
      'GET',
      `/v1/public/oauth/google/start?public_token=${t.publicToken}&login_redirect_url=${encodeURIComponent(LOGIN_URL)}&code_challenge=${challenge}&provider_redirect_uri=https://evil.example/`,
      { auth: false },
    );
    assert.equal(r.status, 400);
    assert.match(String(r.json.text), /invalid_request_body/);
  });

  it('a provider error on the callback goes back to the login URL with error=oauth_flow_callback_error', async () => {
    const url = await start(t, 'discord', { code_challenge: challenge });
    const r = await callback(t, new URL(`${url.searchParams.get('redirect_uri')}?error=access_denied&state=${url.searchParams.get('state')}`));
    assert.equal(r.status, 302);
    assert.equal(`${r.location!.origin}${r.location!.pathname}`, LOGIN_URL);
    assert.equal(r.location!.searchParams.get('stytch_token_type'), 'oauth');
    assert.equal(r.location!.searchParams.get('error'), 'oauth_flow_callback_error');
    assert.equal(r.location!.searchParams.get('token'), null);
  });

  it('start refusals are HTML pages naming the error type', async () => {
    const cases: [string, number, string][] = [
      [
        `/v1/public/oauth/myspace/start?public_token=${t.publicToken}&code_challenge=${challenge}&login_redirect_url=${LOGIN_URL}`,
        404,
        'oauth_provider_not_supported',
      ],
      [`/v1/public/oauth/google/start?public_token=nope&code_challenge=${challenge}&login_redirect_url=${LOGIN_URL}`, 401, 'invalid_public_token'],
      [`/v1/public/oauth/google/start?public_token=${t.publicToken}&code_challenge=${challenge}`, 400, 'no_login_redirect_urls_set'],
      [`/v1/public/oauth/google/start?public_token=${t.publicToken}&code_challenge=short&login_redirect_url=${LOGIN_URL}`, 400, 'invalid_request_body'],
    ];
    for (const [path, status, type] of cases) {
      const r = await t.call('GET', path, { auth: false });
      assert.equal(r.status, status, path);
      assert.equal(r.headers.get('location'), null);
      assert.match(r.headers.get('content-type') ?? '', /text\/html/);
      assert.match(String(r.json.text), new RegExp(`<code id="error-type">${type}</code>`), path);
    }
  });

  it("Apple's form_post: the callback takes the code as a cross-site form POST (the state is its CSRF defence)", async () => {
    const cb = await authorize(t, await start(t, 'apple', { code_challenge: challenge }), { email: 'apple-post@example.com' });
    const r = await t.call('POST', cb.pathname, {
      auth: false,
      origin: 'https://appleid.apple.com',
      raw: cb.searchParams.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(r.status, 302, JSON.stringify(r.json));
    assert.ok(new URL(r.headers.get('location')!).searchParams.get('token'));
    // Every other route still refuses a foreign Origin.
    const other = await t.call('POST', '/sdk/v1/oauth/authenticate', { origin: 'https://appleid.apple.com', body: { token: 'x' } });
    assert.equal(other.json.error_type, 'invalid_origin');
  });

  it('pruning deletes states, tokens and dev codes an hour after they expired, and keeps registrations', async () => {
    await devRoundTrip(t, 'yahoo', { email: 'prune@example.com' }, { code_challenge: challenge });
    const count = async (table: 'oauth_states' | 'oauth_tokens' | 'oauth_dev_codes' | 'oauth_user_registrations') =>
      Number(
        (
          await t.services.db.kysely
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    assert.ok((await count('oauth_states')) > 0);
    const regs = await count('oauth_user_registrations');
    t.advance(2 * 3600_000);
    await pruneOnce(t.services);
    for (const table of ['oauth_states', 'oauth_tokens', 'oauth_dev_codes'] as const) assert.equal(await count(table), 0, table);
    assert.equal(await count('oauth_user_registrations'), regs);
  });

  it('a provider identity without email (X, TikTok, Snapchat) makes a user with no email, found again by its subject', async () => {
    const id = { subject: 'x-12345', email: null, emailVerified: false, name: 'X user', picture: 'https://pbs.example/x.png', locale: null };
    const first = await linkIdentity(t.services, 'twitter', id);
    assert.equal(first.created, true);
    assert.equal(first.emailId, null);
    const again = await linkIdentity(t.services, 'twitter', id);
    assert.deepEqual([again.created, again.userId, again.registrationId], [false, first.userId, first.registrationId]);
    const user = await loadUser(t.services, first.userId);
    assert.deepEqual(user!.emails, []);
    assert.equal((user!.providers[0] as { profile_picture_url: string }).profile_picture_url, 'https://pbs.example/x.png');
  });

  it("a state is redeemed only at its own provider's callback", async () => {
    const url = await start(t, 'twitter', { code_challenge: challenge });
    const cb = await authorize(t, url, { email: 'x-user@example.com' });
    const other = new URL(cb.href.replace('/callback/twitter', '/callback/github'));
    const r = await callback(t, other);
    assert.equal(r.status, 400);
    assert.match(r.text, /oauth_state_not_found/);
  });
});
