import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login, sendOtp, type TestApp, testApp, wrongCode } from '../test-helpers.ts';

describe('OTP email flow', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('login_or_create creates the user, sends the code through the dev inbox, authenticate opens a session', async () => {
    const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'Ada@Example.com' } });
    assert.equal(r.status, 200);
    const d = r.json.data!;
    assert.equal(d.status_code, 200);
    assert.equal(typeof d.request_id, 'string');
    assert.equal(d.user_created, true);
    assert.equal(d.method_id, d.email_id);
    assert.match(String(d.user_id), /^user-test-/);

    const inbox = await t.call('GET', '/dev/inbox.json?to=ada@example.com');
    const msg = (inbox.json.messages as { subject: string; text: string; code: string; channel: string }[])[0]!;
    assert.equal(msg.subject, 'Your verification code');
    assert.equal(msg.channel, 'email');
    assert.match(msg.code, /^\d{6}$/);
    assert.ok(msg.text.includes(msg.code));

    const a = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: msg.code, method_id: d.method_id } });
    assert.equal(a.status, 200);
    const ad = a.json.data as Record<string, unknown> & { session: Record<string, unknown>; user: Record<string, unknown> };
    assert.equal(ad.user_id, d.user_id);
    assert.ok(String(ad.session_token).length >= 43, 'session token carries >= 256 bits');
    assert.equal(String(ad.session_jwt).split('.').length, 3);
    for (const key of [
      'session_id',
      'user_id',
      'started_at',
      'last_accessed_at',
      'expires_at',
      'attributes',
      'authentication_factors',
      'custom_claims',
      'roles',
    ]) {
      assert.ok(key in ad.session, `session.${key}`);
    }
    const factor = (ad.session.authentication_factors as Record<string, unknown>[])[0]!;
    assert.equal(factor.type, 'otp');
    assert.equal(factor.delivery_method, 'email');
    assert.deepEqual(factor.email_factor, { email_id: d.email_id, email_address: 'ada@example.com' });
    // Default 30-minute session.
    assert.equal(Date.parse(String(ad.session.expires_at)) - Date.parse(String(ad.session.started_at)), 30 * 60_000);
    for (const key of [
      'user_id',
      'emails',
      'phone_numbers',
      'name',
      'providers',
      'totps',
      'webauthn_registrations',
      'crypto_wallets',
      'biometric_registrations',
      'trusted_metadata',
      'untrusted_metadata',
      'created_at',
      'status',
      'roles',
      'password',
    ]) {
      assert.ok(key in ad.user, `user.${key}`);
    }
    assert.deepEqual(ad.user.emails, [{ email_id: d.email_id, email: 'ada@example.com', verified: true }]);
  });

  it('a second send for the same email finds the existing user', async () => {
    const first = await sendOtp(t, 'same@example.com');
    const second = await sendOtp(t, 'SAME@example.com');
    assert.equal(first.userCreated, true);
    assert.equal(second.userCreated, false);
    assert.equal(first.methodId, second.methodId);
  });

  it('parallel first sends for one email create exactly one user', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'race@example.com' } })),
    );
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(new Set(results.map((r) => r.json.data!.user_id)).size, 1);
    assert.equal(results.filter((r) => r.json.data!.user_created === true).length, 1);
  });

  it('session_duration_minutes sets the session lifetime', async () => {
    const { data } = await login(t, 'duration@example.com', 60);
    const s = data.session as { started_at: string; expires_at: string };
    assert.equal(Date.parse(s.expires_at) - Date.parse(s.started_at), 60 * 60_000);
  });

  it('invalid email format -> 400 invalid_email', async () => {
    for (const email of ['nope', 'a@b', 'a@b.c', 'a b@example.com', '@example.com']) {
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email } });
      assert.equal(r.status, 400, email);
      assert.equal(r.json.error_type, 'invalid_email', email);
    }
  });

  it('wrong code -> 404 otp_code_not_found; the right code still works afterwards', async () => {
    const { methodId, code } = await sendOtp(t, 'wrong@example.com');
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(code), method_id: methodId } });
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'otp_code_not_found');
    assert.equal(r.json.error_message, 'Invalid passcode, please try again.', 'docs/reference/methods/otps.md#errors text');
    const ok = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
    assert.equal(ok.status, 200);
  });

  it('unknown method_id -> otp_code_not_found; non-6-digit token -> invalid_code', async () => {
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: '123456', method_id: 'email-test-nope' } });
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'otp_code_not_found');
    const { methodId } = await sendOtp(t, 'format@example.com');
    for (const token of ['12345', '1234567', 'abcdef', '']) {
      const f = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token, method_id: methodId } });
      assert.equal(f.status, 400, token);
      assert.equal(f.json.error_type, 'invalid_code', token);
    }
  });

  it('a code is single use', async () => {
    const { methodId, code } = await sendOtp(t, 'reuse@example.com');
    assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } })).status, 200);
    const again = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
    assert.equal(again.status, 404);
    assert.equal(again.json.error_type, 'otp_code_not_found');
  });

  it('a newer code supersedes the previous one', async () => {
    const first = await sendOtp(t, 'newer@example.com');
    const second = await sendOtp(t, 'newer@example.com');
    if (first.code !== second.code) {
      const old = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: first.code, method_id: first.methodId } });
      assert.equal(old.json.error_type, 'otp_code_not_found');
    }
    assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: second.code, method_id: second.methodId } })).status, 200);
  });

  it('expires after expiration_minutes (default 5), by the injected clock', async () => {
    const a = await sendOtp(t, 'expiry@example.com');
    t.advance(5 * 60_000 - 1);
    t.advance(2);
    const late = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: a.code, method_id: a.methodId } });
    assert.equal(late.status, 404);
    assert.equal(late.json.error_type, 'otp_code_not_found');

    const b = await sendOtp(t, 'expiry@example.com', { expiration_minutes: 10 });
    t.advance(9 * 60_000);
    assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: b.code, method_id: b.methodId } })).status, 200);
  });

  it('5 wrong guesses kill the code: the right code then fails', async () => {
    const { methodId, code } = await sendOtp(t, 'guesses@example.com');
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(code), method_id: methodId } });
      assert.equal(r.json.error_type, 'otp_code_not_found');
    }
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId } });
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'otp_code_not_found');
  });

  it('10 consecutive failures lock the user for 1 hour (user_lock_limit_reached)', async () => {
    const email = 'lock@example.com';
    let last = await sendOtp(t, email);
    for (let i = 1; i <= 10; i++) {
      if (i === 6) last = await sendOtp(t, email); // the first code died after 5 guesses
      const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(last.code), method_id: last.methodId } });
      if (i < 10) assert.equal(r.json.error_type, 'otp_code_not_found', `attempt ${i}`);
      else {
        assert.equal(r.status, 429);
        assert.equal(r.json.error_type, 'user_lock_limit_reached');
      }
    }
    // Locked: even a fresh, correct code is refused.
    const fresh = await sendOtp(t, email);
    const locked = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: fresh.code, method_id: fresh.methodId } });
    assert.equal(locked.status, 429);
    assert.equal(locked.json.error_type, 'user_lock_limit_reached');
    // After the hour the lock lifts.
    t.advance(60 * 60_000 + 1);
    const after1h = await sendOtp(t, email);
    assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: after1h.code, method_id: after1h.methodId } })).status, 200);
  });

  it('a success resets the consecutive-failure count', async () => {
    const email = 'reset-count@example.com';
    for (let round = 0; round < 3; round++) {
      const s = await sendOtp(t, email);
      for (let i = 0; i < 4; i++) {
        const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: wrongCode(s.code), method_id: s.methodId } });
        assert.equal(r.json.error_type, 'otp_code_not_found');
      }
      assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: s.code, method_id: s.methodId } })).status, 200);
    }
  });
});

