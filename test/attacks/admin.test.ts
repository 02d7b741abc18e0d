/**
 * Attacks on the admin console's access (issue 31, docs/reference/admin.md#access), on SQLite and Postgres
 * (with TEST_DATABASE_URL): every `/v1` route refuses a signed-in non-admin (403 admin_role_required), no
 * credential (401), an impersonated admin, another project's admin (token and JWT), a call from another
 * origin, a cross-site form POST and a session sent as a cookie (CSRF); the role cannot be taken by a
 * non-admin nor by a project secret; a suspended user gets no session by any first factor (passcode,
 * password, passkey) and loses the ones they had.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { grantAdmin } from '../../server/admin/access.ts';
import { mintImpersonationToken } from '../../server/impersonation/index.ts';
import { createSession } from '../../server/sessions.ts';
import { SoftAuthenticator } from '../../server/test-soft-authenticator.ts';
import { findOrCreateUserByEmail } from '../../server/users.ts';
import {
  backendCall,
  type CallResult,
  createBackendSecret,
  login,
  sendOtp,
  type TestApp,
  testApp,
  testStore,
  type TestStore,
} from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const OWN = 'http://localhost:8787';
const STRONG = 'violet-Harbor-quietly-47';
const PAGE = 'http://localhost:5173';
const VERIFIER = 'v'.repeat(43);

describe('attack: the admin API without the admin role', () => {
  let t: TestApp;
  let admin: { token: string; jwt: string; userId: string };
  let member: { token: string; jwt: string; userId: string };
  const bearer = (token: string, method: string, path: string, o: { origin?: string; body?: unknown } = {}): Promise<CallResult> =>
    t.call(method, path, {
      headers: { authorization: `Bearer ${token}` },
      ...(o.body !== undefined ? { body: o.body } : {}),
      ...(o.origin ? { origin: o.origin } : {}),
    });
  /** Every /v1 route the app registered, its parameters filled with the member's own ids. */
  const v1Routes = () =>
    t.routes.filter((r) => r.backend).map((r) => ({ method: r.method, path: r.path.replace(':user_id', member.userId).replace(/:[a-z_]+/g, 'x') }));

  before(async () => {
    t = await testApp();
    const a = await login(t, 'root@example.com');
    admin = { token: a.token, jwt: String(a.data.session_jwt), userId: String(a.data.user_id) };
    await grantAdmin(t.services.db, t.projectId, admin.userId, 'test', t.clock.t);
    const m = await login(t, 'member@example.com');
    member = { token: m.token, jwt: String(m.data.session_jwt), userId: String(m.data.user_id) };
  });
  after(() => t.close());

  it('a non-admin session (token or JWT) gets 403 admin_role_required on every /v1 route; no credential 401', async () => {
    const routes = v1Routes();
    assert.ok(routes.length >= 40, `${routes.length} /v1 routes`);
    for (const r of routes) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      for (const token of [member.token, member.jwt]) {
        const res = await bearer(token, r.method, r.path, { body });
        assert.equal(res.status, 403, `${r.method} ${r.path}: ${JSON.stringify(res.json)}`);
        assert.equal(res.json.error_type, 'admin_role_required', `${r.method} ${r.path}`);
      }
      const none = await t.call(r.method, r.path, { auth: false, ...(body ? { body } : {}) });
      assert.equal(none.status, 401, `${r.method} ${r.path} without credentials`);
      assert.equal(none.json.error_type, 'unauthorized_credentials');
    }
  });

  it("an admin's session passes the access check of every /v1 route (what follows is the route's own answer)", async () => {
    for (const r of v1Routes()) {
      // Read-only calls and harmless bodies: `{}` is refused by the routes that need fields, after the access check.
      if (r.method === 'DELETE' || /suspend|rotate|revoke|secrets$|impersonation|replay/.test(r.path)) continue;
      const res = await bearer(admin.token, r.method, r.path, { ...(r.method === 'GET' ? {} : { body: {} }), origin: OWN });
      assert.ok(
        res.status !== 401 && res.json.error_type !== 'admin_role_required' && res.json.error_type !== 'invalid_origin',
        `${r.method} ${r.path}: ${JSON.stringify(res.json)}`,
      );
    }
  });

  it("an admin's session from another origin, a cross-site form POST and a session cookie get nothing", async () => {
    const path = `/v1/users/${member.userId}`;
    const foreign = await bearer(admin.token, 'DELETE', path, { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error_type, 'invalid_origin');
    // A page of an allowed origin (the app's own pages) is still not the console.
    assert.equal((await bearer(admin.token, 'GET', path, { origin: PAGE })).json.error_type, 'invalid_origin');
    // What a cross-site <form method=post> sends: its Origin, a form body, and no Authorization header.
    const form = await t.call('POST', `/v1/users/${member.userId}/suspend`, {
      auth: false,
      origin: 'https://evil.example',
      raw: 'reason=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `stytch_session=${admin.token}; stytch_session_jwt=${admin.jwt}` },
    });
    assert.ok(form.status === 401 || form.status === 403, JSON.stringify(form.json));
    // The same without Origin (an old browser, a same-site navigation): a cookie grants nothing.
    const cookie = await t.call('POST', `/v1/users/${member.userId}/suspend`, {
      auth: false,
      body: {},
      headers: { cookie: `stytch_session=${admin.token}; stytch_session_jwt=${admin.jwt}` },
    });
    assert.equal(cookie.status, 401);
    const user = await bearer(admin.token, 'GET', path);
    assert.equal((user.json as Json).status, 'active', 'nothing was suspended');
    // No CORS preflight is answered for /v1, so no foreign page may even send the header.
    const preflight = await t.call('OPTIONS', path, {
      auth: false,
      origin: 'https://evil.example',
      headers: { 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
  });

  it('an impersonated session of an admin is not an admin', async () => {
    const { token } = await mintImpersonationToken(t.services.db, t.projectId, admin.userId, { adminId: 'support', reason: 'x', now: t.clock.t });
    const r = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });
    const session = String((r.json.data as Json).session_token);
    const res = await bearer(session, 'GET', '/v1/secrets');
    assert.equal(res.status, 403);
    assert.equal(res.json.error_type, 'admin_role_required');
  });

  it('the role cannot be taken: not by a non-admin, not by a project secret, not through the RBAC roles of a user update', async () => {
    const self = await bearer(member.token, 'PUT', `/v1/users/${member.userId}/roles`, { body: { roles: ['admin'] } });
    assert.equal(self.json.error_type, 'admin_role_required');
    const secret = await createBackendSecret(t);
    const bySecret = await backendCall(t, secret, 'PUT', `/v1/users/${member.userId}/roles`, { roles: ['admin'] });
    assert.equal(bySecret.json.error_type, 'admin_role_required');
    const update = await backendCall(t, secret, 'PUT', `/v1/users/${member.userId}`, { roles: ['admin'] });
    assert.equal(update.status, 400);
    const grant = await backendCall(t, secret, 'POST', `/v1/users/${member.userId}/roles`, { roles: ['admin'] });
    assert.equal(grant.status, 405);
    assert.equal((await bearer(member.token, 'GET', '/v1/secrets')).json.error_type, 'admin_role_required');
    // Bulk: parallel attempts change nothing either.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => bearer(member.token, 'PUT', `/v1/users/${member.userId}/roles`, { body: { roles: ['admin'] } })),
    );
    assert.ok(results.every((r) => r.status === 403));
    assert.equal((await bearer(member.token, 'GET', '/v1/secrets')).status, 403);
  });

  it('an admin session never reads an existing project secret or IdP client secret', async () => {
    const secret = await createBackendSecret(t);
    const r = await bearer(admin.token, 'GET', '/v1/secrets', { origin: OWN });
    assert.equal(r.status, 200);
    assert.ok(!JSON.stringify(r.json).includes(secret));
    assert.ok(!JSON.stringify(r.json).includes('secret_hash'));
  });
});

