/**
 * Attacks on two-step sign-in (issue 29, docs/reference/mfa.md): the intermediate token is no session
 * anywhere (every route of the app walked), it cannot ride in the Basic secret, it is spent once even
 * under 20 parallel redemptions, second-factor guessing locks out, codes do not replay, a session
 * token of another user (or an intermediate token) on a first factor skips nothing, a stolen device
 * token of another user is ignored, and malformed fields answer 400 with a stable error_type.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { totpCode } from '../../server/totps/otp.ts';
import { TOTP_CLIENT_LOCK_THRESHOLD } from '../../server/totps/routes.ts';
import { backendCall, type CallResult, createBackendSecret, login, sendOtp, type TestApp, testApp, wrongCode } from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const data = (r: CallResult) => (r.json.data ?? {}) as Json;

/** The calls that accept an intermediate token in the body (docs/reference/mfa.md#second-step). */
const SECOND_STEP = new Set([
  'POST /sdk/v1/totps',
  'POST /sdk/v1/totps/authenticate',
  'POST /sdk/v1/totps/recover',
  'POST /sdk/v1/otps/sms/send',
  'POST /sdk/v1/otps/authenticate',
  'POST /sdk/v1/webauthn/authenticate/start',
  'POST /sdk/v1/webauthn/authenticate',
]);

/** A well-formed intermediate token no server ever issued. */
const FAKE_IST = `ist_${'A'.repeat(43)}`;

