/**
 * Attacks on re-verification (issue 29, docs/reference/reverification.md): a stolen, older session
 * removing the victim's factors or changing the password without proving a factor again; a wrong code
 * passed off as a re-verification; a fresh factor on one session borrowed by another session of the
 * same user; a burst of parallel deletes racing the check; an existing factor id told apart from an
 * unknown one by the refusal; an impersonated session.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mintImpersonationToken } from '../../server/impersonation/index.ts';
import { totpCode } from '../../server/totps/otp.ts';
import {
  backendCall,
  type CallResult,
  createBackendSecret,
  login,
  seedVerifiedPhone,
  sendOtp,
  type TestApp,
  testApp,
  wrongCode,
} from '../../server/test-helpers.ts';

type Json = Record<string, unknown>;
const MINUTE = 60_000;
const WINDOW_MINUTES = 10;
const data = (r: CallResult) => r.json.data as Json;

describe('attack: sensitive calls without re-verification', () => {
  let t: TestApp;
  let backendSecret: string;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: WINDOW_MINUTES } });
    backendSecret = await createBackendSecret(t);
  });
  after(() => t.close());

  let n = 0;
  /** A user with two sessions (signed in twice, long-lived) and a TOTP confirmed on the first. */
  async function victim() {
    const email = `victim-${++n}@example.com`;
    const a = await login(t, email, 24 * 60);
    const b = await login(t, email, 24 * 60);
    const created = await t.call('POST', '/sdk/v1/totps', { secret: a.token, body: {} });
    const secret = String(data(created).secret);
    const totpId = String(data(created).totp_id);
    assert.equal((await t.call('POST', '/sdk/v1/totps/authenticate', { secret: a.token, body: { totp_code: totpCode({ secret }, t.clock.t) } })).status, 200);
    const emailId = String(((a.data.user as Json).emails as Json[])[0]?.email_id);
    return { email, a: a.token, b: b.token, secret, totpId, emailId, userId: String(a.data.user_id) };
  }
  const me = async (token: string) => (await t.call('GET', '/sdk/v1/users/me', { secret: token })).json.data as Json & { emails: Json[]; totps: Json[] };
  const refused = (r: CallResult, what: string) => {
    assert.equal(r.status, 403, `${what}: ${JSON.stringify(r.json)}`);
    assert.equal(r.json.error_type, 'reverification_required', what);
  };

  it("a session older than the window removes none of the user's factors and sets no password", async () => {
    const v = await victim();
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), 'email');
    refused(await t.call('DELETE', `/sdk/v1/users/totps/${v.totpId}`, { secret: v.a }), 'totp');
    refused(await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: v.b, body: { password: 'attacker-chosen-password-1' } }), 'password');
    const user = await me(v.a);
    assert.equal(user.emails.length, 1);
    assert.equal(user.totps.length, 1);
    assert.equal(user.password, null);
  });

  it("a wrong TOTP code, a wrong passcode, or another user's passcode does not refresh the session", async () => {
    const v = await victim();
    await login(t, `other-${n}@example.com`, 24 * 60);
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    const wrongTotp = await t.call('POST', '/sdk/v1/totps/authenticate', {
      secret: v.a,
      body: { totp_code: wrongCode(totpCode({ secret: v.secret }, t.clock.t)) },
    });
    assert.equal(wrongTotp.json.error_type, 'totp_code_not_found');
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), 'after a wrong TOTP code');

    const sent = await sendOtp(t, v.email);
    const wrongOtp = await backendCall(t, backendSecret, 'POST', '/v1/otps/authenticate', {
      method_id: sent.methodId,
      code: wrongCode(sent.code),
      session_token: v.a,
    });
    assert.equal(wrongOtp.json.error_type, 'otp_code_not_found');
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), 'after a wrong passcode');

    // The attacker's own passcode, right, joined to the victim's session: refused, nothing refreshed.
    const mine = await sendOtp(t, `other-${n}@example.com`);
    const foreign = await backendCall(t, backendSecret, 'POST', '/v1/otps/authenticate', { method_id: mine.methodId, code: mine.code, session_token: v.a });
    assert.equal(foreign.json.error_type, 'unauthorized_action');
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), "after another user's passcode");
    assert.equal((await me(v.a)).emails.length, 1);
  });

  it("the attacker's own passcode sent with the victim's session as Basic secret joins nothing", async () => {
    const v = await victim();
    const attacker = `attacker-${n}@example.com`;
    await login(t, attacker, 24 * 60);
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    const mine = await sendOtp(t, attacker);
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', {
      secret: v.a,
      body: { token: mine.code, method_id: mine.methodId, session_duration_minutes: 60 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.notEqual(data(r).session_token, v.a);
    assert.notEqual(data(r).user_id, v.userId);
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), "after the attacker's passcode");
    // A wrong code with the victim's session refreshes nothing either.
    const own = await sendOtp(t, v.email);
    const wrong = await t.call('POST', '/sdk/v1/otps/authenticate', {
      secret: v.a,
      body: { token: wrongCode(own.code), method_id: own.methodId, session_duration_minutes: 60 },
    });
    assert.equal(wrong.json.error_type, 'otp_code_not_found');
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a }), 'after a wrong passcode on the session');
  });

  it('a factor proven again on session A does not make session B of the same user fresh', async () => {
    const v = await victim();
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    const again = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: v.a, body: { totp_code: totpCode({ secret: v.secret }, t.clock.t) } });
    assert.equal(again.status, 200, JSON.stringify(again.json));
    refused(await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.b }), 'session B');
    refused(await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: v.b, body: { password: 'attacker-chosen-password-1' } }), 'session B password');
    // Session A, which proved it, may (the user keeps another way in: docs/reference/methods/users.md#rules).
    await seedVerifiedPhone(t, v.userId);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.a })).status, 200);
  });

  it('20 parallel deletes after the window: all refused, nothing removed', async () => {
    const v = await victim();
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: i % 4 === 0 ? v.a : v.b })
        : t.call('DELETE', `/sdk/v1/users/totps/${v.totpId}`, { secret: i % 4 === 1 ? v.a : v.b }),
    );
    const results = await Promise.all(calls);
    for (const [i, r] of results.entries()) refused(r, `call ${i}`);
    const user = await me(v.a);
    assert.equal(user.emails.length, 1);
    assert.equal(user.totps.length, 1);
  });

  it("the refusal does not tell an existing factor id from an unknown one or another user's", async () => {
    const v = await victim();
    const w = await victim();
    t.advance(WINDOW_MINUTES * MINUTE + 1);
    const bodies = [];
    for (const id of [v.emailId, w.emailId, 'email-test-00000000-0000-4000-8000-000000000000']) {
      const r = await t.call('DELETE', `/sdk/v1/users/emails/${id}`, { secret: v.a });
      refused(r, id);
      const { request_id: _, ...rest } = r.json;
      bodies.push(rest);
    }
    assert.deepEqual(bodies[1], bodies[0]);
    assert.deepEqual(bodies[2], bodies[0]);
  });

  it('bad session credentials are refused before the check: no session, a garbage token, a revoked session', async () => {
    const v = await victim();
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`)).json.error_type, 'user_unauthenticated');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: 'x'.repeat(44) })).json.error_type, 'user_unauthenticated');
    assert.equal((await t.call('POST', '/sdk/v1/sessions/revoke', { secret: v.b, body: {} })).status, 200);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: v.b })).json.error_type, 'user_unauthenticated');
  });

  it('an impersonated session stays refused with unauthorized_action, fresh or not', async () => {
    const v = await victim();
    const { token } = await mintImpersonationToken(t.services.db, t.projectId, v.userId, { adminId: 'agent-7', now: t.clock.t });
    const imp = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });
    assert.equal(imp.status, 200, JSON.stringify(imp.json));
    const session = String(data(imp).session_token);
    const r = await t.call('DELETE', `/sdk/v1/users/emails/${v.emailId}`, { secret: session });
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'unauthorized_action');
    assert.equal((await me(v.a)).emails.length, 1);
  });
});
