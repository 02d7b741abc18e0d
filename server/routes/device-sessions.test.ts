/**
 * The user's own sessions with their devices (issue 30, docs/reference/methods/sessions.md#calls):
 * `GET /sdk/v1/sessions`, `POST /sdk/v1/sessions/revoke` with a `session_id`, and
 * `POST /sdk/v1/sessions/revoke_others` (sensitive).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DeviceSession } from '../../sdk-core/schemas/index.ts';
import { sessionDevice } from '../session-device.ts';
import { type CallResult, sendOtp, type TestApp, testApp } from '../test-helpers.ts';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs `email` in by passcode from a browser with user agent `ua`; the session token and the session. */
async function signIn(t: TestApp, email: string, ua: string): Promise<{ token: string; sessionId: string; userId: string }> {
  const { methodId, code } = await sendOtp(t, email);
  const r = await t.call('POST', '/sdk/v1/otps/authenticate', {
    body: { token: code, method_id: methodId, session_duration_minutes: 24 * 60 },
    headers: { 'user-agent': ua },
  });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const d = r.json.data as { session_token: string; user_id: string; session: { session_id: string } };
  return { token: d.session_token, sessionId: d.session.session_id, userId: d.user_id };
}

const listOf = (r: CallResult) => (r.json.data as { sessions: DeviceSession[] }).sessions;

describe('device labels from the user agent', () => {
  it('names browser, system and kind of device; null where the agent does not say', () => {
    assert.deepEqual(sessionDevice(MAC_CHROME), { browser: 'Chrome 131', os: 'macOS 10.15', device_type: 'desktop' });
    assert.deepEqual(sessionDevice(IPHONE), { browser: 'Safari 17', os: 'iOS 17.4', device_type: 'mobile' });
    assert.deepEqual(sessionDevice(IPAD), { browser: 'Safari 17', os: 'iOS 17.4', device_type: 'tablet' });
    assert.deepEqual(sessionDevice(WINDOWS_FIREFOX), { browser: 'Firefox 133', os: 'Windows 10', device_type: 'desktop' });
    for (const ua of ['', 'curl/8.4.0', 'node']) assert.deepEqual(sessionDevice(ua), { browser: null, os: null, device_type: null }, ua);
  });
});