describe('attacks: two-step sign-in', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional' } });
  });
  after(() => t.close());

  /** A user with a verified TOTP; returns its secret, recovery codes and a full session. */
  async function userWithTotp(email: string) {
    const { token } = await login(t, email);
    const created = await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} });
    const d = data(created) as { secret: string; recovery_codes: string[] };
    const ok = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret: d.secret }, t.clock.t) } });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    return { ...d, session: token };
  }

  /** The first factor by email passcode, with optional extra body keys and Basic secret. */
  async function firstFactor(email: string, extra: Json = {}, secret?: string) {
    const { methodId, code } = await sendOtp(t, email);
    return t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId, ...extra }, ...(secret ? { secret } : {}) });
  }

  async function intermediate(email: string): Promise<string> {
    const r = await firstFactor(email);
    const ist = data(r).intermediate_session_token;
    assert.equal(typeof ist, 'string', JSON.stringify(r.json));
    return String(ist);
  }

  const nextCode = (secret: string) => {
    t.advance(30_000);
    return totpCode({ secret }, t.clock.t);
  };

  it('every route treats an intermediate token like no token at all: as the Basic secret, and in the body of any call but the second step', async () => {
    const u = await userWithTotp('walk@example.com');
    const ist = await intermediate('walk@example.com');
    const outcome = (r: CallResult) => `${r.status} ${String(r.json.error_type ?? '')}`;
    let walked = 0;
    const backendSecret = await createBackendSecret(t);
    for (const route of t.routes) {
      if (route.backend) {
        // The backend API with the project's secret: an intermediate token in `session_token` is no session there either.
        if (route.method === 'GET') continue;
        const path = route.path.replace(/:[a-z_]+/g, 'x');
        const real = await backendCall(t, backendSecret, route.method, path, { session_token: ist });
        const fake = await backendCall(t, backendSecret, route.method, path, { session_token: FAKE_IST });
        assert.equal(outcome(real), outcome(fake), `${route.method} ${route.path}: intermediate token as the backend's session_token`);
        continue;
      }
      const path = route.path.replace(/:[a-z_]+/g, 'x');
      const body = route.method === 'GET' ? {} : { body: {} };
      const asSecret = await t.call(route.method, path, { ...body, secret: ist });
      const asFake = await t.call(route.method, path, { ...body, secret: FAKE_IST });
      assert.equal(outcome(asSecret), outcome(asFake), `${route.method} ${route.path}: intermediate token as the Basic secret`);
      assert.ok(!(asSecret.status === 200 && typeof data(asSecret).session_token === 'string'), `${route.method} ${route.path} minted a session`);
      if (route.method !== 'GET' && !SECOND_STEP.has(`${route.method} ${route.path}`)) {
        const inBody = await t.call(route.method, path, { body: { intermediate_session_token: ist } });
        const fakeInBody = await t.call(route.method, path, { body: { intermediate_session_token: FAKE_IST } });
        assert.equal(outcome(inBody), outcome(fakeInBody), `${route.method} ${route.path}: intermediate token in the body`);
      }
      if (route.method !== 'GET') {
        // Where a body names a session (`session_token`), the intermediate token is no session either.
        const asSessionToken = await t.call(route.method, path, { body: { session_token: ist } });
        const fakeSessionToken = await t.call(route.method, path, { body: { session_token: FAKE_IST } });
        assert.equal(outcome(asSessionToken), outcome(fakeSessionToken), `${route.method} ${route.path}: intermediate token as session_token`);
      }
      walked += 1;
    }
    assert.ok(walked > 60, `${walked} routes walked`);
    // The walk spent nothing: the token still completes its own second step.
    const done = await t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: nextCode(u.secret), intermediate_session_token: ist } });
    assert.equal(done.status, 200, JSON.stringify(done.json));
  });

  it('a spent intermediate token replays to 401 intermediate_session_not_found on every second-step call', async () => {
    const u = await userWithTotp('replay@example.com');
    const ist = await intermediate('replay@example.com');
    const ok = await t.call('POST', '/sdk/v1/totps/recover', { body: { recovery_code: u.recovery_codes[0], intermediate_session_token: ist } });
    assert.equal(ok.status, 200);
    const calls: [string, Json][] = [
      ['/sdk/v1/totps/authenticate', { totp_code: nextCode(u.secret) }],
      ['/sdk/v1/totps/recover', { recovery_code: u.recovery_codes[1] }],
      ['/sdk/v1/totps', {}],
      ['/sdk/v1/otps/sms/send', {}],
      ['/sdk/v1/webauthn/authenticate/start', { domain: 'localhost' }],
    ];
    for (const [path, body] of calls) {
      const r = await t.call('POST', path, { body: { ...body, intermediate_session_token: ist } });
      assert.equal(r.status, 401, `${path} ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'intermediate_session_not_found', path);
    }
  });

  it('20 parallel redemptions with 20 valid proofs make exactly one session', async () => {
    const u = await userWithTotp('parallel@example.com');
    const step = await firstFactor('parallel@example.com');
    const ist = String(data(step).intermediate_session_token);
    const userId = String(data(step).user_id);
    const code = nextCode(u.secret);
    const k = t.services.db.kysely;
    const before = (await k.selectFrom('sessions').select('session_id').where('user_id', '=', userId).execute()).length;
    const results = await Promise.all([
      ...u.recovery_codes.map((rc) => t.call('POST', '/sdk/v1/totps/recover', { body: { recovery_code: rc, intermediate_session_token: ist } })),
      ...Array.from({ length: 10 }, () => t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: code, intermediate_session_token: ist } })),
    ]);
    assert.equal(results.length, 20);
    assert.equal(results.filter((r) => r.status === 200).length, 1, results.map((r) => `${r.status} ${r.json.error_type}`).join(', '));
    for (const r of results) assert.ok(r.status === 200 || r.status === 401 || r.status === 404, `${r.status} ${JSON.stringify(r.json)}`);
    const after = (await k.selectFrom('sessions').select('session_id').where('user_id', '=', userId).execute()).length;
    assert.equal(after - before, 1);
  });

  it('second-factor guessing with an intermediate token locks out, even for the right code next', async () => {
    const u = await userWithTotp('guess@example.com');
    const right = nextCode(u.secret);
    // A wrong code does not spend the intermediate token: one token carries every guess.
    const ist = await intermediate('guess@example.com');
    for (let i = 1; i <= TOTP_CLIENT_LOCK_THRESHOLD; i++) {
      const r = await t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: wrongCode(right), intermediate_session_token: ist } });
      // The failure that reaches the threshold is answered with the lock itself.
      assert.equal(r.json.error_type, i < TOTP_CLIENT_LOCK_THRESHOLD ? 'totp_code_not_found' : 'user_lock_limit_reached', `guess ${i}`);
    }
    const locked = await t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: right, intermediate_session_token: ist } });
    assert.equal(locked.status, 429);
    assert.equal(locked.json.error_type, 'user_lock_limit_reached');
  });

  it('a TOTP code that completed one second step does not complete another', async () => {
    const u = await userWithTotp('code-replay@example.com');
    const code = nextCode(u.secret);
    const first = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: code, intermediate_session_token: await intermediate('code-replay@example.com') },
    });
    assert.equal(first.status, 200);
    const again = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: code, intermediate_session_token: await intermediate('code-replay@example.com') },
    });
    assert.equal(again.json.error_type, 'totp_code_not_found');
  });

  it('a first factor carrying another user’s session token, or an intermediate token, still asks for the second step', async () => {
    await userWithTotp('victim@example.com');
    const other = await login(t, 'attacker@example.com');
    const ist = await intermediate('victim@example.com');
    for (const [what, extra, secret] of [
      ['another user’s session as the Basic secret', {}, other.token],
      ['an intermediate token as the Basic secret', {}, ist],
      ['another user’s session_token in the body', { session_token: other.token }, undefined],
      ['an intermediate token as session_token', { session_token: ist }, undefined],
    ] as const) {
      const r = await firstFactor('victim@example.com', extra, secret);
      assert.equal(r.status, 200, `${what}: ${JSON.stringify(r.json)}`);
      assert.equal('session_token' in data(r), false, what);
      assert.match(String(data(r).intermediate_session_token), /^ist_/, what);
    }
    // A password first factor under another user's session: the same.
    const email = 'victim-pw@example.com';
    const made = await t.call('POST', '/sdk/v1/passwords', { body: { email, password: 'quiet Lantern orbit 5521' } });
    await t.call('POST', '/sdk/v1/totps', { secret: String(data(made).session_token), body: {} }).then(async (r) => {
      const secret = String(data(r).secret);
      await t.call('POST', '/sdk/v1/totps/authenticate', { secret: String(data(made).session_token), body: { totp_code: totpCode({ secret }, t.clock.t) } });
    });
    const pw = await t.call('POST', '/sdk/v1/passwords/authenticate', { secret: other.token, body: { email, password: 'quiet Lantern orbit 5521' } });
    assert.equal('session_token' in data(pw), false);
  });

  it('a device token stolen from another user is ignored: the second step is still asked, and the device is untouched', async () => {
    const owner = await userWithTotp('device-owner@example.com');
    const ist = await intermediate('device-owner@example.com');
    const trusted = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: nextCode(owner.secret), intermediate_session_token: ist, trust_device: true },
    });
    const device = String(data(trusted).device_token);
    assert.match(device, /^dvt_/);
    const k = t.services.db.kysely;
    const before = await k.selectFrom('trusted_devices').select('last_used_at').executeTakeFirstOrThrow();
    await userWithTotp('device-thief@example.com');
    t.advance(60_000);
    const r = await firstFactor('device-thief@example.com', { device_token: device });
    assert.equal('session_token' in data(r), false);
    assert.match(String(data(r).intermediate_session_token), /^ist_/);
    const afterUse = await k.selectFrom('trusted_devices').select('last_used_at').executeTakeFirstOrThrow();
    assert.equal(afterUse.last_used_at, before.last_used_at);
    // Garbage device tokens are ignored alike (no oracle).
    for (const bogus of ['dvt_x', 'not-a-token', '']) {
      const g = await firstFactor('device-thief@example.com', { device_token: bogus });
      assert.equal(g.status, 200);
      assert.match(String(data(g).intermediate_session_token), /^ist_/);
    }
  });

  it('malformed second-step fields answer 400 invalid_request_body; an intermediate token the server never issued 401', async () => {
    const u = await userWithTotp('badinput@example.com');
    const code = nextCode(u.secret);
    const bad: Json[] = [
      { intermediate_session_token: 12 },
      { intermediate_session_token: 'x'.repeat(300) },
      { intermediate_session_token: '' },
      { intermediate_session_token: ['ist_x'] },
      { intermediate_session_token: FAKE_IST, trust_device: 'yes' },
    ];
    for (const extra of bad) {
      const r = await t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: code, ...extra } });
      assert.equal(r.status, 400, JSON.stringify(extra));
      assert.equal(r.json.error_type, 'invalid_request_body', JSON.stringify(extra));
    }
    for (const device of [12, 'x'.repeat(300), { a: 1 }]) {
      const { methodId, code: otp } = await sendOtp(t, 'badinput@example.com');
      const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: otp, method_id: methodId, device_token: device } });
      assert.equal(r.status, 400, JSON.stringify(device));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
    const unknown = await t.call('POST', '/sdk/v1/totps/authenticate', { body: { totp_code: code, intermediate_session_token: FAKE_IST } });
    assert.equal(unknown.json.error_type, 'intermediate_session_not_found');
    const send = await t.call('POST', '/sdk/v1/otps/sms/send', { body: {} });
    assert.equal(send.json.error_type, 'invalid_request_body');
  });

  it('a second factor the user does not hold (SMS without a verified phone, a passkey without one) is refused with the intermediate token', async () => {
    await userWithTotp('nophone@example.com');
    const ist = await intermediate('nophone@example.com');
    const sms = await t.call('POST', '/sdk/v1/otps/sms/send', { body: { intermediate_session_token: ist } });
    assert.equal(sms.status, 403);
    assert.equal(sms.json.error_type, 'unauthorized_action');
    const passkey = await t.call('POST', '/sdk/v1/webauthn/authenticate/start', { body: { intermediate_session_token: ist, domain: 'localhost' } });
    assert.equal(passkey.json.error_type, 'unauthorized_action');
    // An email passcode of the same user is no second factor either.
    const { methodId, code } = await sendOtp(t, 'nophone@example.com');
    const email = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId, intermediate_session_token: ist } });
    assert.equal(email.status, 403);
  });
});
