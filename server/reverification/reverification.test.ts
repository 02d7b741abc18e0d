import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { totpCode } from '../totps/otp.ts';
import { backendCall, type CallResult, createBackendSecret, login, seedVerifiedPhone, sendOtp, type TestApp, testApp, wrongCode } from '../test-helpers.ts';
import { MFA_DEFAULTS, type MfaConfig } from '../mfa/config.ts';
import { lastAuthenticatedAt, requireFreshFactor, reverificationWindowMs } from './index.ts';

type Json = Record<string, unknown>;
const MINUTE = 60_000;
const data = (r: CallResult) => r.json.data as Json;

/**
 * Sets the project's `mfa` block as createApp's `mfa` option would (server/mfa/config.ts reads it on every
 * call), so one app serves each case.
 */
function setMfa(t: TestApp, mfa: MfaConfig | undefined): void {
  const config = t.services.project.config;
  if (mfa === undefined) delete config.mfa;
  else config.mfa = { ...mfa };
}

/** Every factor delete route the app registered, as its kind (`emails`, `totps`, ...). */
function factorKinds(t: TestApp): string[] {
  return t.routes.filter((r) => r.method === 'DELETE' && /^\/sdk\/v1\/users\/[a-z_]+\/:id$/.test(r.path)).map((r) => r.path.split('/')[4] as string);
}

/** Enrols and confirms a TOTP on the session: the session then holds a fresh `totp` factor. */
async function enrolTotp(t: TestApp, token: string): Promise<{ secret: string; totpId: string }> {
  const created = await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const secret = String(data(created).secret);
  const totpId = String(data(created).totp_id);
  const ok = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret }, t.clock.t) } });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  return { secret, totpId };
}