describe("attack: another project's admin", () => {
  let store: TestStore;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    store = await testStore();
    a = await testApp({}, { store });
    b = await testApp(
      { liveProject: { public_token: 'public-token-live-otheradmin001', project_name: 'Other', allowed_origins: ['https://other.example'] } },
      { store, clock: a.clock },
    );
  });
  after(async () => {
    await a.close();
    await b.close();
    await store.cleanup();
  });

  it('a session (token or JWT) of an admin of project B cannot touch project A', async () => {
    // A live project sends its codes to no inbox: its admin's session is made directly.
    const u = await findOrCreateUserByEmail(b.services, 'boss@other.example');
    const s = await createSession(b.services, {
      userId: u.user_id,
      durationMinutes: 60,
      ip: '127.0.0.1',
      userAgent: 'test',
      factor: { type: 'otp', delivery_method: 'email', last_authenticated_at: new Date(b.clock.t).toISOString() },
    });
    const authd = await b.call('POST', '/sdk/v1/sessions/authenticate', { secret: s.token, body: {}, origin: 'https://other.example' });
    const [userId, token, jwt] = [u.user_id, s.token, String((authd.json.data as Json).session_jwt)];
    assert.match(jwt, /^ey/);
    await grantAdmin(b.services.db, b.projectId, userId, 'test', b.clock.t);
    assert.equal((await b.call('GET', '/v1/secrets', { headers: { authorization: `Bearer ${token}` } })).status, 200, 'an admin at home');
    for (const credential of [token, jwt]) {
      const r = await a.call('GET', '/v1/secrets', { headers: { authorization: `Bearer ${credential}` } });
      assert.equal(r.status, 401, credential.slice(0, 10));
      assert.equal(r.json.error_type, 'unauthorized_credentials');
    }
  });
});

