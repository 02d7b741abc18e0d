/**
 * `client.oauth` against the real reference server (issue 13 wire contract): the start URL of every
 * provider, the argument checks naming the field (docs/reference/methods/oauth.md#validation), the redirect page's token and error
 * (docs/reference/methods/oauth.md#errors texts as typed errors), and the PKCE verifier authenticate sends and clears (docs/reference/sdk.md#pkce).
 * The round trips that need the server's OAuth routes (contract items 3 and 5) skip, saying so, on a
 * server without them.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiError, isApiError, UsageError } from '../errors.ts';
import { type AuthClient, createClient } from '../client.ts';
import { MemoryCookieJar, MemoryStore } from '../storage.ts';
import { OAUTH_PROVIDER_TYPES } from '../schemas/oauth.ts';
import { recordingClient, referenceServer } from '../test-support.ts';
import { OAUTH_ERROR_MESSAGES, OAuthCallbackError, OAuthTokenNotFoundError } from './errors.ts';
import { OAUTH_PROVIDERS } from './providers.ts';

const made: AuthClient[] = [];
const { server } = referenceServer({}, made);
/** Whether the server has the OAuth SDK routes (h9's side of issue 13). */
let hasOAuthRoutes = false;

before(async () => {
  const probe = await fetch(`${server.url}/sdk/v1/oauth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${server.publicToken}:${server.publicToken}`)}` },
    body: JSON.stringify({ token: 'x'.repeat(44), session_duration_minutes: 5 }),
  });
  hasOAuthRoutes = ((await probe.json()) as { error_type?: string }).error_type === 'oauth_token_not_found';
});

const pkceKey = () => `auth_elements_pkce::${server.publicToken}::oauth`;
/** Skips `t` (saying why) on a server without the OAuth routes; true when skipped. */
const withoutRoutes = (t: { skip(m: string): void }) => {
  if (!hasOAuthRoutes) t.skip('the server has no OAuth routes yet (issue 13 server side)');
  return !hasOAuthRoutes;
};

describe('client.oauth', () => {
  it('has a start call for each of the 19 providers, before its module loads', () => {
    const { client } = recordingClient(server, made);
    assert.equal(OAUTH_PROVIDERS.length, 19);
    // The client's list is the server's catalogue (the start and callback paths).
    assert.deepEqual(OAUTH_PROVIDERS, OAUTH_PROVIDER_TYPES);
    for (const p of OAUTH_PROVIDERS) assert.equal(typeof client.oauth[p].start, 'function', p);
    assert.equal(typeof client.oauth.googleOneTap.start, 'function');
    assert.equal(typeof client.oauth.googleOneTap.submit, 'function');
  });

  it('builds the contract start URL: public token, a fresh PKCE challenge, redirect URLs, scopes, provider params', async () => {
    const { client, storage } = recordingClient(server, made);
    const url = new URL(
      await client.oauth.startUrl('github', {
        login_redirect_url: 'http://localhost:3000/in',
        signup_redirect_url: 'http://localhost:3000/up',
        custom_scopes: ['read:user', 'repo'],
        provider_params: { login: 'octo', allow_signup: 'false' },
      }),
    );
    assert.equal(`${url.origin}${url.pathname}`, `${server.url}/v1/public/oauth/github/start`);
    const q = url.searchParams;
    assert.equal(q.get('public_token'), server.publicToken);
    assert.equal(q.get('login_redirect_url'), 'http://localhost:3000/in');
    assert.equal(q.get('signup_redirect_url'), 'http://localhost:3000/up');
    assert.equal(q.get('custom_scopes'), 'read:user repo');
    assert.equal(q.get('provider_login'), 'octo');
    assert.equal(q.get('provider_allow_signup'), 'false');
    // The challenge is S256 of the verifier kept for the redirect page (RFC 7636).
    const stored = JSON.parse(storage.getItem(pkceKey())!) as { code_verifier: string; code_challenge: string };
    const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stored.code_verifier))).toString('base64url');
    assert.equal(q.get('code_challenge'), digest);
    // Without options: only the token and the challenge.
    const bare = new URL(await client.oauth.startUrl('google'));
    assert.deepEqual([...bare.searchParams.keys()].sort(), ['code_challenge', 'public_token']);
  });

  it('argument checks name the field (docs/reference/methods/oauth.md#validation)', async () => {
    const { client } = recordingClient(server, made);
    const usage = async (p: Promise<unknown>, method: string, field: string) => {
      const e = await p.then(
        () => assert.fail('expected a usage error'),
        (x: unknown) => x,
      );
      assert.ok(e instanceof UsageError, String(e));
      assert.equal(e.method, method);
      assert.equal(e.field, field);
      assert.match(e.message, new RegExp(`^Invalid call to ${method.replace('.', '\\.')}\\n${field} `));
    };
    await usage(client.oauth.google.start({ custom_scopes: 'email' as never }), 'oauth.google.start', 'custom_scopes');
    await usage(client.oauth.github.start({ provider_params: 'x' as never }), 'oauth.github.start', 'provider_params');
    await usage(client.oauth.slack.start({ provider_params: { team: 5 as never } }), 'oauth.slack.start', 'provider_params.team');
    await usage(client.oauth.start('myspace' as never), 'oauth.start', 'provider');
    await usage(client.oauth.startUrl('apple', { login_redirect_url: 1 as never }), 'oauth.startUrl', 'login_redirect_url');
    await usage(client.oauth.authenticate(42 as never, { session_duration_minutes: 5 }), 'oauth.authenticate', 'token');
    await usage(client.oauth.authenticate('t', {} as never), 'oauth.authenticate', 'session_duration_minutes');
    await usage(client.oauth.googleOneTap.submit('', 7 as never), 'oauth.googleOneTap.submit', 'nonce');
    await usage(client.oauth.googleOneTap.start({ login_redirect_url: [] as never }), 'oauth.googleOneTap.start', 'login_redirect_url');
  });

  it("reads the redirect page's token, and its callback error as the docs/reference/methods/oauth.md#errors text", async () => {
    const { client } = recordingClient(server, made);
    assert.deepEqual(await client.oauth.readUrl({ url: 'http://localhost/done?stytch_token_type=oauth&token=abc' }), { token: 'abc' });
    // Another flow's link is not OAuth's.
    assert.equal(await client.oauth.readUrl({ url: 'http://localhost/done?stytch_token_type=magic_links&token=abc' }), null);
    assert.equal(await client.oauth.readUrl({ url: 'http://localhost/done' }), null);
    const e = await client.oauth.readUrl({ url: 'http://localhost/done?stytch_token_type=oauth&error=oauth_flow_callback_error' }).catch((x: unknown) => x);
    assert.ok(e instanceof OAuthCallbackError);
    assert.ok(isApiError(e, 'oauth_flow_callback_error'));
    assert.equal(e.error_message, 'An error was encountered in the callback of the OAuth flow. Please try again.');
    assert.equal(e.reported, 'oauth_flow_callback_error');
    assert.equal(await client.oauth.authenticateFromUrl({ session_duration_minutes: 5, url: 'http://localhost/' }), null);
  });

  it('an unknown token is oauth_token_not_found with the reference text; the verifier is sent and kept for a retry', async (t) => {
    if (withoutRoutes(t)) return;
    const { client, storage } = recordingClient(server, made);
    await client.oauth.startUrl('google');
    const before = storage.getItem(pkceKey());
    assert.ok(before);
    const e = await client.oauth.authenticate('not-a-real-token-000000000000000', { session_duration_minutes: 5 }).catch((x: unknown) => x);
    assert.ok(e instanceof OAuthTokenNotFoundError, String(e));
    assert.ok(e instanceof ApiError);
    assert.equal(e.error_type, 'oauth_token_not_found');
    assert.equal(e.error_message, OAUTH_ERROR_MESSAGES.oauth_token_not_found);
    assert.equal(e.error_message, 'OAuth Token could not be found.');
    assert.equal(storage.getItem(pkceKey()), before);
  });

  it('One Tap start answers the dev client id and a nonce for the test project', async (t) => {
    if (withoutRoutes(t)) return;
    // One Tap runs in a page: the server wants the page's Origin (one of the project's).
    const pageClient = (origin: string | null) => {
      const client = createClient(server.publicToken, {
        apiBaseUrl: server.url,
        fetch: (u, i) => fetch(u, { ...i, headers: { ...(i?.headers as Record<string, string>), ...(origin ? { origin } : {}) } }),
        cookies: new MemoryCookieJar(),
        storage: new MemoryStore(),
        disableSessionRefresh: true,
      });
      made.push(client);
      return client;
    };
    const noPage = await pageClient(null)
      .oauth.googleOneTap.start()
      .catch((e: unknown) => e);
    assert.ok(isApiError(noPage, 'one_tap_origin_not_allowed'), String(noPage));
    const page = pageClient('http://localhost:3000');
    // The test project has no default redirect URLs: the docs/reference/methods/oauth.md#rules One Tap error state, by name.
    const noUrls = await page.oauth.googleOneTap.start().catch((e: unknown) => e);
    assert.ok(isApiError(noUrls, 'no_login_redirect_urls_set'), String(noUrls));
    const r = await page.oauth.googleOneTap.start({ login_redirect_url: 'http://localhost:3000/in', signup_redirect_url: 'http://localhost:3000/up' });
    assert.equal(r.google_client_id, 'dev-google-client-id');
    assert.ok(r.nonce.length >= 22);
  });
});
