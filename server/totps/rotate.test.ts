/**
 * Recovery codes regenerated from the account page (issue 30, docs/reference/methods/totps.md#calls):
 * `POST /sdk/v1/totps/recovery_codes/rotate`, and reading the codes as a sensitive call.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type CallResult, login, type TestApp, testApp } from '../test-helpers.ts';
import { totpCode } from './otp.ts';

type Json = Record<string, unknown>;
const data = (r: CallResult) => r.json.data as Json;
/** The unused codes of the user's first TOTP in a recovery_codes answer. */
const codesOf = (r: CallResult) => ((data(r).totps as Json[])[0]?.recovery_codes ?? []) as string[];

/** A signed-in user with a confirmed TOTP, the session having passed it. */
async function withTotp(t: TestApp, email: string): Promise<{ token: string; secret: string; totpId: string; codes: string[] }> {
  const { token } = await login(t, email, 24 * 60);
  const created = await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} });
  const secret = String(data(created).secret);
  const ok = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret }, t.clock.t) } });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  return { token, secret, totpId: String(data(created).totp_id), codes: data(created).recovery_codes as string[] };
}

describe('recovery codes rotate', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('gives 10 new codes; the old ones stop working, the new ones work', async () => {
    const u = await withTotp(t, 'rotate@example.com');
    const r = await t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', { secret: u.token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const fresh = data(r).recovery_codes as string[];
    assert.equal(fresh.length, 10);
    assert.equal(data(r).totp_id, u.totpId);
    assert.equal(new Set([...fresh, ...u.codes]).size, 20, 'all new');
    const listed = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: u.token, body: {} });
    assert.deepEqual(codesOf(listed).slice().sort(), fresh.slice().sort());

    const old = await t.call('POST', '/sdk/v1/totps/recover', { secret: u.token, body: { recovery_code: u.codes[0] } });
    assert.equal(old.json.error_type, 'totp_recovery_code_not_found');
    const used = await t.call('POST', '/sdk/v1/totps/recover', { secret: u.token, body: { recovery_code: fresh[0] } });
    assert.equal(used.status, 200, JSON.stringify(used.json));
  });

  it('needs a verified TOTP the session passed', async () => {
    const { token } = await login(t, 'rotate-none@example.com');
    const none = await t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', { secret: token });
    assert.equal(none.status, 404);
    assert.equal(none.json.error_type, 'totp_not_found');
    const u = await withTotp(t, 'rotate-other-session@example.com');
    const other = await login(t, 'rotate-other-session@example.com', 24 * 60);
    const r = await t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', { secret: other.token });
    assert.equal(r.status, 403);
    assert.equal(r.json.error_type, 'unauthorized_action');
    // Nothing changed: the first session still reads the codes of the enrolment.
    const listed = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: u.token, body: {} });
    assert.deepEqual(codesOf(listed).slice().sort(), u.codes.slice().sort());
    assert.equal((await t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', {})).json.error_type, 'user_unauthenticated');
  });

  it('parallel rotations leave exactly one set of 10 codes', async () => {
    const u = await withTotp(t, 'rotate-race@example.com');
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', { secret: u.token })));
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.json));
    const listed = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: u.token, body: {} });
    const codes = codesOf(listed);
    assert.equal(codes.length, 10);
    assert.ok(
      results.some((r) => JSON.stringify((data(r).recovery_codes as string[]).slice().sort()) === JSON.stringify(codes.slice().sort())),
      'the codes left are one answer’s',
    );
  });
});

describe('recovery codes under re-verification', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', reverification_minutes: 10 } });
  });
  after(() => t.close());

  it('reading and rotating need a factor proven within the window', async () => {
    const u = await withTotp(t, 'rotate-stale@example.com');
    t.advance(11 * 60_000);
    for (const path of ['/sdk/v1/totps/recovery_codes', '/sdk/v1/totps/recovery_codes/rotate']) {
      const r = await t.call('POST', path, { secret: u.token, body: {} });
      assert.equal(r.status, 403, path);
      assert.equal(r.json.error_type, 'reverification_required', path);
    }
    const again = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: u.token, body: { totp_code: totpCode({ secret: u.secret }, t.clock.t) } });
    assert.equal(again.status, 200);
    assert.equal((await t.call('POST', '/sdk/v1/totps/recovery_codes/rotate', { secret: u.token })).status, 200);
  });
});
