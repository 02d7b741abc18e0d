/**
 * Attacks on backend-driven sign-in (issue 27): the `/v1` magic-link, passcode and password routes a
 * backend calls with a project secret. A spent link or code stays spent whichever API redeems it; of
 * parallel redemptions exactly one wins; passcode guessing meets the same lockouts as through the SDK;
 * hostile bodies get a catalogued 4xx; every route refuses a missing, wrong or borrowed secret (the
 * public token, a session token, another project id) and a browser; the sends tell known and unknown
 * addresses apart no more than the SDK's do. Runs on SQLite, and on Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERRORS } from '../../server/errors.ts';
import { OTP_MAX_ATTEMPTS, USER_LOCK_THRESHOLD } from '../../server/otps/routes.ts';
import { type BackendCall, backendCaller, codeOf, inboxOf, linkTokenOf } from '../../server/test-backend.ts';
import { basic, type CallResult, login, type TestApp, testApp, wrongCode } from '../../server/test-helpers.ts';

const URL_OK = 'http://localhost:3000/authenticate';
const STRONG = 'correct horse battery staple 42!';
/** The route prefixes of backend-driven sign-in (the methods' backendRoutes). */
const SIGN_IN_ROUTES = /^\/v1\/(magic_links|otps|passwords)(\/|$)/;

const statuses = (rs: CallResult[]) => rs.map((r) => r.status).sort((a, b) => a - b);