describe('re-verification before sensitive session calls', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('reads the window from the mfa block: off, 0 minutes or no block mean none; the default is 10 minutes', () => {
    setMfa(t, undefined);
    assert.equal(reverificationWindowMs(t.services), 0);
    setMfa(t, { policy: 'off', reverification_minutes: 5 });
    assert.equal(reverificationWindowMs(t.services), 0);
    setMfa(t, { policy: 'optional', reverification_minutes: 0 });
    assert.equal(reverificationWindowMs(t.services), 0);
    setMfa(t, { policy: 'required' });
    assert.equal(reverificationWindowMs(t.services), MFA_DEFAULTS.reverification_minutes * MINUTE);
    setMfa(t, { policy: 'optional', reverification_minutes: 3 });
    assert.equal(reverificationWindowMs(t.services), 3 * MINUTE);
    setMfa(t, undefined);
  });

  it('the freshest factor decides; a session with no readable stamp is stale', () => {
    const at = (iso: string) => ({ type: 'otp', delivery_method: 'email', last_authenticated_at: iso });
    const session = { factors: JSON.stringify([at('2030-01-01T11:00:00.000Z'), at('2030-01-01T11:55:00.000Z')]) };
    assert.equal(lastAuthenticatedAt(session), Date.UTC(2030, 0, 1, 11, 55));
    assert.equal(lastAuthenticatedAt({ factors: JSON.stringify([at('not a date')]) }), null);
    const svc = {
      project: { ...t.services.project, config: { ...t.services.project.config, mfa: { policy: 'optional' as const, reverification_minutes: 10 } } },
      now: () => Date.UTC(2030, 0, 1, 12, 5),
    };
    assert.doesNotThrow(() => requireFreshFactor(svc, session));
    const later = { ...svc, now: () => Date.UTC(2030, 0, 1, 12, 5, 1) };
    assert.throws(
      () => requireFreshFactor(later, session),
      (e: Error & { errorType?: string; status?: number }) => e.errorType === 'reverification_required' && e.status === 403,
    );
    assert.throws(() => requireFreshFactor(svc, { factors: JSON.stringify([at('')]) }), /verify it is you again/);
  });

  it('policy off: a stale session still removes factors and changes its password (today)', async () => {
    setMfa(t, { policy: 'off', reverification_minutes: 10 });
    const { token, data: d } = await login(t, 'off@example.com', 24 * 60);
    t.advance(60 * MINUTE);
    const emailId = String(((d.user as Json).emails as Json[])[0]?.email_id);
    await seedVerifiedPhone(t, String(d.user_id));
    const del = await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token });
    assert.equal(del.status, 200, JSON.stringify(del.json));
    const reset = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: token, body: { password: 'correct-horse-battery-staple-42' } });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    setMfa(t, undefined);
  });

  it('every factor delete and the password change by session: allowed within the window, refused after it', async () => {
    setMfa(t, { policy: 'optional', reverification_minutes: 10 });
    const kinds = factorKinds(t);
    for (const kind of ['emails', 'phone_numbers', 'totps', 'crypto_wallets', 'oauth', 'webauthn_registrations']) assert.ok(kinds.includes(kind), kind);
    const { token } = await login(t, 'window@example.com');
    t.advance(10 * MINUTE);
    // At the window's edge the sign-in's own factor still counts: each call gets past the check (to its own not-found).
    for (const kind of kinds) {
      const r = await t.call('DELETE', `/sdk/v1/users/${kind}/no-such-id`, { secret: token });
      assert.equal(r.status, 404, `${kind}: ${JSON.stringify(r.json)}`);
    }
    t.advance(1);
    for (const kind of kinds) {
      const r = await t.call('DELETE', `/sdk/v1/users/${kind}/no-such-id`, { secret: token });
      assert.equal(r.status, 403, kind);
      assert.equal(r.json.error_type, 'reverification_required', kind);
      assert.deepEqual(r.json.error_details, { reverification_minutes: 10 });
    }
    const reset = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: token, body: { password: 'correct-horse-battery-staple-42' } });
    assert.equal(reset.status, 403);
    assert.equal(reset.json.error_type, 'reverification_required');
    // The refusal changes nothing: the session is still live and the user still has no password.
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.equal(me.status, 200);
    assert.equal((me.json.data as Json).password, null);
    // Other session calls are not sensitive.
    assert.equal((await t.call('PUT', '/sdk/v1/users/me', { secret: token, body: { untrusted_metadata: { a: 1 } } })).status, 200);
    assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} })).status, 200);
    setMfa(t, undefined);
  });

  it('a TOTP authenticated again on the session makes it fresh for the window; a wrong code does not', async () => {
    setMfa(t, { policy: 'optional', reverification_minutes: 10 });
    const { token, data: d } = await login(t, 'totp-fresh@example.com');
    const emailId = String(((d.user as Json).emails as Json[])[0]?.email_id);
    const { secret, totpId } = await enrolTotp(t, token);
    t.advance(11 * MINUTE);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token })).json.error_type, 'reverification_required');

    const wrong = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: wrongCode(totpCode({ secret }, t.clock.t)) } });
    assert.equal(wrong.json.error_type, 'totp_code_not_found');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token })).json.error_type, 'reverification_required');

    const again = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret }, t.clock.t) } });
    assert.equal(again.status, 200, JSON.stringify(again.json));
    const factors = (data(again).session as { authentication_factors: { type: string; last_authenticated_at: string }[] }).authentication_factors;
    assert.equal(factors.find((f) => f.type === 'totp')?.last_authenticated_at, new Date(t.clock.t).toISOString());
    assert.equal(factors.length, 2, 'the TOTP factor is replaced, not added twice');

    await seedVerifiedPhone(t, String(d.user_id));
    const del = await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token });
    assert.equal(del.status, 200, JSON.stringify(del.json));
    const reset = await t.call('POST', '/sdk/v1/passwords/session/reset', { secret: token, body: { password: 'correct-horse-battery-staple-42' } });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    // The password change signed the old session out; the new one is fresh (its factor is new) and removes the TOTP after passing it.
    const fresh = String(data(reset).session_token);
    assert.equal(
      (await t.call('POST', '/sdk/v1/totps/authenticate', { secret: fresh, body: { totp_code: totpCode({ secret }, t.clock.t + 30_000) } })).status,
      200,
    );
    const gone = await t.call('DELETE', `/sdk/v1/users/totps/${totpId}`, { secret: fresh });
    assert.equal(gone.status, 200, JSON.stringify(gone.json));
    setMfa(t, undefined);
  });

  it('a passcode authenticated with the session token (backend otps/authenticate) refreshes the session', async () => {
    setMfa(t, { policy: 'optional', reverification_minutes: 10 });
    const backendSecret = await createBackendSecret(t);
    const email = 'otp-fresh@example.com';
    const { token, data: d } = await login(t, email, 24 * 60);
    const phoneless = String(((d.user as Json).emails as Json[])[0]?.email_id);
    t.advance(30 * MINUTE);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${phoneless}`, { secret: token })).json.error_type, 'reverification_required');
    const { methodId, code } = await sendOtp(t, email);
    const r = await backendCall(t, backendSecret, 'POST', '/v1/otps/authenticate', { method_id: methodId, code, session_token: token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    await seedVerifiedPhone(t, String(d.user_id));
    const del = await t.call('DELETE', `/sdk/v1/users/emails/${phoneless}`, { secret: token });
    assert.equal(del.status, 200, JSON.stringify(del.json));
    setMfa(t, undefined);
  });

  it('a passcode authenticated on the client with the session as Basic secret joins that session (the same token, fresh)', async () => {
    setMfa(t, { policy: 'optional', reverification_minutes: 10 });
    const email = 'sdk-otp-fresh@example.com';
    const { token, data: d } = await login(t, email, 24 * 60);
    const emailId = String(((d.user as Json).emails as Json[])[0]?.email_id);
    // A TOTP makes the second step due for this user's sign-ins: the join must not ask for it.
    await enrolTotp(t, token);
    t.advance(30 * MINUTE);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token })).json.error_type, 'reverification_required');
    const { methodId, code } = await sendOtp(t, email);
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', { secret: token, body: { token: code, method_id: methodId, session_duration_minutes: 60 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(data(r).session_token, token);
    assert.equal(data(r).intermediate_session_token, undefined);
    const factors = (data(r).session as { authentication_factors: { type: string; delivery_method: string; last_authenticated_at: string }[] })
      .authentication_factors;
    assert.deepEqual(factors.map((f) => `${f.type}:${f.delivery_method}`).sort(), ['otp:email', 'totp:authenticator_app']);
    assert.equal(factors.find((f) => f.type === 'otp')?.last_authenticated_at, new Date(t.clock.t).toISOString());
    await seedVerifiedPhone(t, String(d.user_id));
    assert.equal((await t.call('DELETE', `/sdk/v1/users/emails/${emailId}`, { secret: token })).status, 200);
    setMfa(t, undefined);
  });

  it('policy off: a passcode with a session as Basic secret starts a new session, as the provider does', async () => {
    const email = 'sdk-otp-off@example.com';
    const { token } = await login(t, email, 24 * 60);
    const { methodId, code } = await sendOtp(t, email);
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', { secret: token, body: { token: code, method_id: methodId, session_duration_minutes: 60 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.notEqual(data(r).session_token, token);
  });

  it('reverification_minutes 0 turns the check off', async () => {
    setMfa(t, { policy: 'optional', reverification_minutes: 0 });
    const { token } = await login(t, 'zero@example.com', 24 * 60);
    t.advance(12 * 60 * MINUTE);
    assert.equal((await t.call('DELETE', '/sdk/v1/users/emails/no-such-id', { secret: token })).json.error_type, 'email_not_found');
    setMfa(t, undefined);
  });
});
