/**
 * The passwords method's `/v1` backend routes (issue 27): create, authenticate, strength_check and
 * reset by email with a project secret, each success and failure, in the provider's flat shapes; a full
 * backend reset reading the link from the dev inbox. Runs on SQLite, and on Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type BackendCall, backendCaller, inboxOf, linkTokenOf } from '../test-backend.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

const URL_OK = 'http://localhost:3000/reset';
const STRONG = 'correct horse battery staple 42!';
const STRONGER = 'another quite long passphrase 77?';

describe('passwords under /v1 (backend-driven sign-in)', () => {
  let t: TestApp;
  let v1: BackendCall;
  before(async () => {
    t = await testApp({ bootstrap: { pkce_required_for_password_resets: false } });
    ({ v1 } = await backendCaller(t));
  });
  after(() => t.close());

  it('create: a new user with its profile and a session when asked; without session_duration_minutes no session', async () => {
    const r = await v1('/v1/passwords', {
      email: 'Pw@Example.com',
      password: STRONG,
      session_duration_minutes: 60,
      untrusted_metadata: { plan: 'free' },
      trusted_metadata: { tier: 1 },
      name: { first_name: 'Pat' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.status_code, 200);
    assert.match(String(r.json.email_id), /^email-test-/);
    assert.equal(String(r.json.session_jwt).split('.').length, 3);
    const user = r.json.user as { password: { password_id: string } | null; untrusted_metadata: unknown; emails: { email: string }[] };
    assert.ok(user.password?.password_id);
    assert.deepEqual(user.untrusted_metadata, { plan: 'free' });
    assert.deepEqual((r.json.user as { trusted_metadata: unknown }).trusted_metadata, { tier: 1 });
    assert.equal((r.json.user as { name: { first_name: string } }).name.first_name, 'Pat');
    assert.equal(user.emails[0]?.email, 'pw@example.com');
    const factors = (r.json.session as { authentication_factors: { type: string }[] }).authentication_factors;
    assert.equal(factors[0]?.type, 'password');

    const bare = await v1('/v1/passwords', { email: 'bare@example.com', password: STRONG });
    assert.equal(bare.status, 200);
    assert.equal(bare.json.session_token, '');
    assert.equal(bare.json.session, null);
  });

  it('create failures: duplicate_email, reset_password for a passwordless user, weak_password, a malformed email', async () => {
    const dup = await v1('/v1/passwords', { email: 'pw@example.com', password: STRONGER });
    assert.equal(dup.status, 400);
    assert.equal(dup.json.error_type, 'duplicate_email');
    await login(t, 'passwordless@example.com');
    const reset = await v1('/v1/passwords', { email: 'passwordless@example.com', password: STRONG });
    assert.equal(reset.status, 400);
    assert.equal(reset.json.error_type, 'reset_password');
    const breached = await v1('/v1/passwords', { email: 'weak@example.com', password: 'password' });
    assert.equal(breached.status, 400);
    assert.equal(breached.json.error_type, 'breached_password');
    const weak = await v1('/v1/passwords', { email: 'weak@example.com', password: 'zq' });
    assert.equal(weak.status, 400);
    assert.equal(weak.json.error_type, 'weak_password');
    assert.equal(typeof (weak.json.error_details as { score: number }).score, 'number');
    const bad = await v1('/v1/passwords', { email: 'nope', password: STRONG });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error_type, 'invalid_email');
  });

  it('authenticate: the right password signs in; a wrong one, an unknown email and a passwordless user are alike 401', async () => {
    const r = await v1('/v1/passwords/authenticate', { email: 'PW@example.com', password: STRONG, session_duration_minutes: 30 });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(Date.parse((r.json.session as { expires_at: string }).expires_at), t.clock.t + 30 * 60_000);
    for (const body of [
      { email: 'pw@example.com', password: STRONGER },
      { email: 'ghost@example.com', password: STRONG },
      { email: 'passwordless@example.com', password: STRONG },
    ]) {
      const bad = await v1('/v1/passwords/authenticate', body);
      assert.equal(bad.status, 401, JSON.stringify(body));
      assert.equal(bad.json.error_type, 'unauthorized_credentials');
    }
    const noPassword = await v1('/v1/passwords/authenticate', { email: 'pw@example.com' });
    assert.equal(noPassword.status, 400);
    assert.equal(noPassword.json.error_type, 'invalid_request_body');
  });

  it('authenticate with session_token adds the password factor to that session', async () => {
    const { token } = await login(t, 'pw@example.com');
    const r = await v1('/v1/passwords/authenticate', { email: 'pw@example.com', password: STRONG, session_token: token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.session_token, token);
    const types = (r.json.session as { authentication_factors: { type: string }[] }).authentication_factors.map((f) => f.type).sort();
    assert.deepEqual(types, ['otp', 'password']);
  });

  it('strength_check: the verdict in the provider shape', async () => {
    const weak = await v1('/v1/passwords/strength_check', { password: 'password', email: 'pw@example.com' });
    assert.equal(weak.status, 200);
    assert.equal(weak.json.valid_password, false);
    assert.equal(weak.json.breached_password, true);
    assert.equal(typeof weak.json.score, 'number');
    assert.equal(typeof weak.json.strength_policy, 'string');
    assert.equal(weak.json.breach_detection_on_create, true);
    assert.ok(weak.json.feedback);
    const strong = await v1('/v1/passwords/strength_check', { password: STRONG });
    assert.equal(strong.json.valid_password, true);
    assert.equal((await v1('/v1/passwords/strength_check', {})).json.error_type, 'invalid_request_body');
  });

  it('reset by email: start answers ids (decoys for an unknown address, which gets nothing); the link resets once and signs out everywhere', async () => {
    const { token: before } = await login(t, 'pw@example.com');
    const start = await v1('/v1/passwords/email/reset/start', { email: 'pw@example.com', reset_password_redirect_url: URL_OK });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    assert.deepEqual(Object.keys(start.json).sort(), ['email_id', 'request_id', 'status_code', 'user_id']);
    const ghost = await v1('/v1/passwords/email/reset/start', { email: 'ghost@example.com', reset_password_redirect_url: URL_OK });
    assert.equal(ghost.status, 200);
    assert.match(String(ghost.json.user_id), /^user-test-/);
    assert.equal((await inboxOf(t, 'ghost@example.com')).length, 0);

    const [m] = await inboxOf(t, 'pw@example.com');
    assert.equal(new URL(m?.link ?? '').searchParams.get('stytch_token_type'), 'reset_password');
    const token = await linkTokenOf(t, 'pw@example.com');
    // A weak password is refused and does not burn the link.
    const weak = await v1('/v1/passwords/email/reset', { token, password: 'password' });
    assert.equal(weak.status, 400);
    const r = await v1('/v1/passwords/email/reset', { token, password: STRONGER, session_duration_minutes: 45 });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.reset_sessions, true);
    assert.match(String(r.json.session_token), /.{32,}/);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: before })).status, 401, 'the old session is revoked');
    assert.equal((await v1('/v1/passwords/authenticate', { email: 'pw@example.com', password: STRONGER })).status, 200);
    const replay = await v1('/v1/passwords/email/reset', { token, password: STRONG });
    assert.equal(replay.status, 401);
    assert.equal(replay.json.error_type, 'unable_to_auth_magic_link');
  });

  it('reset/start: a redirect off the allowlist is 400 invalid_redirect_url', async () => {
    const r = await v1('/v1/passwords/email/reset/start', { email: 'pw@example.com', reset_password_redirect_url: 'https://evil.example/reset' });
    assert.equal(r.status, 400);
    assert.equal(r.json.error_type, 'invalid_redirect_url');
  });

  it('a wrong secret or the public token: 401, no user created', async () => {
    for (const secret of ['secret-test-nope', t.publicToken]) {
      const r = await v1('/v1/passwords', { email: 'intruder@example.com', password: STRONG }, { secret });
      assert.equal(r.status, 401);
      assert.equal(r.json.error_type, 'unauthorized_credentials');
    }
    assert.equal((await v1('/v1/passwords/authenticate', { email: 'intruder@example.com', password: STRONG })).status, 401);
  });
});