describe('OTP send limits', () => {
  it('per email -> 429 too_many_requests, counted in the database', async () => {
    const t = await testApp({ rateLimits: { sendPerRecipient: { max: 2, windowMs: 60_000 } } });
    try {
      await sendOtp(t, 'limited@example.com');
      await sendOtp(t, 'limited@example.com');
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'limited@example.com' } });
      assert.equal(r.status, 429);
      assert.equal(r.json.error_type, 'too_many_requests');
      // Another email is unaffected; the window passes.
      await sendOtp(t, 'other@example.com');
      t.advance(60_000);
      await sendOtp(t, 'limited@example.com');
    } finally {
      await t.close();
    }
  });

  it('per IP and per project', async () => {
    const t = await testApp({ rateLimits: { sendPerIp: { max: 3, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 3; i++) await sendOtp(t, `ip${i}@example.com`);
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'ip9@example.com' } });
      assert.equal(r.json.error_type, 'too_many_requests');
    } finally {
      await t.close();
    }
    const p = await testApp({ rateLimits: { sendPerProject: { max: 1, windowMs: 60_000 } } });
    try {
      await sendOtp(p, 'p1@example.com');
      const r = await p.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'p2@example.com' } });
      assert.equal(r.status, 429);
    } finally {
      await p.close();
    }
  });
});