describe('attacks on backend-driven sign-in (/v1 magic links, passcodes, passwords)', () => {
  let t: TestApp;
  let v1: BackendCall;
  let secret: string;
  before(async () => {
    t = await testApp({
      bootstrap: { pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false },
      // The wrong-secret walk below makes ~150 failed checks from one client: the secret lockout (tested with
      // the secrets) would answer the later calls before any check of theirs.
      rateLimits: { backendSecretFailures: { max: 10_000, windowMs: 15 * 60_000 } },
    });
    ({ v1, secret } = await backendCaller(t));
  });
  after(() => t.close());

  it('replay: a magic link redeemed through /sdk/v1 is dead for /v1, and one redeemed through /v1 is dead for both', async () => {
    await v1('/v1/magic_links/email/login_or_create', { email: 'replay@example.com', login_magic_link_url: URL_OK });
    const first = await linkTokenOf(t, 'replay@example.com');
    assert.equal((await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: first } })).status, 200);
    assert.equal((await v1('/v1/magic_links/authenticate', { token: first, session_duration_minutes: 60 })).json.error_type, 'unable_to_auth_magic_link');

    await v1('/v1/magic_links/email/send', { email: 'replay@example.com', login_magic_link_url: URL_OK });
    const second = await linkTokenOf(t, 'replay@example.com');
    assert.equal((await v1('/v1/magic_links/authenticate', { token: second })).status, 200);
    assert.equal((await v1('/v1/magic_links/authenticate', { token: second })).status, 401);
    assert.equal((await t.call('POST', '/sdk/v1/magic_links/authenticate', { body: { token: second } })).status, 401);
  });

  it('replay: a passcode that signed in through /v1 signs in nothing again, through either API', async () => {
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'code-replay@example.com' });
    const code = await codeOf(t, 'code-replay@example.com');
    assert.equal((await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code })).status, 200);
    assert.equal((await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code })).json.error_type, 'otp_code_not_found');
    const sdk = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { method_id: sent.json.email_id, token: code } });
    assert.equal(sdk.json.error_type, 'otp_code_not_found');
  });

  it('parallel redemption: of 8 simultaneous calls with one magic link, one passcode or one reset link, exactly one succeeds', async () => {
    await v1('/v1/magic_links/email/login_or_create', { email: 'race-link@example.com', login_magic_link_url: URL_OK });
    const link = await linkTokenOf(t, 'race-link@example.com');
    const links = await Promise.all(Array.from({ length: 8 }, () => v1('/v1/magic_links/authenticate', { token: link, session_duration_minutes: 60 })));
    assert.deepEqual(statuses(links), [200, 401, 401, 401, 401, 401, 401, 401]);

    const sent = await v1('/v1/otps/email/login_or_create', { email: 'race-code@example.com' });
    const code = await codeOf(t, 'race-code@example.com');
    const codes = await Promise.all(Array.from({ length: 8 }, () => v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code })));
    assert.deepEqual(statuses(codes), [200, 404, 404, 404, 404, 404, 404, 404]);

    await v1('/v1/passwords', { email: 'race-reset@example.com', password: STRONG });
    await v1('/v1/passwords/email/reset/start', { email: 'race-reset@example.com', reset_password_redirect_url: URL_OK });
    const reset = await linkTokenOf(t, 'race-reset@example.com');
    const resets = await Promise.all(
      Array.from({ length: 8 }, (_, i) => v1('/v1/passwords/email/reset', { token: reset, password: `${STRONG} ${i}`, session_duration_minutes: 60 })),
    );
    assert.deepEqual(statuses(resets), [200, 401, 401, 401, 401, 401, 401, 401]);
    // The one password set is the winner's: exactly one of the eight authenticates.
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => v1('/v1/passwords/authenticate', { email: 'race-reset@example.com', password: `${STRONG} ${i}` })),
    );
    assert.equal(tries.filter((r) => r.status === 200).length, 1);
  });

  it('passcode guessing through /v1: five wrong guesses burn the code; ten lock this client out of the user', async () => {
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'guess@example.com' });
    const code = await codeOf(t, 'guess@example.com');
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      assert.equal((await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: wrongCode(code) })).status, 404);
    }
    assert.equal((await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code })).json.error_type, 'otp_code_not_found', 'the code is burnt');
    let last: CallResult | undefined;
    for (let i = OTP_MAX_ATTEMPTS; i <= USER_LOCK_THRESHOLD; i++)
      last = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: wrongCode(code) });
    assert.equal(last?.status, 429);
    assert.equal(last?.json.error_type, 'user_lock_limit_reached');
    await v1('/v1/otps/email/send', { email: 'guess@example.com' });
    const fresh = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: await codeOf(t, 'guess@example.com') });
    assert.equal(fresh.status, 429, 'even the right fresh code, while the lock lasts');
  });

  it('every sign-in route refuses a missing, malformed or wrong secret, the public token, a session token and another project id, with 401', async () => {
    const routes = t.routes.filter((r) => r.backend && SIGN_IN_ROUTES.test(r.path));
    assert.equal(routes.length, 16, routes.map((r) => r.path).join(' '));
    const { token: session } = await login(t, 'creds@example.com');
    const wrongs: Record<string, string | undefined>[] = [
      {},
      { authorization: 'Basic !!!' },
      { authorization: basic(t.projectId, `${secret}x`) },
      { authorization: basic(t.projectId, t.publicToken) },
      { authorization: basic(t.publicToken, t.publicToken) },
      { authorization: basic(t.projectId, session) },
      { authorization: basic(t.publicToken, session) },
      { authorization: basic('project-test-00000000-0000-0000-0000-000000000000', secret) },
      { authorization: `Bearer ${secret}` },
    ];
    for (const route of routes) {
      for (const headers of wrongs) {
        const r = await t.call(route.method, route.path, { auth: false, headers: headers as Record<string, string>, body: { email: 'creds@example.com' } });
        assert.equal(r.status, 401, `${route.path} ${JSON.stringify(headers)}`);
        assert.equal(r.json.error_type, 'unauthorized_credentials');
        assert.ok(!JSON.stringify(r.json).includes(secret));
      }
    }
    assert.equal((await inboxOf(t, 'creds@example.com')).length, 1, 'only the login above sent anything');
  });

  it('a browser cannot call them: a call with Origin is refused, a preflight gets no CORS headers', async () => {
    const r = await v1('/v1/otps/email/login_or_create', { email: 'browser@example.com' }, { origin: 'http://localhost:3000' });
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'invalid_origin');
    const pre = await t.call('OPTIONS', '/v1/passwords/authenticate', {
      auth: false,
      origin: 'http://localhost:3000',
      headers: { 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
    assert.ok(pre.status >= 400);
    assert.equal((await inboxOf(t, 'browser@example.com')).length, 0);
  });

  it('hostile bodies on every route: a catalogued 4xx in the flat shape, never a 5xx, Object.prototype untouched', async () => {
    const routes = t.routes.filter((r) => r.backend && SIGN_IN_ROUTES.test(r.path));
    const bodies: unknown[] = [
      null,
      [],
      {},
      'text',
      42,
      { email: ['a@b.co'], phone_number: { $ne: null }, password: 1, token: null, code: 123456, method_id: {} },
      { email: 'x@example.com\u0000', phone_number: '+1\u0000', password: 'p\u0000', token: '\u0000', code: '\u0000', method_id: '\u0000' },
      { email: `${'a'.repeat(5000)}@example.com`, password: 'x'.repeat(5000), token: 'x'.repeat(5000), method_id: 'x'.repeat(5000), code: '1'.repeat(100) },
      JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"email":"p@example.com"}'),
      { email: "'; DROP TABLE users; --@example.com", user_id: "' OR 1=1 --", session_token: "' OR '1'='1", method_id: "' OR 1=1 --", code: '000000' },
      { email: 'n@example.com', session_duration_minutes: 1e308, expiration_minutes: -1, login_expiration_minutes: 0.5, untrusted_metadata: 'x' },
      { token: 'x', session_custom_claims: { role: 'admin' } },
      { email: 'n@example.com', name: { first_name: 7 }, trusted_metadata: [1], attributes: { ip_address: 'x'.repeat(100) } },
    ];
    for (const route of routes) {
      for (const body of bodies) {
        const r = await v1(route.path, body);
        const what = `${route.path} ${JSON.stringify(body).slice(0, 80)}`;
        assert.ok(r.status < 500, `${what} -> ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
        // A body whose known fields are valid may succeed (extra keys are dropped): only refusals are checked.
        if (r.status === 200) continue;
        assert.ok(r.status >= 400, what);
        assert.notEqual(r.json.error_type, 'unauthorized_credentials', `${what}: past the secret check`);
        assert.ok(Object.hasOwn(ERRORS, String(r.json.error_type)), `${what}: ${String(r.json.error_type)}`);
        assert.equal(r.json.status_code, r.status);
        assert.equal(typeof r.json.error_message, 'string');
        assert.equal(typeof r.json.error_url, 'string');
        assert.ok(r.json.error_details !== undefined, `${what}: error_details`);
      }
    }
    // Raw text that is not JSON at all.
    const raw = await t.call('POST', '/v1/otps/authenticate', {
      auth: false,
      headers: { authorization: basic(t.projectId, secret), 'content-type': 'application/json' },
      raw: '{"method_id":',
    });
    assert.equal(raw.status, 400);
    assert.equal(raw.json.error_type, 'invalid_json');
  });

  it('a magic link cannot be pointed at an address off the allowlist, nor a secondary send aimed at another user s address', async () => {
    const { data } = await login(t, 'owner@example.com');
    await login(t, 'victim@example.com');
    const steal = await v1('/v1/magic_links/email/send', { email: 'victim@example.com', login_magic_link_url: URL_OK, user_id: data.user_id });
    assert.equal(steal.json.error_type, 'duplicate_email');
    const phish = await v1('/v1/magic_links/email/send', { email: 'victim@example.com', login_magic_link_url: 'https://evil.example/' });
    assert.equal(phish.json.error_type, 'invalid_redirect_url');
    assert.equal((await inboxOf(t, 'victim@example.com')).length, 1, 'only the login passcode');
  });
});

describe('attacks on backend-driven sign-in: enumeration', () => {
  it('with enumeration protection every send answers a known and an unknown address with the same status and keys, and sends to neither stranger', async () => {
    const t = await testApp({
      enumerationProtection: true,
      bootstrap: { pkce_required_for_email_magic_links: false, pkce_required_for_password_resets: false },
    });
    try {
      const { v1 } = await backendCaller(t);
      await login(t, 'known@example.com');
      await v1('/v1/otps/sms/login_or_create', { phone_number: '+14155552671' });
      const pairs: [string, Record<string, unknown>, Record<string, unknown>][] = [
        [
          '/v1/magic_links/email/send',
          { email: 'known@example.com', login_magic_link_url: URL_OK },
          { email: 'unknown@example.com', login_magic_link_url: URL_OK },
        ],
        ['/v1/otps/email/send', { email: 'known@example.com' }, { email: 'unknown@example.com' }],
        ['/v1/otps/sms/send', { phone_number: '+14155552671' }, { phone_number: '+14155552673' }],
        ['/v1/otps/whatsapp/send', { phone_number: '+14155552671' }, { phone_number: '+14155552673' }],
        [
          '/v1/passwords/email/reset/start',
          { email: 'known@example.com', reset_password_redirect_url: URL_OK },
          { email: 'unknown@example.com', reset_password_redirect_url: URL_OK },
        ],
        [
          '/v1/magic_links/email/login_or_create',
          { email: 'known@example.com', login_magic_link_url: URL_OK },
          { email: 'unknown2@example.com', login_magic_link_url: URL_OK },
        ],
        ['/v1/otps/email/login_or_create', { email: 'known@example.com' }, { email: 'unknown3@example.com' }],
      ];
      for (const [path, known, unknown] of pairs) {
        t.advance(60 * 60 * 1000);
        const a = await v1(path, known);
        const b = await v1(path, unknown);
        assert.equal(a.status, 200, `${path} ${JSON.stringify(a.json)}`);
        assert.equal(b.status, a.status, path);
        assert.deepEqual(Object.keys(b.json).sort(), Object.keys(a.json).sort(), path);
        if ('user_created' in a.json) assert.equal(b.json.user_created, a.json.user_created, path);
      }
      assert.equal((await inboxOf(t, 'unknown@example.com')).length, 0);
      assert.equal((await inboxOf(t, '+14155552673')).length, 0);
    } finally {
      await t.close();
    }
  });

  it('password authenticate: an unknown email, a passwordless user and a wrong password answer alike', async () => {
    const t = await testApp();
    try {
      const { v1 } = await backendCaller(t);
      await v1('/v1/passwords', { email: 'has-password@example.com', password: STRONG });
      await login(t, 'no-password@example.com');
      const answers = [
        await v1('/v1/passwords/authenticate', { email: 'has-password@example.com', password: `${STRONG}!` }),
        await v1('/v1/passwords/authenticate', { email: 'no-password@example.com', password: STRONG }),
        await v1('/v1/passwords/authenticate', { email: 'nobody@example.com', password: STRONG }),
      ];
      const shapes = answers.map((r) => [r.status, r.json.error_type, r.json.error_message, Object.keys(r.json).sort().join()]);
      assert.deepEqual(shapes[1], shapes[0]);
      assert.deepEqual(shapes[2], shapes[0]);
    } finally {
      await t.close();
    }
  });
});
