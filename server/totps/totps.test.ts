import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { totpCode } from './otp.ts';
import { TOTP_CREATE_LIMIT } from './routes.ts';

type Json = Record<string, unknown>;
const data = (r: { json: Json }) => r.json.data as Json;

describe('totps: create, authenticate, recovery codes, recover, delete', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  async function enrol(email: string) {
    const { token } = await login(t, email, 600);
    const r = await t.call('POST', '/sdk/v1/totps', { secret: token, body: { expiration_minutes: 60 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as Json & { totp_id: string; secret: string; recovery_codes: string[]; qr_code: string; otpauth_uri: string };
    return { token, ...d };
  }

  it('create answers the secret, an otpauth URI, a PNG QR code and 10 distinct recovery codes', async () => {
    const e = await enrol('totp-create@example.com');
    assert.match(e.secret, /^[A-Z2-7]{32}$/);
    assert.match(e.otpauth_uri, /^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    assert.match(e.otpauth_uri, /totp-create%40example\.com/);
    assert.match(e.qr_code, /^data:image\/png;base64,/);
    assert.equal(e.recovery_codes.length, 10);
    assert.equal(new Set(e.recovery_codes).size, 10);
    for (const code of e.recovery_codes) assert.match(code, /^[a-z0-9]{5}(-[a-z0-9]{5}){4}$/);
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: e.token });
    assert.deepEqual((data(me) as { totps: unknown }).totps, [{ totp_id: e.totp_id, verified: false }]);
  });

  it('create needs a session and refuses an out-of-range expiration', async () => {
    assert.equal((await t.call('POST', '/sdk/v1/totps', { body: {} })).json.error_type, 'user_unauthenticated');
    const { token } = await login(t, 'totp-range@example.com');
    for (const m of [4, 1441, 1.5]) {
      const r = await t.call('POST', '/sdk/v1/totps', { secret: token, body: { expiration_minutes: m } });
      assert.equal(r.json.error_type, 'invalid_request_body', String(m));
    }
  });

  it('the first good code verifies the TOTP and adds the totp factor to the same session', async () => {
    const e = await enrol('totp-auth@example.com');
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
      secret: e.token,
      body: { totp_code: totpCode({ secret: e.secret }, t.clock.t), session_duration_minutes: 90 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as Json & {
      session: { authentication_factors: { type: string; authenticator_app_factor?: { totp_id: string } }[]; expires_at: string };
      user: { totps: unknown };
    };
    assert.equal(d.session_token, e.token);
    assert.equal(d.totp_id, e.totp_id);
    assert.deepEqual(
      d.session.authentication_factors.map((f) => f.type),
      ['otp', 'totp'],
    );
    assert.equal(d.session.authentication_factors[1]?.authenticator_app_factor?.totp_id, e.totp_id);
    assert.equal(d.session.expires_at, new Date(t.clock.t + 90 * 60_000).toISOString());
    assert.deepEqual(d.user.totps, [{ totp_id: e.totp_id, verified: true }]);
    // A verified TOTP blocks a second enrolment.
    assert.equal((await t.call('POST', '/sdk/v1/totps', { secret: e.token, body: {} })).json.error_type, 'active_totp_exists');
  });

  it('codes one step either side are accepted, two steps away refused', async () => {
    const e = await enrol('totp-window@example.com');
    const prev = totpCode({ secret: e.secret }, t.clock.t - 30_000);
    assert.equal((await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: prev } })).status, 200);
    t.advance(60_000);
    const far = totpCode({ secret: e.secret }, t.clock.t + 60_000);
    assert.equal((await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: far } })).json.error_type, 'totp_code_not_found');
    const next = totpCode({ secret: e.secret }, t.clock.t + 30_000);
    assert.equal((await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: next } })).status, 200);
  });

  it('an unconfirmed TOTP expires; a malformed code is invalid_totp_code', async () => {
    const e = await enrol('totp-expire@example.com');
    assert.equal((await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: '12ab56' } })).json.error_type, 'invalid_totp_code');
    t.advance(61 * 60_000);
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: totpCode({ secret: e.secret }, t.clock.t) } });
    assert.equal(r.json.error_type, 'totp_code_not_found');
  });

  it('recovery codes need the TOTP factor once verified; recover signs the step in and each code works once', async () => {
    const e = await enrol('totp-recover@example.com');
    // Before verification the codes are not shown again (only the create answer had them).
    const before = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: e.token, body: {} });
    assert.deepEqual((data(before) as { totps: unknown[] }).totps, [{ totp_id: e.totp_id, verified: false, recovery_codes: [] }]);
    // An unverified TOTP's codes recover nothing.
    const code0 = e.recovery_codes[0] ?? '';
    assert.equal(
      (await t.call('POST', '/sdk/v1/totps/recover', { secret: e.token, body: { recovery_code: code0 } })).json.error_type,
      'totp_recovery_code_not_found',
    );
    await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: totpCode({ secret: e.secret }, t.clock.t) } });
    // A new session (first factor only) may not read the codes.
    const { token: other } = await login(t, 'totp-recover@example.com');
    assert.equal((await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: other, body: {} })).json.error_type, 'unauthorized_action');
    // It recovers with a code (typed in capitals, without dashes), which then is gone.
    const typed = code0.toUpperCase().replaceAll('-', '');
    const r = await t.call('POST', '/sdk/v1/totps/recover', { secret: other, body: { recovery_code: typed, session_duration_minutes: 30 } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as { session: { authentication_factors: { type: string }[] }; totp_id: string };
    assert.equal(d.totp_id, e.totp_id);
    assert.ok(d.session.authentication_factors.some((f) => f.type === 'recovery_codes'));
    assert.equal(
      (await t.call('POST', '/sdk/v1/totps/recover', { secret: other, body: { recovery_code: code0 } })).json.error_type,
      'totp_recovery_code_not_found',
    );
    const after = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: other, body: {} });
    assert.equal((data(after) as { totps: { verified: boolean }[] }).totps[0]?.verified, true);
    const left = (data(after) as { totps: { recovery_codes: string[] }[] }).totps[0]?.recovery_codes ?? [];
    assert.equal(left.length, 9);
    assert.ok(!left.includes(code0));
    assert.equal(
      (await t.call('POST', '/sdk/v1/totps/recover', { secret: other, body: { recovery_code: 'not a code' } })).json.error_type,
      'invalid_recovery_code',
    );
  });

  it('DELETE /users/totps/{id} needs the TOTP factor for a verified TOTP and only reaches the own user', async () => {
    const e = await enrol('totp-delete@example.com');
    const stranger = await login(t, 'totp-stranger@example.com');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/totps/${e.totp_id}`, { secret: stranger.token })).json.error_type, 'totp_not_found');
    await t.call('POST', '/sdk/v1/totps/authenticate', { secret: e.token, body: { totp_code: totpCode({ secret: e.secret }, t.clock.t) } });
    const { token: firstFactorOnly } = await login(t, 'totp-delete@example.com');
    assert.equal((await t.call('DELETE', `/sdk/v1/users/totps/${e.totp_id}`, { secret: firstFactorOnly })).json.error_type, 'unauthorized_action');
    const r = await t.call('DELETE', `/sdk/v1/users/totps/${e.totp_id}`, { secret: e.token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual((data(r) as { user: { totps: unknown } }).user.totps, []);
    assert.equal((await t.call('DELETE', `/sdk/v1/users/totps/${e.totp_id}`, { secret: e.token })).json.error_type, 'totp_not_found');
    // Its recovery codes went with it.
    assert.equal(
      (await t.call('POST', '/sdk/v1/totps/recover', { secret: e.token, body: { recovery_code: e.recovery_codes[1] } })).json.error_type,
      'totp_recovery_code_not_found',
    );
  });

  it(`create: at most ${TOTP_CREATE_LIMIT.max} enrolments per user per 10 minutes`, async () => {
    const { token } = await login(t, 'totp-create-limit@example.com', 600);
    for (let i = 0; i < TOTP_CREATE_LIMIT.max; i++) assert.equal((await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} })).status, 200);
    const r = await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} });
    assert.equal(r.status, 429);
    assert.equal(r.json.error_type, 'too_many_requests');
    t.advance(TOTP_CREATE_LIMIT.windowMs);
    assert.equal((await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} })).status, 200);
  });

  it('the secret is not stored in clear', async () => {
    const e = await enrol('totp-at-rest@example.com');
    const row = await t.services.db.kysely.selectFrom('totps').selectAll().where('totp_id', '=', e.totp_id).executeTakeFirstOrThrow();
    assert.ok(!row.secret_enc.includes(e.secret));
    const codes = await t.services.db.kysely.selectFrom('totp_recovery_codes').selectAll().where('totp_id', '=', e.totp_id).execute();
    for (const c of codes) assert.ok(!e.recovery_codes.some((rc) => c.code_enc.includes(rc) || c.code_hash.includes(rc)));
  });
});

describe('totps: parallel enrolments', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('confirming one enrolment removes the other pending ones', async () => {
    const { token } = await login(t, 'totp-parallel@example.com', 600);
    // Two tabs each start an enrolment at once: both may exist until one is confirmed.
    const [a, b] = await Promise.all([0, 1].map(() => t.call('POST', '/sdk/v1/totps', { secret: token, body: {} })));
    const answered = [a, b].filter((r) => r?.status === 200).map((r) => data(r as { json: Json }) as { totp_id: string; secret: string });
    assert.ok(answered.length >= 1);
    // A create replaces a pending enrolment that committed before it, so which of the two (or both)
    // survive depends on how the requests interleave: confirm one that still exists.
    const stored = await t.services.db.kysely
      .selectFrom('totps')
      .select('totp_id')
      .where(
        'totp_id',
        'in',
        answered.map((e) => e.totp_id),
      )
      .execute();
    const live = answered.filter((e) => stored.some((row) => row.totp_id === e.totp_id));
    assert.ok(live.length >= 1, 'at least one enrolment survives');
    const chosen = live.at(-1)!;
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret: chosen.secret }, t.clock.t) } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual((data(r) as { user: { totps: unknown } }).user.totps, [{ totp_id: chosen.totp_id, verified: true }]);
  });
});

describe('totps: retention', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('pruning removes an unverified TOTP a day after it expired, never a verified one', async () => {
    const { pruneOnce } = await import('../prune.ts');
    const enrol = async (email: string) => {
      const { token } = await login(t, email, 600);
      const r = await t.call('POST', '/sdk/v1/totps', { secret: token, body: { expiration_minutes: 5 } });
      return { token, ...(data(r) as { totp_id: string; secret: string }) };
    };
    const kept = await enrol('totp-kept@example.com');
    const ok = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: kept.token, body: { totp_code: totpCode({ secret: kept.secret }, t.clock.t) } });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    const dropped = await enrol('totp-dropped@example.com');
    t.advance(3 * 24 * 60 * 60_000);
    await pruneOnce(t.services);
    const k = t.services.db.kysely;
    const left = await k.selectFrom('totps').select('totp_id').execute();
    assert.deepEqual(
      left.map((r) => r.totp_id),
      [kept.totp_id],
    );
    assert.equal((await k.selectFrom('totp_recovery_codes').select('totp_id').where('totp_id', '=', dropped.totp_id).execute()).length, 0);
    assert.equal((await k.selectFrom('totp_recovery_codes').select('totp_id').where('totp_id', '=', kept.totp_id).execute()).length, 10);
  });
});
