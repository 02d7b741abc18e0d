/**
 * Admin access to `/v1` (issue 31, docs/reference/admin.md#access), on SQLite and Postgres (with
 * TEST_DATABASE_URL): the CLI's `admin grant|revoke|list`, a Bearer session (token or JWT) of an admin
 * accepted, a non-admin's refused with admin_role_required, no or a bad session 401, a foreign Origin
 * refused, the project secret unchanged, and the audit rows naming the admin.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CliHarness, cliHarness } from '../test-cli.ts';
import { type CallResult, createBackendSecret, login, backendCall } from '../test-helpers.ts';

type Json = Record<string, unknown>;
const OWN = 'http://localhost:8787';

describe('admin access to /v1', () => {
  let h: CliHarness;
  const bearer = (token: string, method: string, path: string, body?: unknown, origin?: string): Promise<CallResult> =>
    h.t.call(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}), ...(origin ? { origin } : {}) });

  before(async () => {
    h = await cliHarness();
  });
  after(() => h.close());

  it('admin grant creates the user with a verified email; list shows them; the grant is audited', async () => {
    const g = await h.cli('admin', 'grant', 'Boss@Example.com');
    assert.equal(g.code, 0, g.err);
    assert.match(g.out, /^granted user-test-.* \(boss@example\.com\), created\n$/);
    const again = await h.cli('admin', 'grant', 'boss@example.com');
    assert.equal(again.code, 0);
    assert.match(again.out, /already an admin/);
    const list = await h.cli('admin', 'list', '--json');
    const rows = JSON.parse(list.out) as Json[];
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0]!.emails, ['boss@example.com']);
    assert.match(String(rows[0]!.granted_by), /^cli:/);
    const email = await h.t.services.db.kysely.selectFrom('emails').select('verified').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow();
    assert.equal(email.verified, 1);
    const audit = await h.cli('audit', 'list', '--action', 'admin.grant', '--json');
    assert.equal((JSON.parse(audit.out) as Json[]).length, 2);
    assert.equal((await h.cli('admin', 'grant', 'not-an-address')).code, 1);
    assert.equal((await h.cli('admin', 'revoke', 'nobody@example.com')).code, 1);
  });

  it("an admin's session token and session JWT call /v1; the console's own Origin is served, another is refused", async () => {
    const { token, data } = await login(h.t, 'boss@example.com');
    const userId = String(data.user_id);
    const byToken = await bearer(token, 'GET', `/v1/users/${userId}`);
    assert.equal(byToken.status, 200, JSON.stringify(byToken.json));
    assert.equal(byToken.json.user_id, userId);
    const byJwt = await bearer(String(data.session_jwt), 'GET', `/v1/users/${userId}`, undefined, OWN);
    assert.equal(byJwt.status, 200, JSON.stringify(byJwt.json));
    const foreign = await bearer(token, 'GET', `/v1/users/${userId}`, undefined, 'https://evil.example');
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error_type, 'invalid_origin');
    // The console's origin never gets CORS headers: same-origin calls need none, and nothing else may read.
    assert.equal(byJwt.headers.get('access-control-allow-origin'), null);
  });

  it('a signed-in user without the role gets 403 admin_role_required; no, a wrong or a revoked session gets 401', async () => {
    const { token, data } = await login(h.t, 'member@example.com');
    const r = await bearer(token, 'GET', `/v1/users/${String(data.user_id)}`);
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'admin_role_required');
    const jwt = await bearer(String(data.session_jwt), 'GET', '/v1/audit_logs');
    assert.equal(jwt.json.error_type, 'admin_role_required');
    for (const bad of ['', 'not-a-session', 'eyJhbGciOiJFUzI1NiJ9.e30.sig']) {
      const res = await h.t.call('GET', '/v1/audit_logs', { headers: { authorization: `Bearer ${bad}` } });
      assert.equal(res.status, 401, bad);
      assert.equal(res.json.error_type, 'unauthorized_credentials');
    }
    const none = await h.t.call('GET', '/v1/audit_logs', { auth: false });
    assert.equal(none.status, 401);
    const boss = await login(h.t, 'boss@example.com');
    await h.t.call('POST', '/sdk/v1/sessions/revoke', { secret: boss.token });
    assert.equal((await bearer(boss.token, 'GET', '/v1/audit_logs')).status, 401);
  });

  it('a JWT past its five minutes is refused even while its session lives (the console refreshes)', async () => {
    const { data } = await login(h.t, 'boss@example.com');
    h.t.advance(6 * 60_000);
    const r = await bearer(String(data.session_jwt), 'GET', '/v1/audit_logs');
    assert.equal(r.status, 401);
  });

  it("a change made with an admin's session is audited with the admin as actor; the project secret works as before", async () => {
    const { token, data } = await login(h.t, 'boss@example.com');
    const adminId = String(data.user_id);
    const member = await login(h.t, 'member2@example.com');
    const r = await bearer(token, 'POST', '/v1/sessions/revoke', { session_token: member.token }, OWN);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const secret = await createBackendSecret(h.t);
    const logs = await backendCall(h.t, secret, 'GET', '/v1/audit_logs?action=session.revoke');
    const rows = logs.json.audit_logs as Json[];
    assert.equal(rows.length, 1, JSON.stringify(rows));
    assert.deepEqual(rows[0]!.actor, { kind: 'admin', id: adminId });
    // A secret sent from a browser is still refused, even from the server's own origin.
    const browser = await backendCall(h.t, secret, 'GET', '/v1/audit_logs', undefined, { origin: OWN });
    assert.equal(browser.json.error_type, 'invalid_origin');
  });

  it('admin revoke takes the role back at once', async () => {
    const { token } = await login(h.t, 'boss@example.com');
    assert.equal((await bearer(token, 'GET', '/v1/audit_logs')).status, 200);
    const r = await h.cli('admin', 'revoke', 'boss@example.com');
    assert.equal(r.code, 0, r.err);
    const after = await bearer(token, 'GET', '/v1/audit_logs');
    assert.equal(after.json.error_type, 'admin_role_required');
    assert.equal((await h.cli('admin', 'revoke', 'boss@example.com')).code, 1);
    assert.equal((await h.cli('admin', 'grant', 'boss@example.com')).code, 0);
  });
});
