/**
 * The magic-links method's `/v1` backend routes (issue 27): send, login_or_create, invite and
 * authenticate with a project secret, each success and failure, in the provider's flat shapes; a full
 * backend sign-in reading the link from the dev inbox. Runs on SQLite, and on Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DEV_CAPTCHA_SITE_KEY } from '../captcha.ts';
import { type BackendCall, backendCaller, inboxOf, linkTokenOf } from '../test-backend.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

const URL_OK = 'http://localhost:3000/authenticate';
const verifier = 'v'.repeat(43);
const challenge = createHash('sha256').update(verifier).digest('base64url');

describe('magic links under /v1 (backend-driven sign-in)', () => {
  let t: TestApp;
  let v1: BackendCall;
  before(async () => {
    // The links a project without PKCE sends; PKCE has its own test below on a default project.
    t = await testApp({ bootstrap: { pkce_required_for_email_magic_links: false } });
    ({ v1 } = await backendCaller(t));
  });
  after(() => t.close());

  it('login_or_create then authenticate: a full backend sign-in, flat answers, the session minted by session_duration_minutes', async () => {
    const sent = await v1('/v1/magic_links/email/login_or_create', {
      email: 'Back.End@Example.com',
      login_magic_link_url: URL_OK,
      signup_magic_link_url: URL_OK,
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.equal(sent.json.status_code, 200);
    assert.match(String(sent.json.request_id), /^request-id-test-/);
    assert.equal(sent.json.data, undefined, 'flat, not wrapped in data');
    assert.equal(sent.json.user_created, true);
    assert.match(String(sent.json.user_id), /^user-test-/);
    assert.match(String(sent.json.email_id), /^email-test-/);
    const link = new URL((await inboxOf(t, 'back.end@example.com'))[0]?.link ?? assert.fail('a link was emailed'));
    assert.equal(`${link.origin}${link.pathname}`, URL_OK);
    assert.equal(link.searchParams.get('stytch_token_type'), 'magic_links');
    const token = link.searchParams.get('token') ?? '';

    const r = await v1('/v1/magic_links/authenticate', {
      token,
      session_duration_minutes: 60,
      attributes: { ip_address: '203.0.113.9', user_agent: 'End User Browser' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.user_id, sent.json.user_id);
    assert.equal(r.json.method_id, sent.json.email_id);
    assert.equal(r.json.reset_sessions, false);
    assert.match(String(r.json.session_token), /.{32,}/);
    assert.equal(String(r.json.session_jwt).split('.').length, 3);
    const session = r.json.session as {
      expires_at: string;
      attributes: { ip_address: string; user_agent: string };
      authentication_factors: { type: string }[];
    };
    assert.equal(Date.parse(session.expires_at), t.clock.t + 60 * 60_000);
    assert.deepEqual(session.attributes, { ip_address: '203.0.113.9', user_agent: 'End User Browser' });
    assert.equal(session.authentication_factors[0]?.type, 'magic_link');
    const user = r.json.user as { emails: { verified: boolean }[]; status: string };
    assert.equal(user.emails[0]?.verified, true);
    // The session works for the browser too.
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: String(r.json.session_token) });
    assert.equal(me.status, 200);

    // Replay: the link is spent.
    const again = await v1('/v1/magic_links/authenticate', { token, session_duration_minutes: 60 });
    assert.equal(again.status, 401);
    assert.equal(again.json.error_type, 'unable_to_auth_magic_link');
    assert.equal(again.json.status_code, 401);
    assert.deepEqual(again.json.error_details, {});
  });

  it('login_or_create for a known address: a login link, user_created false; create_user_as_pending makes a pending user', async () => {
    await v1('/v1/magic_links/email/login_or_create', { email: 'known@example.com', login_magic_link_url: URL_OK });
    await v1('/v1/magic_links/authenticate', { token: await linkTokenOf(t, 'known@example.com') });
    const r = await v1('/v1/magic_links/email/login_or_create', { email: 'known@example.com', login_magic_link_url: URL_OK });
    assert.equal(r.status, 200);
    assert.equal(r.json.user_created, false);
    const pending = await v1('/v1/magic_links/email/login_or_create', {
      email: 'pending@example.com',
      login_magic_link_url: URL_OK,
      create_user_as_pending: true,
    });
    const user = await v1(`/v1/users/${String(pending.json.user_id)}`, undefined, { method: 'GET' });
    assert.equal(user.json.status, 'pending');
  });

  it('authenticate without session_duration_minutes answers the user and no session', async () => {
    await v1('/v1/magic_links/email/login_or_create', { email: 'nosession@example.com', login_magic_link_url: URL_OK });
    const r = await v1('/v1/magic_links/authenticate', { token: await linkTokenOf(t, 'nosession@example.com') });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.session_token, '');
    assert.equal(r.json.session_jwt, '');
    assert.equal(r.json.session, null);
    assert.equal((r.json.user as { user_id: string }).user_id, r.json.user_id);
  });

  it('authenticate with session_token adds the factor to that session; another user s session or an unknown one is refused without burning the link', async () => {
    const { token: session } = await login(t, 'stepup@example.com');
    await v1('/v1/magic_links/email/send', { email: 'stepup@example.com', login_magic_link_url: URL_OK });
    const link = await linkTokenOf(t, 'stepup@example.com');

    for (const named of [{ session_token: 'no-such-session-token' }, { session_jwt: 'a.b.c' }]) {
      const unknown = await v1('/v1/magic_links/authenticate', { token: link, ...named });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.json.error_type, 'session_not_found');
    }
    const { token: other } = await login(t, 'other@example.com');
    const foreign = await v1('/v1/magic_links/authenticate', { token: link, session_token: other });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error_type, 'unauthorized_action');

    await v1('/v1/magic_links/email/send', { email: 'stepup@example.com', login_magic_link_url: URL_OK });
    const fresh = await linkTokenOf(t, 'stepup@example.com');
    const r = await v1('/v1/magic_links/authenticate', { token: fresh, session_token: session });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.session_token, session);
    const types = (r.json.session as { authentication_factors: { type: string }[] }).authentication_factors.map((f) => f.type).sort();
    assert.deepEqual(types, ['magic_link', 'otp']);
  });

  it('session_jwt names the session to join (its token is not answered, it is stored hashed); session_custom_claims land in the session and its JWT', async () => {
    const { data } = await login(t, 'jwt@example.com');
    await v1('/v1/magic_links/email/send', { email: 'jwt@example.com', login_magic_link_url: URL_OK });
    const r = await v1('/v1/magic_links/authenticate', {
      token: await linkTokenOf(t, 'jwt@example.com'),
      session_jwt: String(data.session_jwt),
      session_custom_claims: { plan: 'pro' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.session_token, '');
    const session = r.json.session as { session_id: string; custom_claims: Record<string, unknown> };
    assert.equal(session.session_id, (data.session as { session_id: string }).session_id);
    assert.deepEqual(session.custom_claims, { plan: 'pro' });
    const claims = JSON.parse(Buffer.from(String(r.json.session_jwt).split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    assert.equal(claims.plan, 'pro', 'a top-level claim of the session JWT');

    await v1('/v1/magic_links/email/login_or_create', { email: 'claims@example.com', login_magic_link_url: URL_OK });
    const link = await linkTokenOf(t, 'claims@example.com');
    const reserved = await v1('/v1/magic_links/authenticate', { token: link, session_duration_minutes: 60, session_custom_claims: { roles: ['admin'] } });
    assert.equal(reserved.status, 400);
    assert.equal(reserved.json.error_type, 'invalid_request_body');
    const fresh = await v1('/v1/magic_links/authenticate', { token: link, session_duration_minutes: 60, session_custom_claims: { tier: 2 } });
    assert.equal(fresh.status, 200, 'the refused call did not burn the link');
    assert.deepEqual((fresh.json.session as { custom_claims: unknown }).custom_claims, { tier: 2 });
  });

  it('the link of the refused call (unknown session) still signs in: the session was checked before the token was spent', async () => {
    await v1('/v1/magic_links/email/send', { email: 'stepup@example.com', login_magic_link_url: URL_OK });
    const link = await linkTokenOf(t, 'stepup@example.com');
    assert.equal((await v1('/v1/magic_links/authenticate', { token: link, session_token: 'nope' })).status, 404);
    assert.equal((await v1('/v1/magic_links/authenticate', { token: link })).status, 200);
  });

  it('send: an existing user gets a login link; an unknown address is 404 email_not_found; user_id adds a new address once clicked', async () => {
    const { data } = await login(t, 'sender@example.com');
    const r = await v1('/v1/magic_links/email/send', { email: 'sender@example.com', login_magic_link_url: URL_OK, login_expiration_minutes: 15 });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json).sort(), ['email_id', 'request_id', 'status_code', 'user_id']);
    assert.equal(r.json.user_id, data.user_id);
    const unknown = await v1('/v1/magic_links/email/send', { email: 'nobody@example.com', login_magic_link_url: URL_OK });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error_type, 'email_not_found');
    assert.equal((await inboxOf(t, 'nobody@example.com')).length, 0);

    const added = await v1('/v1/magic_links/email/send', { email: 'second@example.com', login_magic_link_url: URL_OK, user_id: data.user_id });
    assert.equal(added.status, 200, JSON.stringify(added.json));
    assert.equal(added.json.user_id, data.user_id);
    const before = await v1(`/v1/users/${String(data.user_id)}`, undefined, { method: 'GET' });
    assert.equal((before.json.emails as unknown[]).length, 1, 'not attached before the click');
    const auth = await v1('/v1/magic_links/authenticate', { token: await linkTokenOf(t, 'second@example.com') });
    assert.equal(auth.status, 200);
    assert.deepEqual(
      (auth.json.user as { emails: { email: string }[] }).emails.map((e) => e.email),
      ['sender@example.com', 'second@example.com'],
    );
    const noUser = await v1('/v1/magic_links/email/send', { email: 'third@example.com', user_id: 'user-test-00000000-0000-0000-0000-000000000000' });
    assert.equal(noUser.status, 404);
    assert.equal(noUser.json.error_type, 'user_not_found');
    const taken = await v1('/v1/magic_links/email/send', { email: 'other@example.com', login_magic_link_url: URL_OK, user_id: data.user_id });
    assert.equal(taken.status, 400);
    assert.equal(taken.json.error_type, 'duplicate_email');
  });

  it('invite: a pending user with its profile, invited again while pending; the link activates it; an active user is duplicate_email', async () => {
    const r = await v1('/v1/magic_links/email/invite', {
      email: 'Invitee@Example.com',
      invite_magic_link_url: URL_OK,
      invite_expiration_minutes: 60 * 24,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { invited_by: 'admin' },
      untrusted_metadata: { team: 'blue' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(Object.keys(r.json).sort(), ['email_id', 'request_id', 'status_code', 'user_id']);
    const user = await v1(`/v1/users/${String(r.json.user_id)}`, undefined, { method: 'GET' });
    assert.equal(user.json.status, 'pending');
    assert.deepEqual(user.json.untrusted_metadata, { team: 'blue' });
    assert.deepEqual(user.json.trusted_metadata, { invited_by: 'admin' });
    assert.deepEqual(user.json.name, { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    const again = await v1('/v1/magic_links/email/invite', {
      email: 'invitee@example.com',
      invite_magic_link_url: URL_OK,
      untrusted_metadata: { team: 'red' },
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.user_id, r.json.user_id);
    const unchanged = await v1(`/v1/users/${String(r.json.user_id)}`, undefined, { method: 'GET' });
    assert.deepEqual(unchanged.json.untrusted_metadata, { team: 'blue' }, 'a repeated invite changes no profile');

    const token = await linkTokenOf(t, 'invitee@example.com');
    // The invite link lives a day: still good after the 30 minutes of an ordinary link.
    t.advance(2 * 60 * 60_000);
    const auth = await v1('/v1/magic_links/authenticate', { token, session_duration_minutes: 30 });
    assert.equal(auth.status, 200, JSON.stringify(auth.json));
    assert.equal((auth.json.user as { status: string }).status, 'active');

    const active = await v1('/v1/magic_links/email/invite', { email: 'invitee@example.com', invite_magic_link_url: URL_OK });
    assert.equal(active.status, 400);
    assert.equal(active.json.error_type, 'duplicate_email');
  });

  it('redirect URLs: one off the allowlist is 400 invalid_redirect_url and sends nothing', async () => {
    for (const [path, body] of [
      ['/v1/magic_links/email/login_or_create', { email: 'redir@example.com', login_magic_link_url: 'https://evil.example/cb' }],
      ['/v1/magic_links/email/invite', { email: 'redir@example.com', invite_magic_link_url: 'https://evil.example/cb' }],
    ] as const) {
      const r = await v1(path, body);
      assert.equal(r.status, 400, path);
      assert.equal(r.json.error_type, 'invalid_redirect_url');
    }
    assert.equal((await inboxOf(t, 'redir@example.com')).length, 0);
  });

  it('bad input: a malformed email, a missing token, unsupported options and session_jwt are 400 in the flat shape', async () => {
    const bad = await v1('/v1/magic_links/email/login_or_create', { email: 'not-an-email', login_magic_link_url: URL_OK });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error_type, 'invalid_email');
    for (const body of [
      {},
      { token: 5 },
      { token: 'x', options: { ip_match_required: true } },
      { token: 'x', session_token: 'a', session_jwt: 'a.b.c' },
      { token: 'x', session_duration_minutes: 1 },
      { token: 'x', session_custom_claims: { sub: 'someone-else' } },
    ]) {
      const r = await v1('/v1/magic_links/authenticate', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, 'invalid_request_body');
      assert.equal(r.json.status_code, 400);
    }
  });

  it('a wrong secret, the public token or a session token in place of the secret: 401 unauthorized_credentials, nothing sent', async () => {
    const { token: session } = await login(t, 'holder@example.com');
    for (const secret of ['secret-test-wrong', t.publicToken, session]) {
      const r = await v1('/v1/magic_links/email/login_or_create', { email: 'victim@example.com', login_magic_link_url: URL_OK }, { secret });
      assert.equal(r.status, 401);
      assert.equal(r.json.error_type, 'unauthorized_credentials');
    }
    assert.equal((await inboxOf(t, 'victim@example.com')).length, 0);
  });
});

describe('magic links under /v1: project settings', () => {
  it('PKCE required (the default): a send without code_challenge is pkce_required; with one, authenticate needs the verifier', async () => {
    const t = await testApp();
    try {
      const { v1 } = await backendCaller(t);
      const refused = await v1('/v1/magic_links/email/login_or_create', { email: 'pkce@example.com', login_magic_link_url: URL_OK });
      assert.equal(refused.status, 400);
      assert.equal(refused.json.error_type, 'pkce_required');
      assert.equal(
        (await v1('/v1/magic_links/email/login_or_create', { email: 'pkce@example.com', login_magic_link_url: URL_OK, code_challenge: challenge })).status,
        200,
      );
      const token = await linkTokenOf(t, 'pkce@example.com');
      const missing = await v1('/v1/magic_links/authenticate', { token });
      assert.equal(missing.status, 400);
      assert.equal(missing.json.error_type, 'pkce_mismatch');
      assert.equal((await v1('/v1/magic_links/authenticate', { token, code_verifier: verifier })).status, 200);
    } finally {
      await t.close();
    }
  });

  it('captcha required: the /sdk/v1 send needs one, the secret-authenticated /v1 send does not', async () => {
    const t = await testApp({ bootstrap: { captcha_settings: { enabled: true, siteKey: DEV_CAPTCHA_SITE_KEY }, pkce_required_for_email_magic_links: false } });
    try {
      const { v1 } = await backendCaller(t);
      const sdk = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', { body: { email: 'cap@example.com', login_magic_link_url: URL_OK } });
      assert.equal(sdk.status, 403);
      const r = await v1('/v1/magic_links/email/login_or_create', { email: 'cap@example.com', login_magic_link_url: URL_OK });
      assert.equal(r.status, 200, JSON.stringify(r.json));
    } finally {
      await t.close();
    }
  });

  it('enumeration protection: send answers known and unknown addresses alike (decoy ids), and only the known one gets a link', async () => {
    const t = await testApp({ enumerationProtection: true, bootstrap: { pkce_required_for_email_magic_links: false } });
    try {
      const { v1 } = await backendCaller(t);
      const { data } = await login(t, 'member@example.com');
      const known = await v1('/v1/magic_links/email/send', { email: 'member@example.com', login_magic_link_url: URL_OK });
      const unknown = await v1('/v1/magic_links/email/send', { email: 'stranger@example.com', login_magic_link_url: URL_OK });
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      assert.deepEqual(Object.keys(known.json).sort(), Object.keys(unknown.json).sort());
      assert.equal(known.json.user_id, data.user_id);
      assert.match(String(unknown.json.user_id), /^user-test-/);
      const repeat = await v1('/v1/magic_links/email/send', { email: 'stranger@example.com', login_magic_link_url: URL_OK });
      assert.equal(repeat.json.user_id, unknown.json.user_id, 'the decoy is stable');
      assert.ok((await linkTokenOf(t, 'member@example.com')) !== '');
      assert.equal((await inboxOf(t, 'stranger@example.com')).length, 0);
      const created = await v1('/v1/magic_links/email/login_or_create', { email: 'brand-new@example.com', login_magic_link_url: URL_OK });
      assert.equal(created.json.user_created, false, 'login_or_create does not tell a new address');
    } finally {
      await t.close();
    }
  });
});