describe('attack: a suspended user signs in', () => {
  let t: TestApp;
  let admin: string;
  const suspend = (userId: string) => t.call('POST', `/v1/users/${userId}/suspend`, { headers: { authorization: `Bearer ${admin}` }, body: {} });
  before(async () => {
    t = await testApp();
    const a = await login(t, 'root@example.com');
    admin = a.token;
    await grantAdmin(t.services.db, t.projectId, String(a.data.user_id), 'test', t.clock.t);
  });
  after(() => t.close());

  it('passcode, password, passkey and a backend magic link all answer 403 user_suspended; every session is revoked at once', async () => {
    const created = await t.call('POST', '/sdk/v1/passwords', { body: { email: 'victim@example.com', password: STRONG, session_duration_minutes: 60 } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const userId = String((created.json.data as Json).user_id);
    const sessionToken = String((created.json.data as Json).session_token);
    // A passkey registered while active.
    const auth = new SoftAuthenticator();
    const start = await t.call('POST', '/sdk/v1/webauthn/register/start', {
      secret: sessionToken,
      origin: PAGE,
      body: { return_passkey_credential_options: true },
    });
    const options = JSON.parse(String((start.json.data as Json).public_key_credential_creation_options));
    const reg = await t.call('POST', '/sdk/v1/webauthn/register', {
      secret: sessionToken,
      origin: PAGE,
      body: { public_key_credential: JSON.stringify(auth.create(options, PAGE)), session_duration_minutes: 60, is_passkey: true },
    });
    assert.equal(reg.status, 200, JSON.stringify(reg.json));
    const other = await login(t, 'victim@example.com');

    const r = await suspend(userId);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.ok(Number(r.json.sessions_revoked) >= 2);
    for (const token of [sessionToken, other.token]) {
      const a = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
      assert.ok(a.status === 401 || a.status === 404, JSON.stringify(a.json));
    }

    const { methodId, code } = await sendOtp(t, 'victim@example.com');
    const otp = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
    assert.equal(otp.json.error_type, 'user_suspended');
    const pw = await t.call('POST', '/sdk/v1/passwords/authenticate', {
      body: { email: 'victim@example.com', password: STRONG, session_duration_minutes: 60 },
    });
    assert.equal(pw.status, 403);
    assert.equal(pw.json.error_type, 'user_suspended');
    const authStart = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', { origin: PAGE, body: { return_passkey_credential_options: true } });
    const requestOptions = JSON.parse(String((authStart.json.data as Json).public_key_credential_request_options));
    const pk = await t.call('POST', '/sdk/v1/webauthn/authenticate', {
      origin: PAGE,
      body: { public_key_credential: JSON.stringify(auth.get(requestOptions, PAGE)), session_duration_minutes: 60, is_passkey: true },
    });
    assert.equal(pk.status, 403, JSON.stringify(pk.json));
    assert.equal(pk.json.error_type, 'user_suspended');
    // A backend-driven sign-in (the host's server, with its secret) gets no session either.
    const secret = await createBackendSecret(t);
    const sent = await backendCall(t, secret, 'POST', '/v1/magic_links/email/login_or_create', {
      email: 'victim@example.com',
      login_magic_link_url: `${PAGE}/authenticate`,
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const link = (await t.call('GET', '/dev/inbox.json?to=victim%40example.com')).json.messages as { link?: string }[];
    const token = new URL(link.find((m) => m.link)?.link ?? assert.fail('a link was emailed')).searchParams.get('token');
    const ml = await backendCall(t, secret, 'POST', '/v1/magic_links/authenticate', { token, code_verifier: VERIFIER, session_duration_minutes: 60 });
    assert.equal(ml.status, 403, JSON.stringify(ml.json));
    assert.equal(ml.json.error_type, 'user_suspended');
    // Parallel sign-ins during the suspension: none gets a session.
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email: 'victim@example.com', password: STRONG } })),
    );
    assert.ok(sends.every((s) => s.json.error_type === 'user_suspended'));
    const live = await t.services.db.kysely.selectFrom('sessions').select('session_id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    assert.deepEqual(live, []);
  });
});