describe('sessions and devices', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it("lists only the caller's live sessions, in the provider's Session shape plus device and current", async () => {
    const laptop = await signIn(t, 'devices@example.com', MAC_CHROME);
    t.advance(60_000);
    const phone = await signIn(t, 'devices@example.com', IPHONE);
    const stranger = await signIn(t, 'devices-other@example.com', WINDOWS_FIREFOX);

    const r = await t.call('GET', '/sdk/v1/sessions', { secret: laptop.token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const sessions = listOf(r);
    // Most recently used first: the phone signed in a minute later.
    assert.deepEqual(
      sessions.map((s) => s.session_id),
      [phone.sessionId, laptop.sessionId],
    );
    const [p, l] = sessions as [DeviceSession, DeviceSession];
    assert.deepEqual(Object.keys(l).sort(), [
      'attributes',
      'authentication_factors',
      'current',
      'custom_claims',
      'device',
      'expires_at',
      'last_accessed_at',
      'roles',
      'session_id',
      'started_at',
      'user_id',
    ]);
    assert.equal(l.current, true);
    assert.equal(p.current, false);
    assert.equal(l.user_id, laptop.userId);
    assert.equal(l.attributes.user_agent, MAC_CHROME);
    assert.deepEqual(l.device, { browser: 'Chrome 131', os: 'macOS 10.15', device_type: 'desktop' });
    assert.deepEqual(p.device, { browser: 'Safari 17', os: 'iOS 17.4', device_type: 'mobile' });
    assert.ok(!sessions.some((s) => s.session_id === stranger.sessionId));

    // The same list from the phone marks the phone.
    const fromPhone = listOf(await t.call('GET', '/sdk/v1/sessions', { secret: phone.token }));
    assert.deepEqual(
      fromPhone.filter((s) => s.current).map((s) => s.session_id),
      [phone.sessionId],
    );

    const anon = await t.call('GET', '/sdk/v1/sessions');
    assert.equal(anon.status, 401);
    assert.equal(anon.json.error_type, 'user_unauthenticated');
  });

  it("revokes one of the caller's own sessions by id; another user's id is not found and stays live", async () => {
    const a = await signIn(t, 'revoke-one@example.com', MAC_CHROME);
    const a2 = await signIn(t, 'revoke-one@example.com', IPHONE);
    const b = await signIn(t, 'revoke-one-other@example.com', IPAD);

    const foreign = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: { session_id: b.sessionId } });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.json.error_type, 'session_not_found');
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: b.token })).status, 200);

    const own = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: { session_id: a2.sessionId } });
    assert.equal(own.status, 200, JSON.stringify(own.json));
    assert.deepEqual(Object.keys(own.json.data!).sort(), ['request_id', 'status_code']);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: a2.token })).status, 401);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: a.token })).status, 200);
    // Already revoked: not found again.
    const again = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: { session_id: a2.sessionId } });
    assert.equal(again.json.error_type, 'session_not_found');

    for (const bad of [{ session_id: 5 }, { session_id: '' }, { session_id: 'x'.repeat(500) }, { session_id: null }]) {
      const r = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: bad });
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: a.token })).status, 200);

    // Its own id revokes the calling session, as the empty body does.
    const self = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: { session_id: a.sessionId } });
    assert.equal(self.status, 200);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: a.token })).status, 401);
    const gone = await t.call('POST', '/sdk/v1/sessions/revoke', { secret: a.token, body: { session_id: a.sessionId } });
    assert.equal(gone.json.error_type, 'session_not_found');
  });

  it("revoke_others ends every other session of the user and keeps the caller's and other users'", async () => {
    const me = await signIn(t, 'others@example.com', MAC_CHROME);
    const mine = [await signIn(t, 'others@example.com', IPHONE), await signIn(t, 'others@example.com', IPAD)];
    const stranger = await signIn(t, 'others-stranger@example.com', IPHONE);
    const r = await t.call('POST', '/sdk/v1/sessions/revoke_others', { secret: me.token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    for (const s of mine) assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: s.token })).status, 401);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: me.token })).status, 200);
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: stranger.token })).status, 200);
    assert.deepEqual(
      listOf(await t.call('GET', '/sdk/v1/sessions', { secret: me.token })).map((s) => s.session_id),
      [me.sessionId],
    );
    // Nothing left to revoke is no error.
    assert.equal((await t.call('POST', '/sdk/v1/sessions/revoke_others', { secret: me.token, body: {} })).status, 200);
    assert.equal((await t.call('POST', '/sdk/v1/sessions/revoke_others', {})).json.error_type, 'user_unauthenticated');
  });

  it('emits session.revoked for each session revoked', async () => {
    const seen: string[] = [];
    t.services.events.subscribe({
      wants: async (type) => type === 'session.revoked',
      hear: async (e) => {
        seen.push((e.session as { session_id: string }).session_id);
      },
    });
    const me = await signIn(t, 'events@example.com', MAC_CHROME);
    const other = await signIn(t, 'events@example.com', IPHONE);
    await t.call('POST', '/sdk/v1/sessions/revoke_others', { secret: me.token });
    assert.deepEqual(seen, [other.sessionId]);
  });
});

describe('revoke_others under re-verification', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: 10 } });
  });
  after(() => t.close());

  it('needs a factor authenticated within the window', async () => {
    const me = await signIn(t, 'reverify-others@example.com', MAC_CHROME);
    const other = await signIn(t, 'reverify-others@example.com', IPHONE);
    t.advance(11 * 60_000);
    const stale = await t.call('POST', '/sdk/v1/sessions/revoke_others', { secret: me.token });
    assert.equal(stale.status, 403);
    assert.equal(stale.json.error_type, 'reverification_required');
    assert.equal((await t.call('GET', '/sdk/v1/users/me', { secret: other.token })).status, 200);
    // Listing and revoking one by id are not sensitive.
    assert.equal((await t.call('GET', '/sdk/v1/sessions', { secret: me.token })).status, 200);
  });
});
