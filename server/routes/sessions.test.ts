import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LAST_ACCESS_WRITE_INTERVAL_MS } from '../sessions.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

describe('sessions and users/me', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('sessions/authenticate validates the token and returns a JWT; duration resets the expiry', async () => {
    const { token, data } = await login(t, 'sess@example.com');
    t.advance(LAST_ACCESS_WRITE_INTERVAL_MS);
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    assert.equal(r.status, 200);
    const d = r.json.data as Record<string, unknown> & { session: Record<string, string> };
    assert.equal(d.session_token, token);
    assert.equal(d.user_id, data.user_id);
    // Still fresh: the JWT of the sign-in is served again (server/session-jwt-cache.ts).
    assert.equal(d.session_jwt, data.session_jwt);
    assert.equal(d.session.expires_at, (data.session as Record<string, string>).expires_at);
    assert.equal(d.session.last_accessed_at, new Date(t.clock.t).toISOString());

    const ext = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: { session_duration_minutes: 120 } });
    assert.equal((ext.json.data as { session: Record<string, string> }).session.expires_at, new Date(t.clock.t + 120 * 60_000).toISOString());
    // An empty body is accepted too.
    assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token })).status, 200);
  });

  it('expired session -> 404 session_not_found', async () => {
    const { token } = await login(t, 'expire@example.com', 5);
    t.advance(5 * 60_000);
    const r = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'session_not_found');
  });

  it('unknown token -> session_not_found; no session token -> 401 unauthorized_credentials', async () => {
    const unknown = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: 'not-a-token', body: {} });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error_type, 'session_not_found');
    const none = await t.call('POST', '/sdk/v1/sessions/authenticate', { body: {} });
    assert.equal(none.status, 401);
    assert.equal(none.json.error_type, 'unauthorized_credentials');
  });

  it('revoke invalidates at once', async () => {
    const { token } = await login(t, 'revoke@example.com');
    const r = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: token });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.json.data!).sort(), ['request_id', 'status_code']);
    const after1 = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    assert.equal(after1.json.error_type, 'session_not_found');
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.equal(me.status, 401);
    const again = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: token, body: {} });
    assert.equal(again.json.error_type, 'session_not_found');
  });

  it('users/me returns the user of the session; 401 without one', async () => {
    const { token, data } = await login(t, 'me@example.com');
    const r = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.equal(r.status, 200);
    assert.equal(r.json.data!.user_id, data.user_id);
    assert.deepEqual(
      (r.json.data!.emails as { email: string }[]).map((e) => e.email),
      ['me@example.com'],
    );
    for (const secret of [undefined, 'bogus']) {
      const u = await t.call('GET', '/sdk/v1/users/me', secret ? { secret } : {});
      assert.equal(u.status, 401);
      assert.equal(u.json.error_type, 'unauthorized_credentials');
    }
    const noAuth = await t.call('GET', '/sdk/v1/users/me', { auth: false });
    assert.equal(noAuth.json.error_type, 'unauthorized_credentials');
  });
});
