/**
 * The account page's calls on `client.user` against the real reference server (issue 30,
 * docs/reference/sdk.md#account-calls): the name, the primary email and phone, deleting the account.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthClient } from '../client.ts';
import { NoSessionError } from '../errors.ts';
import { OAuthCallbackError } from '../oauth/errors.ts';
import { devInboxCode, recordingClient, referenceServer, signInByEmail } from '../test-support.ts';

const clients: AuthClient[] = [];
const { server } = referenceServer({}, clients);

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${n++}@example.com`;
const newClient = () => recordingClient(server, clients).client;

describe('client.user: the account page', () => {
  it('update({ name }) sets the name and the cached user follows', async () => {
    const c = newClient();
    await signInByEmail(c, server.url, email('name'));
    const user = await c.user.update({ name: { first_name: 'Grace', last_name: 'Hopper' } });
    assert.deepEqual(user.name, { first_name: 'Grace', middle_name: '', last_name: 'Hopper' });
    assert.deepEqual(c.user.getSync()?.name, user.name);
  });
});

describe('client.user.makePrimary', () => {
  it('puts the chosen email first', async () => {
    const c = newClient();
    const first = email('first');
    const second = email('second');
    await signInByEmail(c, server.url, first);
    const sent = await c.otps.email.send(second);
    await c.otps.authenticate(await devInboxCode(server.url, second), String(sent.method_id), { session_duration_minutes: 60 });
    const id = (await c.user.get()).emails.find((e) => e.email === second)!.email_id;
    const user = await c.user.makePrimary('email', id);
    assert.deepEqual(
      user.emails.map((e) => e.email),
      [second, first],
    );
    assert.equal(c.user.getSync()?.emails[0]?.email, second);
  });
});

describe('client.user.deleteAccount', () => {
  it('deletes the user on the server and clears the session here', async () => {
    const c = newClient();
    const address = email('gone');
    await signInByEmail(c, server.url, address);
    const token = c.session.getTokens()!.session_token;
    await c.user.deleteAccount();
    assert.equal(c.session.getSync(), null);
    assert.equal(c.user.getSync(), null);
    const r = await fetch(`${server.url}/sdk/v1/users/me`, { headers: { authorization: `Basic ${btoa(`${server.publicToken}:${token}`)}` } });
    assert.equal(r.status, 401);
  });
});

describe('client.oauth.attach', () => {
  it('returns a single-use token the start URL carries; the start spends it', async () => {
    const c = newClient();
    await signInByEmail(c, server.url, email('attach'));
    const token = await c.oauth.attach('github');
    assert.equal(typeof token, 'string');
    const url = await c.oauth.startUrl('github', { oauth_attach_token: token, login_redirect_url: 'http://localhost:3000/authenticate' });
    assert.equal(new URL(url).searchParams.get('oauth_attach_token'), token);
    const first = await fetch(url, { redirect: 'manual' });
    assert.equal(first.status, 302);
    const again = await fetch(url, { redirect: 'manual' });
    assert.equal(again.status, 404);
    assert.match(await again.text(), /oauth_attach_token_not_found/);
    await assert.rejects(newClient().oauth.attach('github'), NoSessionError);
  });

  it("the redirect of a refused link tells why: OAuthCallbackError's reason", async () => {
    const url = 'http://localhost:3000/authenticate?stytch_token_type=oauth&error=oauth_flow_callback_error&error_reason=oauth_account_already_linked';
    await assert.rejects(newClient().oauth.readUrl({ url }), (e: unknown) => e instanceof OAuthCallbackError && e.reason === 'oauth_account_already_linked');
  });
});
