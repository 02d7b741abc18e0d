import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

const URL_OK = 'http://localhost:3000/authenticate';
const verifier = 'a'.repeat(64) + 'b'.repeat(64);
const challenge = createHash('sha256').update(verifier).digest('base64url');

async function lastMessage(t: TestApp, to: string): Promise<InboxMessage> {
  const r = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`);
  const m = (r.json.messages as InboxMessage[])[0];
  assert.ok(m, `a message to ${to}`);
  return m;
}
function tokenOf(m: InboxMessage): string {
  assert.ok(m.link);
  return new URL(m.link).searchParams.get('token') ?? '';
}
async function sendLink(t: TestApp, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
    body: { email, login_magic_link_url: URL_OK, signup_magic_link_url: `${URL_OK}?signup=1`, ...extra },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return tokenOf(await lastMessage(t, email));
}

describe('magic links', () => {
  let t: TestApp;
  before(async () => {
    // New projects require PKCE (test/attacks/magic-link-scanner.test.ts); these tests cover the links a
    // project without it sends, and PKCE where they pass a code_challenge themselves.
    t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: false } });
  });
  after(() => t.close());

  it('login_or_create emails a signup link for a new user, a login link for a known one; authenticate signs in once', async () => {
    const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: {
        email: 'Link@Example.com',
        login_magic_link_url: URL_OK,
        signup_magic_link_url: `${URL_OK}?signup=1`,
        captcha_token: 'x',
        dfp_telemetry_id: 'y',
        locale: 'en',
      },
    });
    assert.equal(r.status, 200);
    assert.equal(r.json.data!.user_created, true);
    const m = await lastMessage(t, 'link@example.com');
    assert.equal(m.channel, 'email');
    assert.equal(m.code, null);
    const u = new URL(m.link!);
    assert.equal(`${u.origin}${u.pathname}`, URL_OK);
    assert.equal(u.searchParams.get('signup'), '1', 'new users get the signup URL');
    assert.equal(u.searchParams.get('stytch_token_type'), 'magic_links');
    const token = u.searchParams.get('token')!;
    assert.ok(Buffer.from(token, 'base64url').length >= 16, 'token carries >= 128 bits');
    assert.ok(m.text.includes(m.link!));

    const a = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token, session_duration_minutes: 60 } });
    assert.equal(a.status, 200, JSON.stringify(a.json));
    const d = a.json.data as Record<string, unknown> & { session: { authentication_factors: Record<string, unknown>[] }; user: { emails: unknown[] } };
    assert.equal(d.user_id, r.json.data!.user_id);
    assert.equal(d.session.authentication_factors[0]!.type, 'magic_link');
    assert.deepEqual(d.user.emails, [{ email_id: r.json.data!.email_id, email: 'link@example.com', verified: true }]);

    const again = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token } });
    assert.equal(again.status, 401);
    assert.equal(again.json.error_type, 'unable_to_auth_magic_link');

    // Known, verified user: the login URL.
    await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: { email: 'link@example.com', login_magic_link_url: URL_OK, signup_magic_link_url: `${URL_OK}?signup=1` },
    });
    const m2 = await lastMessage(t, 'link@example.com');
    assert.equal(new URL(m2.link!).searchParams.get('signup'), null);
  });

  it('create_user_as_pending makes a pending user who becomes active on sign-in', async () => {
    const token = await sendLink(t, 'pending@example.com', { create_user_as_pending: true });
    const a = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token } });
    assert.equal((a.json.data!.user as { status: string }).status, 'active');
  });

  it('unknown, expired and garbage tokens -> 401 unable_to_auth_magic_link', async () => {
    const token = await sendLink(t, 'expire@example.com', { login_expiration_minutes: 5, signup_expiration_minutes: 5 });
    t.advance(5 * 60_000 + 1);
    for (const tok of [token, 'nope', '']) {
      const r = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: tok } });
      assert.equal(r.status, 401);
      assert.equal(r.json.error_type, 'unable_to_auth_magic_link');
    }
  });

  it('100 parallel redemptions of one link open exactly one session', async () => {
    const token = await sendLink(t, 'race-link@example.com');
    const results = await Promise.all(Array.from({ length: 100 }, () => t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token } })));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.json.error_type === 'unable_to_auth_magic_link'));
  });

  it('PKCE: missing or wrong verifier -> 400 pkce_mismatch without burning the link; the right one signs in', async () => {
    const token = await sendLink(t, 'pkce@example.com', { code_challenge: challenge });
    const missing = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token } });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.error_type, 'pkce_mismatch');
    const wrong = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token, code_verifier: 'c'.repeat(128) } });
    assert.equal(wrong.json.error_type, 'pkce_mismatch');
    assert.match(String(wrong.json.error_message), /pkce/i, 'the client falls back on /pkce/ (docs/reference/sdk.md#pkce)');
    const right = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token, code_verifier: verifier } });
    assert.equal(right.status, 200);
  });

  it('a plain (non-S256) challenge is a schema error', async () => {
    const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: { email: 'x@example.com', login_magic_link_url: URL_OK, code_challenge: 'short' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'invalid_request_body');
  });

  it('redirect URLs must be on the allowlist; without one the caller origin is the default when allowed', async () => {
    for (const url of ['https://evil.example/cb', 'javascript:alert(1)', 'not a url', 'http://localhost.evil.com:3000/']) {
      const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'redir@example.com', login_magic_link_url: url } });
      assert.equal(r.status, 400, url);
      assert.equal(r.json.error_type, 'invalid_redirect_url', url);
    }
    const none = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'redir@example.com' } });
    assert.equal(none.json.error_type, 'invalid_redirect_url');
    const viaOrigin = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: { email: 'redir@example.com' },
      origin: 'http://localhost:5173',
    });
    assert.equal(viaOrigin.status, 200);
    assert.ok((await lastMessage(t, 'redir@example.com')).link!.startsWith('http://localhost:5173/?stytch_token_type=magic_links&token='));
  });

  it('bad input -> 4xx with stable types', async () => {
    const bad = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error_type, 'invalid_json');
    for (const body of [
      {},
      { email: 42 },
      { email: 'a@example.com', login_expiration_minutes: 'x' },
      { email: 'a@example.com', create_user_as_pending: 'yes' },
    ]) {
      const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
    const email = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'nope', login_magic_link_url: URL_OK } });
    assert.equal(email.json.error_type, 'invalid_email');
    const auth = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: 5 } });
    assert.equal(auth.json.error_type, 'invalid_request_body');
  });

  it('send/primary: existing users only (404 email_not_found)', async () => {
    const unknown = await t.call('POST', '/sdk/v1/magic_links/email/send/primary', { body: { email: 'ghost@example.com', login_magic_link_url: URL_OK } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error_type, 'email_not_found');
    await sendLink(t, 'known@example.com');
    const r = await t.call('POST', '/sdk/v1/magic_links/email/send/primary', { body: { email: 'known@example.com', login_magic_link_url: URL_OK } });
    assert.equal(r.status, 200);
    const a = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: tokenOf(await lastMessage(t, 'known@example.com')) } });
    assert.equal(a.status, 200);
  });

  it('send/secondary needs a session and adds the email to that user when the link is used', async () => {
    const none = await t.call('POST', '/sdk/v1/magic_links/email/send/secondary', { body: { email: 'second@example.com', login_magic_link_url: URL_OK } });
    assert.equal(none.status, 401);
    assert.equal(none.json.error_type, 'user_unauthenticated');
    const { token: session, data } = await login(t, 'first@example.com');
    const r = await t.call('POST', '/sdk/v1/magic_links/email/send/secondary', {
      body: { email: 'second@example.com', login_magic_link_url: URL_OK },
      secret: session,
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.data!.user_id, data.user_id);
    // Not attached before the link is used (nobody can squat an address they do not control).
    const search = await t.call('POST', '/sdk/v1/users/search', { body: { email: 'second@example.com' } });
    assert.equal(search.json.data!.userType, 'new');
    const a = await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: tokenOf(await lastMessage(t, 'second@example.com')) } });
    assert.equal(a.json.data!.user_id, data.user_id);
    assert.deepEqual(
      (a.json.data!.user as { emails: { email: string }[] }).emails.map((e) => e.email),
      ['first@example.com', 'second@example.com'],
    );
    // Someone else's email cannot be added.
    const { token: other } = await login(t, 'other@example.com');
    const dup = await t.call('POST', '/sdk/v1/magic_links/email/send/secondary', {
      body: { email: 'first@example.com', login_magic_link_url: URL_OK },
      secret: other,
    });
    assert.equal(dup.json.error_type, 'duplicate_email');
  });
});

describe('magic links with PKCE required', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: true } });
  });
  after(() => t.close());

  it('bootstrap says so, and a send without code_challenge -> 400 pkce_required', async () => {
    const b = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`);
    assert.equal(b.json.data!.pkce_required_for_email_magic_links, true);
    const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'p@example.com', login_magic_link_url: URL_OK } });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'pkce_required');
    const ok = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: { email: 'p@example.com', login_magic_link_url: URL_OK, code_challenge: challenge },
    });
    assert.equal(ok.status, 200);
  });
});
