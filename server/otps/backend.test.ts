/**
 * The otps method's `/v1` backend routes (issue 27): send and login_or_create by email, SMS and WhatsApp,
 * and authenticate (method_id + code) with a project secret, each success and failure, in the provider's
 * flat shapes; a full backend sign-in reading the code from the dev inbox. Runs on SQLite, and on
 * Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type BackendCall, backendCaller, codeOf, inboxOf } from '../test-backend.ts';
import { login, type TestApp, testApp, wrongCode } from '../test-helpers.ts';

const SMS = '+14155552671';
const WHATSAPP = '+447911123456';

describe('passcodes under /v1 (backend-driven sign-in)', () => {
  let t: TestApp;
  let v1: BackendCall;
  before(async () => {
    t = await testApp();
    ({ v1 } = await backendCaller(t));
  });
  after(() => t.close());

  it('email login_or_create then authenticate: a full backend sign-in with a session; the code works once', async () => {
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'Code@Example.com', expiration_minutes: 10, locale: 'fr' });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.deepEqual(Object.keys(sent.json).sort(), ['email_id', 'request_id', 'status_code', 'user_created', 'user_id']);
    assert.equal(sent.json.user_created, true);
    const [m] = await inboxOf(t, 'code@example.com');
    assert.ok(m?.code);
    assert.match(m.subject ?? '', /code/i);
    const r = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: m.code, session_duration_minutes: 30 });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.status_code, 200);
    assert.equal(r.json.user_id, sent.json.user_id);
    assert.equal(r.json.method_id, sent.json.email_id);
    assert.equal(r.json.reset_sessions, false);
    assert.equal(String(r.json.session_jwt).split('.').length, 3);
    const session = r.json.session as { authentication_factors: { type: string; delivery_method: string }[] };
    assert.deepEqual(
      session.authentication_factors.map((f) => [f.type, f.delivery_method]),
      [['otp', 'email']],
    );
    assert.equal((r.json.user as { emails: { verified: boolean }[] }).emails[0]?.verified, true);
    const again = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: m.code, session_duration_minutes: 30 });
    assert.equal(again.status, 404);
    assert.equal(again.json.error_type, 'otp_code_not_found');
  });

  for (const [channel, phone] of [
    ['sms', SMS],
    ['whatsapp', WHATSAPP],
  ] as const) {
    it(`${channel}: login_or_create answers phone_id; authenticate without session_duration_minutes answers no session`, async () => {
      const sent = await v1(`/v1/otps/${channel}/login_or_create`, { phone_number: phone });
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.deepEqual(Object.keys(sent.json).sort(), ['phone_id', 'request_id', 'status_code', 'user_created', 'user_id']);
      const [m] = await inboxOf(t, phone);
      assert.equal(m?.channel, channel);
      const r = await v1('/v1/otps/authenticate', { method_id: sent.json.phone_id, code: m?.code });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.session_token, '');
      assert.equal(r.json.session_jwt, '');
      assert.equal(r.json.session, null);
      assert.equal((r.json.user as { phone_numbers: { verified: boolean }[] }).phone_numbers[0]?.verified, true);

      const known = await v1(`/v1/otps/${channel}/send`, { phone_number: phone });
      assert.equal(known.status, 200);
      assert.deepEqual(Object.keys(known.json).sort(), ['phone_id', 'request_id', 'status_code', 'user_id']);
      assert.equal(known.json.phone_id, sent.json.phone_id);
    });
  }

  it('send: 404 for an unknown email or number; a bad number is 400 invalid_phone_number', async () => {
    const email = await v1('/v1/otps/email/send', { email: 'unknown@example.com' });
    assert.equal(email.status, 404);
    assert.equal(email.json.error_type, 'email_not_found');
    const phone = await v1('/v1/otps/sms/send', { phone_number: '+14155550199' });
    assert.equal(phone.status, 404);
    assert.equal(phone.json.error_type, 'phone_number_not_found');
    const bad = await v1('/v1/otps/sms/login_or_create', { phone_number: '12' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error_type, 'invalid_phone_number');
  });

  it('send with session_token adds a number to that user once verified, and the factor joins the session', async () => {
    const { token, data } = await login(t, 'adder@example.com');
    const sent = await v1('/v1/otps/sms/send', { phone_number: '+14155552672', session_token: token });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    assert.equal(sent.json.user_id, data.user_id);
    const r = await v1('/v1/otps/authenticate', { method_id: sent.json.phone_id, code: await codeOf(t, '+14155552672'), session_token: token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.session_token, token);
    assert.deepEqual(
      (r.json.user as { phone_numbers: { phone_number: string }[] }).phone_numbers.map((p) => p.phone_number),
      ['+14155552672'],
    );
    assert.deepEqual(
      (r.json.session as { authentication_factors: { delivery_method: string }[] }).authentication_factors.map((f) => f.delivery_method).sort(),
      ['email', 'sms'],
    );
    const gone = await v1('/v1/otps/email/send', { email: 'x@example.com', session_token: 'not-a-session' });
    assert.equal(gone.status, 404);
    assert.equal(gone.json.error_type, 'session_not_found');
  });

  it('create_user_as_pending: a pending user, active after the first code', async () => {
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'later@example.com', create_user_as_pending: true });
    assert.equal((await v1(`/v1/users/${String(sent.json.user_id)}`, undefined, { method: 'GET' })).json.status, 'pending');
    const r = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: await codeOf(t, 'later@example.com') });
    assert.equal((r.json.user as { status: string }).status, 'active');
  });

  it('authenticate failures: a malformed code 400 invalid_code, a wrong one 404 otp_code_not_found, an unknown method 404, bad bodies 400', async () => {
    const sent = await v1('/v1/otps/email/login_or_create', { email: 'wrong@example.com' });
    const code = await codeOf(t, 'wrong@example.com');
    const malformed = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: '12ab' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error_type, 'invalid_code');
    const wrong = await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code: wrongCode(code) });
    assert.equal(wrong.status, 404);
    assert.equal(wrong.json.error_type, 'otp_code_not_found');
    const unknown = await v1('/v1/otps/authenticate', { method_id: 'email-test-00000000-0000-0000-0000-000000000000', code });
    assert.equal(unknown.status, 404);
    // The SDK's field name is not the backend's: `token` instead of `code` is a schema error.
    for (const body of [{ method_id: sent.json.email_id, token: code }, { code }, { method_id: 1, code }]) {
      const r = await v1('/v1/otps/authenticate', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.json.error_type, 'invalid_request_body');
    }
    // The right code still works after the failures (one wrong guess of five).
    assert.equal((await v1('/v1/otps/authenticate', { method_id: sent.json.email_id, code })).status, 200);
  });

  it('send limits apply: the recipient window refuses the next send with 429', async () => {
    const limited = await testApp({ rateLimits: { sendPerRecipient: { max: 2, windowMs: 60_000 } } });
    try {
      const { v1: call } = await backendCaller(limited);
      assert.equal((await call('/v1/otps/email/login_or_create', { email: 'flood@example.com' })).status, 200);
      assert.equal((await call('/v1/otps/email/login_or_create', { email: 'flood@example.com' })).status, 200);
      const third = await call('/v1/otps/email/login_or_create', { email: 'flood@example.com' });
      assert.equal(third.status, 429);
      assert.equal(third.json.error_type, 'too_many_requests');
    } finally {
      await limited.close();
    }
  });

  it('enumeration protection: send answers known and unknown addresses alike; login_or_create never tells user_created', async () => {
    const p = await testApp({ enumerationProtection: true });
    try {
      const { v1: call } = await backendCaller(p);
      await login(p, 'member@example.com');
      const known = await call('/v1/otps/email/send', { email: 'member@example.com' });
      const unknown = await call('/v1/otps/email/send', { email: 'stranger@example.com' });
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      assert.deepEqual(Object.keys(known.json).sort(), Object.keys(unknown.json).sort());
      assert.equal((await inboxOf(p, 'stranger@example.com')).length, 0);
      assert.ok((await codeOf(p, 'member@example.com')) !== '');
      assert.equal((await call('/v1/otps/email/login_or_create', { email: 'new@example.com' })).json.user_created, false);
    } finally {
      await p.close();
    }
  });
});
