/**
 * The admin console's core `/v1` calls (issue 31, docs/reference/admin.md#calls) with an admin's session,
 * on SQLite and Postgres (with TEST_DATABASE_URL): suspend and restore (sessions revoked, sign-in refused
 * with user_suspended, status and search), signing keys (rotate: the old JWT still verifies), secrets
 * (shown once, works, revoke), templates and their preview, and the overview's counts from known data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { grantAdmin } from './access.ts';
import { backendCall, type CallResult, login, sendOtp, type TestApp, testApp, testStore, twoApps } from '../test-helpers.ts';
import { OVERRIDES_REFRESH_MS } from './settings.ts';

type Json = Record<string, unknown>;

describe('admin console calls', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  const v1 = (method: string, path: string, body?: unknown): Promise<CallResult> =>
    t.call(method, path, { headers: { authorization: `Bearer ${admin.token}` }, ...(body !== undefined ? { body } : {}) });

  before(async () => {
    t = await testApp();
    const a = await login(t, 'root@example.com');
    admin = { token: a.token, userId: String(a.data.user_id) };
    await grantAdmin(t.services.db, t.projectId, admin.userId, 'test', t.clock.t);
  });
  after(() => t.close());

  it('suspend revokes the sessions and refuses every sign-in with user_suspended; restore lifts it', async () => {
    const u = await login(t, 'suspect@example.com');
    const userId = String(u.data.user_id);
    const r = await v1('POST', `/v1/users/${userId}/suspend`, { reason: 'fraud review' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.sessions_revoked, 1);
    assert.equal((r.json.user as Json).status, 'suspended');
    assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: u.token, body: {} })).status >= 400, true);
    const { methodId, code } = await sendOtp(t, 'suspect@example.com');
    const signIn = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
    assert.equal(signIn.status, 403);
    assert.equal(signIn.json.error_type, 'user_suspended');
    const found = await v1('POST', '/v1/users/search', { query: { operator: 'AND', operands: [{ filter_name: 'status', filter_value: 'suspended' }] } });
    assert.deepEqual(
      (found.json.results as Json[]).map((x) => x.user_id),
      [userId],
    );
    const restored = await v1('POST', `/v1/users/${userId}/restore`, {});
    assert.equal((restored.json.user as Json).status, 'active');
    assert.equal((await login(t, 'suspect@example.com')).data.user_id, userId);
    assert.equal((await v1('POST', '/v1/users/user-test-00000000-0000-0000-0000-000000000000/suspend', {})).json.error_type, 'user_not_found');
    const self = await v1('POST', `/v1/users/${admin.userId}/suspend`, {});
    assert.equal(self.status, 400);
    assert.match(String(self.json.error_message), /user_id/);
  });

  it('GET /v1/admins lists the admins with their emails', async () => {
    const r = await v1('GET', '/v1/admins');
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(
      (r.json.admins as Json[]).map((a) => [a.user_id, a.emails, a.granted_by]),
      [[admin.userId, ['root@example.com'], 'test']],
    );
  });

  it('query_fuzzy finds a user by part of the email, the phone, the name or the exact id, with status and paging', async () => {
    const u = await login(t, 'grace.hopper@example.com');
    const id = String(u.data.user_id);
    const search = (value: string) =>
      v1('POST', '/v1/users/search', {
        limit: 5,
        query: {
          operator: 'AND',
          operands: [
            { filter_name: 'query_fuzzy', filter_value: value },
            { filter_name: 'status', filter_value: 'active' },
          ],
        },
      });
    for (const q of ['hopper', id])
      assert.deepEqual(
        ((await search(q)).json.results as Json[]).map((x) => x.user_id),
        [id],
        q,
      );
    assert.equal(((await search('nobody-matches')).json.results as Json[]).length, 0);
  });

  it('signing keys: listed with their state; a rotation keeps the old key in the JWKS so an old JWT still verifies', async () => {
    const before = await login(t, 'jwt-holder@example.com');
    const oldJwt = String(before.data.session_jwt);
    const list = await v1('GET', '/v1/signing_keys');
    assert.equal(list.status, 200);
    assert.equal((list.json.signing_keys as Json[]).filter((k) => k.state === 'signing').length, 1);
    const r = await v1('POST', '/v1/signing_keys/rotate', {});
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const again = await v1('POST', '/v1/signing_keys/rotate', { active_in_seconds: 60 });
    assert.equal(again.status, 200, JSON.stringify(again.json));
    const pending = await v1('POST', '/v1/signing_keys/rotate', {});
    assert.equal(pending.status, 400);
    assert.match(String(pending.json.error_message), /pending/);
    t.advance(60_000);
    const jwks = await t.call('GET', `/v1/public/${t.projectId}/.well-known/jwks.json`, { auth: false });
    const verified = await jwtVerify(oldJwt, createLocalJWKSet(jwks.json as never), { currentDate: new Date(t.clock.t - 60_000) });
    assert.equal(verified.payload.sub, before.data.user_id);
    const states = ((await v1('GET', '/v1/signing_keys')).json.signing_keys as Json[]).map((k) => k.state);
    assert.ok(states.includes('retiring'), JSON.stringify(states));
    assert.equal((await v1('POST', '/v1/signing_keys/rotate', { active_in_seconds: -1 })).json.error_type, 'invalid_request_body');
  });

  it('secrets: a created secret is in its answer once, works, is listed without it, and stops at revoke', async () => {
    const created = await v1('POST', '/v1/secrets', {});
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const secret = String(created.json.secret);
    assert.match(secret, /^secret-test-/);
    assert.equal(created.headers.get('cache-control'), 'no-store');
    const works = await backendCall(t, secret, 'GET', '/v1/secrets');
    assert.equal(works.status, 200);
    assert.ok((works.json.secrets as Json[]).every((s) => !('secret' in s) && !JSON.stringify(s).includes(secret)));
    assert.ok((works.json.secrets as Json[]).some((s) => s.secret_id === created.json.secret_id && s.last_used_at !== null));
    const revoked = await v1('POST', `/v1/secrets/${String(created.json.secret_id)}/revoke`, {});
    assert.equal(revoked.status, 200);
    assert.equal((await backendCall(t, secret, 'GET', '/v1/secrets')).status, 401);
    assert.equal((await v1('POST', `/v1/secrets/${String(created.json.secret_id)}/revoke`, {})).status, 404);
  });

  it('templates: every kind in every language; the preview renders sample data, never a real code', async () => {
    const list = await v1('GET', '/v1/templates');
    assert.equal(list.status, 200);
    const templates = list.json.templates as Json[];
    assert.ok(templates.some((x) => x.kind === 'email_otp'));
    assert.equal((list.json.locales as string[]).length, 11);
    const p = await v1('POST', '/v1/templates/preview', { kind: 'email_otp', locale: 'de' });
    assert.equal(p.status, 200, JSON.stringify(p.json));
    assert.match(String(p.json.text), /123456/);
    assert.match(String(p.json.html), /<html lang="de"/);
    const sms = await v1('POST', '/v1/templates/preview', { kind: 'sms_otp', locale: 'en' });
    assert.equal(sms.json.html, null);
    for (const body of [{ kind: 'email_otp', locale: 'xx' }, { kind: 'nope', locale: 'en' }, { kind: 'email_otp' }]) {
      const bad = await v1('POST', '/v1/templates/preview', body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.json.error_type, 'invalid_request_body');
    }
  });

  it('project settings: validated with errors naming the field, stored, applied at once and after a restart, audited with a diff', async () => {
    const store = await testStore();
    const first = await testApp({}, { store });
    const a = await login(first, 'boss@example.com');
    await grantAdmin(first.services.db, first.projectId, String(a.data.user_id), 'test', first.clock.t);
    const call = (app: TestApp, method: string, body?: unknown) =>
      app.call(method, '/v1/project', { headers: { authorization: `Bearer ${a.token}` }, ...(body !== undefined ? { body } : {}) });
    try {
      const got = await call(first, 'GET');
      assert.equal(got.status, 200, JSON.stringify(got.json));
      const settings = got.json.settings as Json;
      assert.ok((settings.allowed_origins as string[]).includes('http://localhost:*'));
      assert.equal((settings.mfa as Json).policy, 'off');
      assert.ok(Object.keys(settings.rate_limits as Json).length > 3);
      for (const [body, field] of [
        [{ allowed_origins: ['https://ok.example', 'https://*.example'] }, 'allowed_origins[1]'],
        [{ redirect_urls: ['javascript:alert(1)'] }, 'redirect_urls[0]'],
        [{ rate_limits: { no_such_limit: { max: 3 } } }, 'rate_limits.no_such_limit'],
        [{ mfa: { policy: 'sometimes' } }, 'mfa'],
        [{ session_max_minutes: 1 }, 'session_max_minutes'],
        [{ colour: 'blue' }, 'colour'],
      ] as const) {
        const bad = await call(first, 'PATCH', body);
        assert.equal(bad.status, 400, JSON.stringify(body));
        assert.equal(bad.json.error_type, 'invalid_request_body');
        assert.ok(String(bad.json.error_message).includes(field), `${field} in ${String(bad.json.error_message)}`);
      }
      const limitName = Object.keys(settings.rate_limits as Json)[0]!;
      const ok = await call(first, 'PATCH', {
        allowed_origins: ['http://localhost:*', 'https://app.example'],
        mfa: { policy: 'optional' },
        session_max_minutes: 30,
        rate_limits: { [limitName]: { max: 7 } },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      const changes = ok.json.changes as Record<string, { before: unknown; after: unknown }>;
      assert.deepEqual(changes.session_max_minutes, { before: null, after: 30 });
      assert.deepEqual(changes.allowed_origins?.after, ['http://localhost:*', 'https://app.example']);
      assert.equal(first.services.limits[limitName as keyof typeof first.services.limits].max, 7);
      // Applied at once: a new session is capped, and the new origin may call the SDK.
      const capped = await login(first, 'someone@example.com', 600);
      const session = capped.data.session as Json;
      assert.equal(Date.parse(String(session.expires_at)) - Date.parse(String(session.started_at)), 30 * 60_000);
      const preflight = await first.call('OPTIONS', '/sdk/v1/sessions/authenticate', {
        origin: 'https://app.example',
        headers: { 'access-control-request-method': 'POST' },
        auth: false,
      });
      assert.equal(preflight.status, 204);
      const audit = await call(first, 'GET');
      assert.deepEqual((audit.json.overridden as string[]).sort(), ['allowed_origins', 'mfa', 'rate_limits', 'session_max_minutes']);
      const rows = (await first.services.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'project.settings_change').execute()).map((r) => ({
        ...r,
        details: JSON.parse(r.details) as Json,
      }));
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.actor_kind, 'admin');
      assert.equal(rows[0]!.actor_id, a.data.user_id);
      assert.deepEqual(JSON.parse(String(rows[0]!.details.after)).session_max_minutes, 30);
      await first.close();
      const restarted = await testApp({}, { store });
      try {
        const again = await call(restarted, 'GET');
        assert.equal(((again.json.settings as Json).mfa as Json).policy, 'optional');
        assert.equal((again.json.settings as Json).session_max_minutes, 30);
        assert.equal(restarted.services.limits[limitName as keyof typeof restarted.services.limits].max, 7);
      } finally {
        await restarted.close();
      }
    } finally {
      await first.close();
      await store.cleanup();
    }
  });

  it('a settings change made on one instance reaches another running on the same database', async () => {
    const apps = await twoApps();
    try {
      const a = await login(apps.a, 'boss@example.com');
      await grantAdmin(apps.a.services.db, apps.a.projectId, String(a.data.user_id), 'test', apps.a.clock.t);
      const r = await apps.a.call('PATCH', '/v1/project', { headers: { authorization: `Bearer ${a.token}` }, body: { session_max_minutes: 45 } });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      // The other instance polls every OVERRIDES_REFRESH_MS (real time): wait for what its users would see.
      const deadline = Date.now() + 6 * OVERRIDES_REFRESH_MS;
      while (apps.b.services.project.config.session_max_minutes !== 45 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 200));
      assert.equal(apps.b.services.project.config.session_max_minutes, 45);
      const onB = await login(apps.b, 'user@example.com', 600);
      const session = onB.data.session as Json;
      assert.equal(Date.parse(String(session.expires_at)) - Date.parse(String(session.started_at)), 45 * 60_000);
    } finally {
      await apps.close();
    }
  });

  it('stats: per day sign-ups and sign-ins by method, active sessions, failures and lockouts from known data', async () => {
    const fresh = await testApp({}, { clock: { t: Date.UTC(2031, 5, 10, 12) } });
    try {
      const a = await login(fresh, 'boss@example.com', 60 * 24 * 7);
      await grantAdmin(fresh.services.db, fresh.projectId, String(a.data.user_id), 'test', fresh.clock.t);
      fresh.advance(86_400_000);
      await login(fresh, 'new1@example.com');
      await login(fresh, 'new2@example.com');
      await login(fresh, 'boss@example.com');
      await fresh.call('GET', '/v1/secrets', { headers: { authorization: `Basic ${Buffer.from(`${fresh.projectId}:wrong`).toString('base64')}` } });
      const r = await fresh.call('GET', '/v1/stats?days=3', { headers: { authorization: `Bearer ${a.token}` } });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const days = r.json.days as Json[];
      assert.deepEqual(
        days.map((d) => d.date),
        ['2031-06-09', '2031-06-10', '2031-06-11'],
      );
      assert.deepEqual(
        days.map((d) => [d.sign_ups, d.sign_ins, d.active_sessions, d.failures, d.lockouts]),
        [
          [0, 0, 0, 0, 0],
          [1, 1, 1, 0, 0],
          [2, 3, 4, 1, 0],
        ],
      );
      assert.deepEqual(days[2]!.sign_ups_by_method, { otp: 2 });
      assert.deepEqual(days[2]!.sign_ins_by_method, { otp: 3 });
      assert.deepEqual(r.json.totals, { users: 3, active_sessions: 4 });
      for (const q of ['0', '91', 'x', '1.5'])
        assert.equal((await fresh.call('GET', `/v1/stats?days=${q}`, { headers: { authorization: `Bearer ${a.token}` } })).status, 400, q);
    } finally {
      await fresh.close();
    }
  });
});
