/**
 * Linking a provider account from a session (issue 30, docs/reference/methods/oauth.md#rules): the provider's
 * `POST /sdk/v1/oauth/attach`, then a start carrying `oauth_attach_token`, through the dev provider.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallResult, login, type TestApp, testApp } from '../test-helpers.ts';
import { authorize, callback, LOGIN_URL, pkcePair, start, startPath } from './test-flow.ts';

type Json = Record<string, unknown>;
type WireUser = { user_id: string; providers: { provider_type: string; provider_subject: string }[]; emails: { email: string }[] };

describe('OAuth attach: link a provider account to the signed-in user', () => {
  let t: TestApp;
  const { verifier, challenge } = pkcePair('a');
  before(async () => {
    t = await testApp();
    await t.listen();
  });
  after(() => t.close());

  const attach = async (token: string, provider = 'github'): Promise<string> => {
    const r = await t.call('POST', '/sdk/v1/oauth/attach', { secret: token, body: { provider } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return String((r.json.data as Json).oauth_attach_token);
  };
  const me = async (token: string) => (await t.call('GET', '/sdk/v1/users/me', { secret: token })).json.data as WireUser;
  /** The whole browser leg with an attach token: the redirect URL the callback ends on. */
  const link = async (attachToken: string, email: string, provider = 'github') => {
    const cb = await authorize(t, await start(t, provider, { code_challenge: challenge, oauth_attach_token: attachToken }), { email });
    return callback(t, cb);
  };

  it("links to the session's user, even when the provider's email is another user's; nobody is merged", async () => {
    const a = await login(t, 'attach-a@example.com');
    const b = await login(t, 'attach-b@example.com');
    const r = await link(await attach(a.token), 'attach-b@example.com');
    assert.equal(r.status, 302, r.text);
    const to = r.location!;
    assert.equal(`${to.origin}${to.pathname}`, LOGIN_URL);
    const token = to.searchParams.get('token') ?? '';
    const signedIn = await t.call('POST', '/sdk/v1/oauth/authenticate', { body: { token, code_verifier: verifier, session_duration_minutes: 60 } });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.json));
    assert.equal((signedIn.json.data as Json).user_id, a.data.user_id);
    const aUser = await me(a.token);
    assert.deepEqual(
      aUser.providers.map((p) => p.provider_type),
      ['github'],
    );
    assert.deepEqual(
      aUser.emails.map((e) => e.email),
      ['attach-a@example.com'],
    );
    const bUser = await me(b.token);
    assert.deepEqual(bUser.providers, []);
    assert.deepEqual(
      bUser.emails.map((e) => e.email),
      ['attach-b@example.com'],
    );
    // Linking the same account again is the same registration.
    const again = await link(await attach(a.token), 'attach-b@example.com');
    assert.equal(again.status, 302);
    assert.ok(again.location?.searchParams.get('token'));
    assert.equal((await me(a.token)).providers.length, 1);
  });

  it('a provider account already linked to another user: a clear error, naming nobody; nothing changes', async () => {
    const owner = await login(t, 'attach-owner@example.com');
    const taker = await login(t, 'attach-taker@example.com');
    assert.equal((await link(await attach(owner.token), 'attach-shared-account@example.com')).status, 302);
    const r = await link(await attach(taker.token), 'attach-shared-account@example.com');
    assert.equal(r.status, 302);
    assert.equal(r.location?.searchParams.get('error'), 'oauth_flow_callback_error');
    assert.equal(r.location?.searchParams.get('error_reason'), 'oauth_account_already_linked');
    assert.equal(r.location?.searchParams.get('token'), null);
    assert.ok(!r.location?.href.includes('attach-owner'));
    assert.deepEqual((await me(taker.token)).providers, []);
    assert.equal((await me(owner.token)).providers.length, 1);
  });

  it('the token is single use, bound to its provider, and needs a session', async () => {
    const a = await login(t, 'attach-once@example.com');
    const token = await attach(a.token);
    const wrongProvider = await t.call('GET', startPath(t, 'google', { code_challenge: challenge, oauth_attach_token: token }), { auth: false });
    assert.match(String(wrongProvider.json.text), /<code id="error-type">oauth_attach_token_not_found<\/code>/);
    await start(t, 'github', { code_challenge: challenge, oauth_attach_token: token });
    const replay = await t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: token }), { auth: false });
    assert.equal(replay.status, 404);
    assert.match(String(replay.json.text), /<code id="error-type">oauth_attach_token_not_found<\/code>/);
    for (const bogus of ['', 'x', 'y'.repeat(500)]) {
      const r = await t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: bogus }), { auth: false });
      assert.match(String(r.json.text), /oauth_attach_token_not_found/, JSON.stringify(bogus));
    }
    const expired = await attach(a.token);
    t.advance(5 * 60_000 + 1);
    const late = await t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: expired }), { auth: false });
    assert.match(String(late.json.text), /oauth_attach_token_not_found/);

    const anon = await t.call('POST', '/sdk/v1/oauth/attach', { body: { provider: 'github' } });
    assert.equal(anon.json.error_type, 'user_unauthenticated');
    const unknown = await t.call('POST', '/sdk/v1/oauth/attach', { secret: a.token, body: { provider: 'myspace' } });
    assert.equal(unknown.json.error_type, 'oauth_provider_not_supported');
    for (const bad of [{}, { provider: 7 }, { provider: '' }]) {
      const r = await t.call('POST', '/sdk/v1/oauth/attach', { secret: a.token, body: bad });
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
  });

  it('50 parallel starts with one attach token: exactly one goes to the provider', async () => {
    const a = await login(t, 'attach-race-token@example.com');
    const token = await attach(a.token);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('GET', startPath(t, 'github', { code_challenge: challenge, oauth_attach_token: token }), { auth: false })),
    );
    assert.equal(results.filter((r) => r.status === 302).length, 1);
    for (const r of results.filter((x) => x.status !== 302)) assert.match(String(r.json.text), /oauth_attach_token_not_found/);
  });

  it('50 parallel links of one provider account by two users: exactly one user has it', async () => {
    // A fresh window of the per-IP start limit (100 per 10 minutes): the earlier tests started flows from this address too.
    t.advance(11 * 60_000);
    const users = [await login(t, 'attach-race-1@example.com'), await login(t, 'attach-race-2@example.com')];
    const callbacks: { user: number; url: URL }[] = [];
    for (let i = 0; i < 50; i++) {
      const user = i % 2;
      const url = await authorize(t, await start(t, 'gitlab', { code_challenge: challenge, oauth_attach_token: await attach(users[user]!.token, 'gitlab') }), {
        email: 'attach-contested@example.com',
      });
      callbacks.push({ user, url });
    }
    const results = await Promise.all(callbacks.map(async (cb) => ({ user: cb.user, r: await callback(t, cb.url) })));
    const linked = results.filter((x) => x.r.location?.searchParams.get('token'));
    const refused = results.filter((x) => x.r.location?.searchParams.get('error_reason') === 'oauth_account_already_linked');
    assert.equal(linked.length + refused.length, 50);
    const winners = new Set(linked.map((x) => x.user));
    assert.equal(winners.size, 1, 'one user won every link that succeeded');
    const holders = [];
    for (const u of users) if ((await me(u.token)).providers.some((p) => p.provider_type === 'gitlab')) holders.push(u);
    assert.equal(holders.length, 1);
    assert.ok(refused.every((x) => !winners.has(x.user)));
  });
});

describe('OAuth attach under re-verification', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: 10 } });
  });
  after(() => t.close());

  it('a session with no factor proven within the window gets no attach token', async () => {
    const a = await login(t, 'attach-stale@example.com', 24 * 60);
    t.advance(11 * 60_000);
    const r: CallResult = await t.call('POST', '/sdk/v1/oauth/attach', { secret: a.token, body: { provider: 'github' } });
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'reverification_required');
  });
});
