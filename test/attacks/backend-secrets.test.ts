/**
 * Attack (issue 27): the `/v1` backend API and its project secrets. A secret opens every user of the
 * project, so each way to get in without one is tried: a wrong, revoked or other project's secret; the
 * public token or a session token where the secret goes; guessing (counted per client, then locked,
 * without locking out other clients); a browser calling it (no preflight, no CORS). Then what a holder of
 * a secret must still not do: mass-assign a user's id, status, creation time or factors; inject through
 * search operands; page past the cap; revoke one session twice in parallel. And the secret never shows in
 * a log line or an error body. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProjectSecret, devSecret } from '../../server/backend/secrets.ts';
import { basic, backendCall, type CallResult, createBackendSecret, login, type TestApp, testApp } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;

describe('attack: the /v1 backend API and its secrets', () => {
  let t: TestApp;
  let secret: string;
  let userId: string;
  let sessionToken: string;
  const lines: string[] = [];
  const as = (authorization: string, path = `/v1/users/${userId}`, ip = '198.51.100.1') =>
    t.call('GET', path, { headers: { authorization, 'x-forwarded-for': ip } });
  const refused = (r: CallResult) => {
    assert.equal(r.status, 401, JSON.stringify(r.json));
    assert.equal(r.json.error_type, 'unauthorized_credentials');
  };
  // Since issue 31 a Bearer session is the admin console's credential (docs/reference/admin.md#access): a
  // signed-in user without the admin role is refused with 403 admin_role_required, and gets nothing either.
  const refusedNonAdmin = (r: CallResult) => {
    assert.equal(r.status, 403, JSON.stringify(r.json));
    assert.equal(r.json.error_type, 'admin_role_required');
  };

  before(async () => {
    // trustProxy: each test names its client by X-Forwarded-For, as a proxy in front would.
    t = await testApp({ trustProxy: true, log: true, logLevel: 'debug', logger: (l) => lines.push(l) });
    secret = await createBackendSecret(t);
    const signed = await login(t, 'victim@example.com');
    userId = String(signed.data.user_id);
    sessionToken = signed.token;
  });
  after(() => t.close());

  it('a wrong, truncated, empty or revoked secret, or another project’s secret, is refused', async () => {
    refused(await as(basic(t.projectId, 'secret-test-wrong'), undefined, '198.51.100.10'));
    refused(await as(basic(t.projectId, secret.slice(0, -1)), undefined, '198.51.100.10'));
    refused(await as(basic(t.projectId, ''), undefined, '198.51.100.10'));
    refused(await as(basic(t.projectId, `${secret} `), undefined, '198.51.100.10'));
    const other = await createProjectSecret(t.services.db.kysely, { project_id: 'project-test-00000000-0000-0000-0000-000000000001', mode: 'test' }, t.clock.t);
    refused(await as(basic(t.projectId, other.secret), undefined, '198.51.100.10'));
    refused(await as(basic('project-test-00000000-0000-0000-0000-000000000001', other.secret), undefined, '198.51.100.10'));
    const revoked = await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t);
    await t.services.db.kysely.updateTable('project_secrets').set({ revoked_at: t.clock.t }).where('secret_id', '=', revoked.secret_id).execute();
    refused(await as(basic(t.projectId, revoked.secret), undefined, '198.51.100.10'));
  });

  it('the public token or a session token in place of the secret (either side of the colon) is refused', async () => {
    for (const auth of [
      basic(t.publicToken, t.publicToken),
      basic(t.projectId, t.publicToken),
      basic(t.publicToken, sessionToken),
      basic(t.projectId, sessionToken),
      basic(t.publicToken, secret),
      `Bearer ${secret}`,
    ]) {
      refused(await as(auth, undefined, '198.51.100.11'));
    }
    refusedNonAdmin(await as(`Bearer ${sessionToken}`, undefined, '198.51.100.11'));
  });

  it('guessing is counted per client: the 10th wrong secret locks that client (even the right secret is then refused), other clients are not locked, the lock ends', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 9; i++) refused(await as(basic(t.projectId, `secret-test-guess-${i}`), undefined, attacker));
    const locking = await as(basic(t.projectId, 'secret-test-guess-9'), undefined, attacker);
    refused(locking);
    assert.match(String((locking.json.error_details as Json).locked_until), /^\d{4}-/);
    const locked = await as(basic(t.projectId, secret), undefined, attacker);
    refused(locked);
    assert.ok((locked.json.error_details as Json).locked_until);
    // The real backend, from its own address, is not locked out by someone else's guessing.
    assert.equal((await as(basic(t.projectId, secret), undefined, '192.0.2.5')).status, 200);
    t.advance(15 * 60_000);
    assert.equal((await as(basic(t.projectId, secret), undefined, attacker)).status, 200);
  });

  it('guesses in parallel are all counted: no race lets more than the threshold through uncounted', async () => {
    const attacker = '203.0.113.77';
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => as(basic(t.projectId, `secret-test-parallel-${i}`), undefined, attacker)));
    for (const r of results) refused(r);
    refused(await as(basic(t.projectId, secret), undefined, attacker));
  });

  it('no browser may call /v1: no preflight answered, a call carrying Origin refused without CORS headers', async () => {
    for (const origin of ['http://localhost:3000', 'https://evil.example', 'null']) {
      const pre = await t.call('OPTIONS', '/v1/users/search', {
        auth: false,
        origin,
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      assert.notEqual(pre.status, 204, origin);
      assert.equal(pre.headers.get('access-control-allow-origin'), null, origin);
      assert.equal(pre.headers.get('access-control-allow-methods'), null, origin);
      const call = await t.call('POST', '/v1/users/search', { headers: { authorization: basic(t.projectId, secret) }, origin, body: {} });
      assert.equal(call.status, 403, origin);
      assert.equal(call.json.error_type, 'invalid_origin');
      assert.equal(call.headers.get('access-control-allow-origin'), null, origin);
    }
    // The SDK routes keep answering the allowed origin's preflight.
    const sdk = await t.call('OPTIONS', '/sdk/v1/sessions/authenticate', {
      auth: false,
      origin: 'http://localhost:3000',
      headers: { 'access-control-request-method': 'POST' },
    });
    assert.equal(sdk.status, 204);
  });

  it('mass assignment: a user update or create naming id, status, creation time, factors or lock state is refused whole', async () => {
    const before = (await backendCall(t, secret, 'GET', `/v1/users/${userId}`)).json;
    // Written as JSON text: `__proto__` as a key survives only so (an object literal would set the prototype).
    for (const fragment of [
      '"user_id":"user-test-attacker"',
      '"status":"pending"',
      '"created_at":"1999-01-01T00:00:00Z"',
      '"emails":[{"email":"attacker@example.com","verified":true}]',
      '"phone_numbers":[{"phone_number":"+14155550100"}]',
      '"password":{"password_id":"password-test-x","requires_reset":false}',
      '"webauthn_registrations":[{"webauthn_registration_id":"x"}]',
      '"totps":[{"totp_id":"x","verified":true}]',
      '"providers":[{"provider_type":"google"}]',
      '"is_locked":false',
      '"project_id":"project-test-other"',
      '"__proto__":{"status":"pending"}',
      '"constructor":{"prototype":{"admin":true}}',
    ]) {
      const headers = { authorization: basic(t.projectId, secret), 'content-type': 'application/json' };
      const r = await t.call('PUT', `/v1/users/${userId}`, { headers, raw: `{"untrusted_metadata":{"x":1},${fragment}}` });
      assert.equal(r.status, 400, `${fragment} -> ${r.status}`);
      assert.equal(r.json.error_type, 'invalid_request_body');
      const create = await t.call('POST', '/v1/users', { headers, raw: `{"email":"mass-create@example.com",${fragment}}` });
      assert.equal(create.status, 400, fragment);
    }
    const after = (await backendCall(t, secret, 'GET', `/v1/users/${userId}`)).json;
    assert.deepEqual({ ...after, request_id: '' }, { ...before, request_id: '' });
    assert.equal(({} as Json).admin, undefined);
    const search = await backendCall(t, secret, 'POST', '/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: ['mass-create@example.com'] }] },
    });
    assert.equal((search.json.results_metadata as Json).total, 0);
  });

  it('DELETE /v1/users/{id}/external_id: only with the secret, and a hostile id clears no one’s external id', async () => {
    const victim = await backendCall(t, secret, 'POST', '/v1/users', { email: 'ext-victim@example.com', external_id: 'crm-victim' });
    const victimId = String(victim.json.user_id);
    const path = `/v1/users/${victimId}/external_id`;
    for (const authorization of [
      basic(t.projectId, 'secret-test-wrong'),
      basic(t.publicToken, t.publicToken),
      basic(t.projectId, sessionToken),
    ]) {
      refused(await t.call('DELETE', path, { headers: { authorization, 'x-forwarded-for': '198.51.100.77' } }));
    }
    refusedNonAdmin(await t.call('DELETE', path, { headers: { authorization: `Bearer ${sessionToken}`, 'x-forwarded-for': '198.51.100.77' } }));
    for (const id of ["' OR 1=1 --", '%25', '*', 'user-test-%25', `${victimId}' OR '1'='1`, `${victimId}%00`]) {
      const r = await backendCall(t, secret, 'DELETE', `/v1/users/${encodeURIComponent(id)}/external_id`);
      assert.equal(r.status, 404, `${id} -> ${r.status}`);
    }
    assert.equal((await backendCall(t, secret, 'GET', `/v1/users/${victimId}`)).json.external_id, 'crm-victim');
  });

  it('search operands carrying SQL, LIKE wildcards or huge lists match literally or are refused; huge limits are capped or refused', async () => {
    const k = t.services.db.kysely;
    const count = async () =>
      Number(
        (
          await k
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const users = await count();
    const search = (operands: Json[], extra: Json = {}) =>
      backendCall(t, secret, 'POST', '/v1/users/search', { query: { operator: 'OR', operands }, ...extra });
    const none = async (operands: Json[]) => {
      const r = await search(operands);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal((r.json.results_metadata as Json).total, 0, JSON.stringify(operands));
    };
    await none([{ filter_name: 'email_address', filter_value: ["' OR 1=1 --", 'victim@example.com" OR ""="'] }]);
    await none([{ filter_name: 'user_id', filter_value: ["x' OR 'a'='a", `${userId}' --`] }]);
    await none([{ filter_name: 'email_address_fuzzy', filter_value: "%' OR '1'='1" }]);
    await none([{ filter_name: 'email_address_fuzzy', filter_value: '%' }]);
    await none([{ filter_name: 'email_address_fuzzy', filter_value: '_' }]);
    await none([{ filter_name: 'phone_number_fuzzy', filter_value: "1'; DROP TABLE users; --" }]);
    await none([{ filter_name: 'full_name_fuzzy', filter_value: "%' OR '1'='1" }]);
    await none([{ filter_name: 'full_name_fuzzy', filter_value: "') ->> 'x' --" }]);
    await none([{ filter_name: 'oauth_provider', filter_value: ["google' OR '1'='1"] }]);
    for (const bad of [
      [{ filter_name: "email_address' OR 1=1 --", filter_value: ['x'] }],
      [{ filter_name: 'status', filter_value: "active' OR '1'='1" }],
      [{ filter_name: 'email_address', filter_value: Array.from({ length: 101 }, (_, i) => `a${i}@example.com`) }],
      Array.from({ length: 21 }, () => ({ filter_name: 'status', filter_value: 'active' })),
      [{ filter_name: 'created_at_between', filter_value: { greater_than: '0 OR 1=1', less_than: 'now()' } }],
      [{ filter_name: '__proto__', filter_value: {} }],
    ]) {
      const r = await search(bad);
      assert.equal(r.status, 400, JSON.stringify(bad).slice(0, 200));
    }
    for (const limit of [1e9, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const r = await search([{ filter_name: 'status', filter_value: 'active' }], { limit });
      assert.equal(r.status, 200);
      assert.ok((r.json.results as unknown[]).length <= 1000);
    }
    for (const limit of [2 ** 60, -1, 0, 1.5, '100']) assert.equal((await search([], { limit })).status, 400, String(limit));
    assert.equal(await count(), users, 'no row was added or removed');
  });

  it('revoking one session twice in parallel: one revoke succeeds, the others find nothing', async () => {
    const { token } = await login(t, 'parallel-revoke@example.com');
    const results = await Promise.all(Array.from({ length: 6 }, () => backendCall(t, secret, 'POST', '/v1/sessions/revoke', { session_token: token })));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 404, 404, 404, 404, 404]);
  });

  it('a JWT signed by someone else, or with alg none, authenticates no session', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: userId, aud: t.projectId, 'https://stytch.com/session': { id: 'session-test-x' } })).toString(
      'base64url',
    );
    for (const jwt of [`${header}.${payload}.`, `${header}.${payload}.AAAA`]) {
      const r = await backendCall(t, secret, 'POST', '/v1/sessions/authenticate', { session_jwt: jwt });
      assert.equal(r.json.error_type, 'session_not_found');
    }
  });

  it('no secret, wrong or right, dev or created, is ever in a log line or an error body', async () => {
    const dev = devSecret(t.services) ?? assert.fail('test project');
    const bodies: string[] = [];
    for (const s of [secret, dev, `${secret}-wrong`, 'secret-test-guessed']) {
      for (const path of [`/v1/users/${userId}`, '/v1/nope', `/v1/users/${encodeURIComponent(s)}`]) {
        const r = await t.call('GET', path, { headers: { authorization: basic(t.projectId, s), 'x-forwarded-for': '192.0.2.99' } });
        bodies.push(JSON.stringify(r.json));
      }
      const r = await backendCall(t, s, 'POST', '/v1/sessions/authenticate', { session_token: s });
      bodies.push(JSON.stringify(r.json));
    }
    const all = `${lines.join('\n')}\n${bodies.filter((b) => b.includes('error_type')).join('\n')}`;
    assert.ok(lines.length > 10);
    for (const s of [secret, dev, 'secret-test-guessed']) assert.ok(!all.includes(s), `${s.slice(0, 16)}... leaked`);
  });
});
