/**
 * Two-step sign-in (issue 29, docs/reference/mfa.md): each policy, each second factor, trusted devices
 * (skip, expiry, revocation, backend API), required enrolment, and policy off leaving answers unchanged.
 * Runs on SQLite, and on Postgres with TEST_DATABASE_URL (test-helpers testApp).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { InboxResponse } from '../../sdk-core/schemas/index.ts';
import { revokeUserSessions } from '../user-actions.ts';
import { readLiveProjectFile } from '../project/file.ts';
import { backendCall, createBackendSecret, login, sendOtp, type TestApp, tempDir, testApp, testStore } from '../test-helpers.ts';
import { SoftAuthenticator } from '../test-soft-authenticator.ts';
import { totpCode } from '../totps/otp.ts';
import { INTERMEDIATE_SESSION_TTL_MS } from './store.ts';

type Json = Record<string, unknown>;
type Factor = { type: string };
type SessionAnswer = Json & { session_token: string; session: { authentication_factors: Factor[] }; device_token?: string; user_id: string };
type StepAnswer = Json & {
  user_id: string;
  intermediate_session_token: string;
  mfa_required: { factors: string[]; enrolment_required: boolean; phone_number_hint?: string };
};
const data = (r: { json: Json }) => r.json.data as Json;
const DAY = 24 * 60 * 60 * 1000;
const PHONE = '+14155552671';

/** The first factor by email passcode: the raw answer (a session, or the second step). */
async function firstFactor(t: TestApp, email: string, extra: Json = {}) {
  const { methodId, code } = await sendOtp(t, email);
  return t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: methodId, ...extra } });
}

/** The first factor when a second step is due: asserts the intermediate answer's shape. */
async function firstStep(t: TestApp, email: string, extra: Json = {}): Promise<StepAnswer> {
  const r = await firstFactor(t, email, extra);
  assert.equal(r.status, 200, JSON.stringify(r.json));
  const d = data(r) as StepAnswer;
  assert.match(d.intermediate_session_token, /^ist_[A-Za-z0-9_-]{43}$/);
  for (const key of ['session_token', 'session_jwt', 'session']) assert.equal(key in d, false, `${key} is absent`);
  return d;
}

/** Enrols and verifies a TOTP on a session; returns its secret and recovery codes. */
async function enrolTotp(t: TestApp, token: string): Promise<{ secret: string; recovery_codes: string[] }> {
  const created = await t.call('POST', '/sdk/v1/totps', { secret: token, body: { expiration_minutes: 60 } });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  const d = data(created) as { secret: string; recovery_codes: string[] };
  const verified = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret: d.secret }, t.clock.t) } });
  assert.equal(verified.status, 200, JSON.stringify(verified.json));
  return d;
}

/** A TOTP code of a later time step (each step is accepted once). */
function nextCode(t: TestApp, secret: string): string {
  t.advance(30_000);
  return totpCode({ secret }, t.clock.t);
}

const factorTypes = (d: SessionAnswer) => d.session.authentication_factors.map((f) => f.type);

describe('mfa: policy off (the default)', () => {
  let plain: TestApp;
  let off: TestApp;
  before(async () => {
    plain = await testApp();
    off = await testApp({ mfa: { policy: 'off' } });
  });
  after(async () => {
    await plain.close();
    await off.close();
  });

  it('a first factor answers the same keys with and without the mfa block, a session every time', async () => {
    const a = await firstFactor(plain, 'off-a@example.com');
    const b = await firstFactor(off, 'off-b@example.com');
    assert.equal(a.status, 200);
    assert.deepEqual(Object.keys(b.json).sort(), Object.keys(a.json).sort());
    assert.deepEqual(Object.keys(data(b)).sort(), Object.keys(data(a)).sort());
    assert.equal('intermediate_session_token' in data(b), false);
    // Even a user with a TOTP signs in with one factor.
    const token = String(data(b).session_token);
    await enrolTotp(off, token);
    const again = await firstFactor(off, 'off-b@example.com');
    assert.equal(typeof data(again).session_token, 'string');
    assert.equal('mfa_required' in data(again), false);
  });

  it('the bootstrap carries the mfa block with its defaults', async () => {
    const boot = await plain.call('GET', `/sdk/v1/projects/bootstrap/${plain.publicToken}`);
    assert.deepEqual(data(boot).mfa, {
      policy: 'off',
      factors: ['totp', 'sms_otp', 'webauthn', 'recovery_code'],
      trust_device_days: 30,
      reverification_minutes: 10,
    });
  });

  it('a live project file sets mfa (the bootstrap shows it); a bad value is refused naming the file and key', async () => {
    const dir = tempDir();
    try {
      const file = join(dir.dir, 'project.json');
      const base = { public_token: 'public-token-live-mfa-test-1', project_name: 'MFA', allowed_origins: ['https://app.example.com'] };
      writeFileSync(file, JSON.stringify({ ...base, mfa: { policy: 'required', factors: ['webauthn', 'totp'], trust_device_days: 0 } }));
      const live = await testApp({ liveProject: readLiveProjectFile(file) });
      try {
        const boot = await live.call('GET', `/sdk/v1/projects/bootstrap/${live.publicToken}`);
        assert.deepEqual(data(boot).mfa, { policy: 'required', factors: ['totp', 'webauthn'], trust_device_days: 0, reverification_minutes: 10 });
      } finally {
        await live.close();
      }
      writeFileSync(file, JSON.stringify({ ...base, mfa: { policy: 'always' } }));
      assert.throws(() => readLiveProjectFile(file), /PROJECT_CONFIG .* is invalid: .*mfa.*policy/);
      writeFileSync(file, JSON.stringify({ ...base, mfa: { reverification_minutes: 5000 } }));
      assert.throws(() => readLiveProjectFile(file), /is invalid: .*mfa.*reverification_minutes/);
      writeFileSync(file, JSON.stringify({ ...base, mfa: { polcy: 'off' } }));
      assert.throws(() => readLiveProjectFile(file), /is invalid: .*mfa/);
    } finally {
      dir.cleanup();
    }
  });

  it('createApp refuses a bad mfa option naming the key', async () => {
    await assert.rejects(testApp({ mfa: { policy: 'sometimes' as 'off' } }), /mfa option is invalid: mfa\.policy/);
    await assert.rejects(testApp({ mfa: { trust_device_days: 366 } }), /mfa option is invalid: mfa\.trust_device_days/);
    await assert.rejects(testApp({ mfa: { factors: ['email' as 'totp'] } }), /mfa option is invalid: mfa\.factors/);
    await assert.rejects(testApp({ mfa: { policy: 'required', factors: ['webauthn'] } }), /mfa option is invalid: mfa\.factors must include totp/);
  });
});

describe('mfa: policy optional', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional', trust_device_days: 7 } });
  });
  after(() => t.close());

  it('a user without a second factor gets a session from the first factor alone', async () => {
    const r = await firstFactor(t, 'opt-none@example.com');
    assert.equal(typeof data(r).session_token, 'string');
    assert.equal('mfa_required' in data(r), false);
  });

  it('with a TOTP: the first factor answers an intermediate token; the TOTP turns it into a session listing both factors', async () => {
    const { token } = await login(t, 'opt-totp@example.com');
    const { secret } = await enrolTotp(t, token);
    const step = await firstStep(t, 'opt-totp@example.com');
    assert.deepEqual(step.mfa_required, { factors: ['totp', 'recovery_code'], enrolment_required: false });
    assert.equal((step.user as { emails: { email: string }[] }).emails[0]?.email, 'opt-totp@example.com');
    // The intermediate token is no session.
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: step.intermediate_session_token });
    assert.equal(me.status, 401);
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: nextCode(t, secret), intermediate_session_token: step.intermediate_session_token, session_duration_minutes: 60 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as SessionAnswer;
    assert.deepEqual(factorTypes(d), ['otp', 'totp']);
    assert.equal(d.user_id, step.user_id);
    assert.equal('device_token' in d, false, 'no device token unless asked');
    const ok = await t.call('GET', '/sdk/v1/users/me', { secret: d.session_token });
    assert.equal(ok.status, 200);
    // Spent: the same token again is refused.
    const replay = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: nextCode(t, secret), intermediate_session_token: step.intermediate_session_token },
    });
    assert.equal(replay.status, 401);
    assert.equal(replay.json.error_type, 'intermediate_session_not_found');
  });

  it('every first factor is gated: passwords too', async () => {
    const email = 'opt-password@example.com';
    const created = await t.call('POST', '/sdk/v1/passwords', { body: { email, password: 'a sturdy passphrase 8412' } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    await enrolTotp(t, String(data(created).session_token));
    const r = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: 'a sturdy passphrase 8412' } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.match(String(data(r).intermediate_session_token), /^ist_/);
    assert.equal('session_token' in data(r), false);
  });

  it('an intermediate token expires after 10 minutes', async () => {
    const { token } = await login(t, 'opt-expire@example.com');
    const { secret } = await enrolTotp(t, token);
    const step = await firstStep(t, 'opt-expire@example.com');
    t.advance(INTERMEDIATE_SESSION_TTL_MS);
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: totpCode({ secret }, t.clock.t), intermediate_session_token: step.intermediate_session_token },
    });
    assert.equal(r.json.error_type, 'intermediate_session_not_found');
  });

  it('a recovery code completes the second step, once', async () => {
    const { token } = await login(t, 'opt-recover@example.com');
    const { recovery_codes } = await enrolTotp(t, token);
    const step = await firstStep(t, 'opt-recover@example.com');
    const r = await t.call('POST', '/sdk/v1/totps/recover', {
      body: { recovery_code: recovery_codes[0], intermediate_session_token: step.intermediate_session_token },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(factorTypes(data(r) as SessionAnswer), ['otp', 'recovery_codes']);
    const again = await firstStep(t, 'opt-recover@example.com');
    const reused = await t.call('POST', '/sdk/v1/totps/recover', {
      body: { recovery_code: recovery_codes[0], intermediate_session_token: again.intermediate_session_token },
    });
    assert.equal(reused.json.error_type, 'totp_recovery_code_not_found');
  });

  it('an SMS passcode to the verified phone completes the second step; the answer hints the number', async () => {
    const { token } = await login(t, 'opt-sms@example.com');
    // Attach and verify a phone on the session (send/secondary, then its code).
    const sent = await t.call('POST', '/sdk/v1/otps/sms/send/secondary', { secret: token, body: { phone_number: PHONE } });
    assert.equal(sent.status, 200, JSON.stringify(sent.json));
    const code = async () => {
      const inbox = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(PHONE)}`);
      return String((inbox.json as unknown as InboxResponse).messages[0]?.code);
    };
    const attached = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: await code(), method_id: data(sent).method_id } });
    assert.equal(attached.status, 200, JSON.stringify(attached.json));
    const step = await firstStep(t, 'opt-sms@example.com');
    assert.deepEqual(step.mfa_required, { factors: ['sms_otp'], enrolment_required: false, phone_number_hint: '+1 ••• ••• 2671' });
    const send = await t.call('POST', '/sdk/v1/otps/sms/send', { body: { intermediate_session_token: step.intermediate_session_token } });
    assert.equal(send.status, 200, JSON.stringify(send.json));
    assert.equal(data(send).method_id, data(sent).method_id);
    const r = await t.call('POST', '/sdk/v1/otps/authenticate', {
      body: { token: await code(), method_id: data(send).method_id, intermediate_session_token: step.intermediate_session_token },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.deepEqual(factorTypes(data(r) as SessionAnswer), ['otp', 'otp']);
    assert.equal((data(r) as SessionAnswer).session.authentication_factors.length, 2);
  });

  it('trust this device: a device token skips the second step until revoked; the lists show it', async () => {
    const email = 'opt-trust@example.com';
    const heard: { type: string; user_id?: unknown; device?: { device_id: string } }[] = [];
    t.services.events.subscribe({
      wants: async (type) => type.startsWith('trusted_device.'),
      hear: async (e) => {
        heard.push(e as (typeof heard)[number]);
      },
    });
    const { token } = await login(t, email);
    const { secret } = await enrolTotp(t, token);
    const step = await firstStep(t, email);
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: nextCode(t, secret), intermediate_session_token: step.intermediate_session_token, trust_device: true },
      headers: { 'user-agent': 'Trusted Browser/1.0' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const device = String((data(r) as SessionAnswer).device_token);
    assert.match(device, /^dvt_[A-Za-z0-9_-]{43}$/);
    // The next sign-in with the device token: a session at once.
    const skipped = await firstFactor(t, email, { device_token: device });
    assert.equal(skipped.status, 200);
    const session = String(data(skipped).session_token);
    assert.ok(session.length > 20);
    assert.deepEqual(factorTypes(data(skipped) as SessionAnswer), ['otp']);
    const list = await t.call('GET', '/sdk/v1/users/me/trusted_devices', { secret: session });
    assert.equal(list.status, 200);
    const devices = data(list).trusted_devices as { device_id: string; user_agent: string; expires_at: string }[];
    assert.equal(devices.length, 1);
    assert.equal(devices[0]?.user_agent, 'Trusted Browser/1.0');
    // The backend sees the same list.
    const secretKey = await createBackendSecret(t);
    const userId = String(data(skipped).user_id);
    const backendList = await backendCall(t, secretKey, 'GET', `/v1/users/${userId}/trusted_devices`);
    assert.deepEqual(backendList.json.trusted_devices, devices);
    // Another user's session cannot revoke it.
    const other = await login(t, 'opt-trust-other@example.com');
    const foreign = await t.call('DELETE', `/sdk/v1/users/me/trusted_devices/${devices[0]?.device_id}`, { secret: other.token });
    assert.equal(foreign.status, 404);
    // Revoked by its owner: the token no longer skips anything.
    const revoked = await t.call('DELETE', `/sdk/v1/users/me/trusted_devices/${devices[0]?.device_id}`, { secret: session });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
    await firstStep(t, email, { device_token: device });
    const empty = await t.call('GET', '/sdk/v1/users/me/trusted_devices', { secret: session });
    assert.deepEqual(data(empty).trusted_devices, []);
    // Webhook events: created, then revoked, carrying the device (never its token).
    assert.deepEqual(
      heard.map((e) => [e.type, e.user_id, e.device?.device_id]),
      [
        ['trusted_device.created', userId, devices[0]?.device_id],
        ['trusted_device.revoked', userId, devices[0]?.device_id],
      ],
    );
    assert.equal(JSON.stringify(heard).includes(device), false);
  });

  it('a device token expires after trust_device_days; revoking all sessions keeps it; the backend revokes it', async () => {
    const email = 'opt-trust-expiry@example.com';
    const { token } = await login(t, email);
    const { secret } = await enrolTotp(t, token);
    const trust = async () => {
      const step = await firstStep(t, email);
      const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
        body: { totp_code: nextCode(t, secret), intermediate_session_token: step.intermediate_session_token, trust_device: true },
      });
      return { device: String((data(r) as SessionAnswer).device_token), userId: step.user_id };
    };
    const first = await trust();
    t.advance(7 * DAY - 60_000);
    const skipped = await firstFactor(t, email, { device_token: first.device });
    assert.equal(typeof data(skipped).session_token, 'string');
    // Revoking every session of the user (the admin's remediation) leaves the device trusted.
    assert.ok((await revokeUserSessions(t.services, first.userId)).length > 0);
    const secretKey = await createBackendSecret(t);
    assert.equal(typeof data(await firstFactor(t, email, { device_token: first.device })).session_token, 'string');
    t.advance(2 * 60_000);
    await firstStep(t, email, { device_token: first.device });
    // A second device, revoked through the backend API.
    const second = await trust();
    const list = await backendCall(t, secretKey, 'GET', `/v1/users/${second.userId}/trusted_devices`);
    const id = (list.json.trusted_devices as { device_id: string }[])[0]?.device_id;
    const del = await backendCall(t, secretKey, 'DELETE', `/v1/users/${second.userId}/trusted_devices/${id}`);
    assert.equal(del.status, 200, JSON.stringify(del.json));
    assert.equal((await backendCall(t, secretKey, 'DELETE', `/v1/users/${second.userId}/trusted_devices/${id}`)).status, 404);
    await firstStep(t, email, { device_token: second.device });
  });

  it('deleting the user deletes their trusted devices and intermediate sessions', async () => {
    const email = 'opt-delete@example.com';
    const { token } = await login(t, email);
    const { secret } = await enrolTotp(t, token);
    const step = await firstStep(t, email);
    await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: nextCode(t, secret), intermediate_session_token: step.intermediate_session_token, trust_device: true },
    });
    await firstStep(t, email);
    const k = t.services.db.kysely;
    const count = async (table: 'trusted_devices' | 'intermediate_sessions') =>
      (await k.selectFrom(table).select('user_id').where('user_id', '=', step.user_id).execute()).length;
    assert.equal(await count('trusted_devices'), 1);
    assert.equal(await count('intermediate_sessions'), 2);
    const secretKey = await createBackendSecret(t);
    assert.equal((await backendCall(t, secretKey, 'DELETE', `/v1/users/${step.user_id}`)).status, 200);
    assert.equal(await count('trusted_devices'), 0);
    assert.equal(await count('intermediate_sessions'), 0);
  });
});

describe('mfa: a passkey as the second factor, and as the first', () => {
  const ORIGIN = 'http://localhost:5173';
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'optional' } });
  });
  after(() => t.close());

  async function registerPasskey(token: string, auth: SoftAuthenticator) {
    const start = await t.call('POST', '/sdk/v1/webauthn/register/start', { secret: token, origin: ORIGIN, body: { return_passkey_credential_options: true } });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    const cred = auth.create(JSON.parse(String(data(start).public_key_credential_creation_options)), ORIGIN);
    const r = await t.call('POST', '/sdk/v1/webauthn/register', {
      secret: token,
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(cred), is_passkey: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  }

  it('authenticate/start with the intermediate token names the user’s passkeys; the assertion completes the sign-in', async () => {
    const { token } = await login(t, 'pk-second@example.com');
    const auth = new SoftAuthenticator();
    await registerPasskey(token, auth);
    const step = await firstStep(t, 'pk-second@example.com');
    assert.deepEqual(step.mfa_required, { factors: ['webauthn'], enrolment_required: false });
    const start = await t.call('POST', '/sdk/v1/webauthn/authenticate/start', {
      origin: ORIGIN,
      body: { intermediate_session_token: step.intermediate_session_token, domain: 'localhost' },
    });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    assert.equal(data(start).user_id, step.user_id);
    const options = JSON.parse(String(data(start).public_key_credential_request_options)) as { allowCredentials: { id: string }[]; challenge: string };
    assert.equal(options.allowCredentials.length, 1);
    const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', {
      origin: ORIGIN,
      body: {
        public_key_credential: JSON.stringify(auth.get(options, ORIGIN)),
        intermediate_session_token: step.intermediate_session_token,
        trust_device: true,
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as SessionAnswer;
    assert.deepEqual(factorTypes(d), ['otp', 'webauthn']);
    assert.match(String(d.device_token), /^dvt_/);
    assert.equal(typeof d.webauthn_registration_id, 'string');
  });

  it('under required, a user whose only second factor is the passkey that signed in enrols a TOTP', async () => {
    const store = await testStore();
    const required = await testApp({ mfa: { policy: 'required' } }, { store, clock: t.clock });
    try {
      // The passkey was registered while the project's policy was optional (another app on the same store).
      const opt = await testApp({ mfa: { policy: 'optional' } }, { store, clock: t.clock });
      const auth = new SoftAuthenticator();
      try {
        const { token } = await login(opt, 'pk-only@example.com');
        const start = await opt.call('POST', '/sdk/v1/webauthn/register/start', {
          secret: token,
          origin: ORIGIN,
          body: { return_passkey_credential_options: true },
        });
        const cred = auth.create(JSON.parse(String(data(start).public_key_credential_creation_options)), ORIGIN);
        const reg = await opt.call('POST', '/sdk/v1/webauthn/register', {
          secret: token,
          origin: ORIGIN,
          body: { public_key_credential: JSON.stringify(cred) },
        });
        assert.equal(reg.status, 200, JSON.stringify(reg.json));
      } finally {
        await opt.close();
      }
      const start = await required.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', {
        origin: ORIGIN,
        body: { return_passkey_credential_options: true },
      });
      const options = JSON.parse(String(data(start).public_key_credential_request_options));
      const r = await required.call('POST', '/sdk/v1/webauthn/authenticate', {
        origin: ORIGIN,
        body: { public_key_credential: JSON.stringify(auth.get(options, ORIGIN)) },
      });
      const step = data(r) as StepAnswer;
      assert.deepEqual(step.mfa_required, { factors: [], enrolment_required: true });
      const created = await required.call('POST', '/sdk/v1/totps', { body: { intermediate_session_token: step.intermediate_session_token } });
      assert.equal(created.status, 200, JSON.stringify(created.json));
      const done = await required.call('POST', '/sdk/v1/totps/authenticate', {
        body: { totp_code: totpCode({ secret: String(data(created).secret) }, required.clock.t), intermediate_session_token: step.intermediate_session_token },
      });
      assert.equal(done.status, 200, JSON.stringify(done.json));
      assert.deepEqual(factorTypes(data(done) as SessionAnswer), ['webauthn', 'totp']);
    } finally {
      await required.close();
      await store.cleanup();
    }
  });

  it('a passkey sign-in is a first factor: a user with a TOTP is asked for it', async () => {
    const { token } = await login(t, 'pk-first@example.com');
    const auth = new SoftAuthenticator();
    await registerPasskey(token, auth);
    await enrolTotp(t, token);
    const start = await t.call('POST', '/sdk/v1/webauthn/authenticate/start/primary', { origin: ORIGIN, body: { return_passkey_credential_options: true } });
    const options = JSON.parse(String(data(start).public_key_credential_request_options));
    const r = await t.call('POST', '/sdk/v1/webauthn/authenticate', {
      origin: ORIGIN,
      body: { public_key_credential: JSON.stringify(auth.get(options, ORIGIN)) },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as StepAnswer;
    assert.match(d.intermediate_session_token, /^ist_/);
    // The passkey that made the first step is not offered again.
    assert.deepEqual(d.mfa_required.factors, ['totp', 'recovery_code']);
    assert.equal('session_token' in d, false);
    const again = await t.call('POST', '/sdk/v1/webauthn/authenticate/start', {
      origin: ORIGIN,
      body: { intermediate_session_token: d.intermediate_session_token, domain: 'localhost' },
    });
    assert.equal(again.json.error_type, 'unauthorized_action');
  });
});

describe('mfa: policy required', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ mfa: { policy: 'required' } });
  });
  after(() => t.close());

  it('a user with no second factor enrols a TOTP with the intermediate token, confirms it, and is signed in with both factors', async () => {
    const step = await firstStep(t, 'req-enrol@example.com');
    assert.deepEqual(step.mfa_required, { factors: [], enrolment_required: true });
    const created = await t.call('POST', '/sdk/v1/totps', { body: { intermediate_session_token: step.intermediate_session_token, expiration_minutes: 10 } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const enrol = data(created) as { secret: string; recovery_codes: string[]; qr_code: string; totp_id: string };
    assert.equal(enrol.recovery_codes.length, 10);
    assert.match(enrol.qr_code, /^data:image\/png;base64,/);
    const r = await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: totpCode({ secret: enrol.secret }, t.clock.t), intermediate_session_token: step.intermediate_session_token },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = data(r) as SessionAnswer & { totp_id: string };
    assert.deepEqual(factorTypes(d), ['otp', 'totp']);
    assert.equal(d.totp_id, enrol.totp_id);
    // The recovery codes shown at enrolment work from now on; the next sign-in asks for the TOTP.
    const next = await firstStep(t, 'req-enrol@example.com');
    assert.deepEqual(next.mfa_required, { factors: ['totp', 'recovery_code'], enrolment_required: false });
    const recovered = await t.call('POST', '/sdk/v1/totps/recover', {
      body: { recovery_code: enrol.recovery_codes[3], intermediate_session_token: next.intermediate_session_token },
    });
    assert.equal(recovered.status, 200, JSON.stringify(recovered.json));
  });

  it('enrolment with an intermediate token is refused once the user has a second factor', async () => {
    const step = await firstStep(t, 'req-twice@example.com');
    const created = await t.call('POST', '/sdk/v1/totps', { body: { intermediate_session_token: step.intermediate_session_token } });
    const { secret } = data(created) as { secret: string };
    await t.call('POST', '/sdk/v1/totps/authenticate', {
      body: { totp_code: totpCode({ secret }, t.clock.t), intermediate_session_token: step.intermediate_session_token },
    });
    const again = await firstStep(t, 'req-twice@example.com');
    const refused = await t.call('POST', '/sdk/v1/totps', { body: { intermediate_session_token: again.intermediate_session_token } });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error_type, 'unauthorized_action');
  });

  it('factors the project does not count are not offered', async () => {
    const only = await testApp({ mfa: { policy: 'optional', factors: ['sms_otp'] } });
    try {
      const { token } = await login(only, 'req-count@example.com');
      await enrolTotp(only, token);
      // A TOTP that does not count leaves the user outside the optional policy.
      const r = await firstFactor(only, 'req-count@example.com');
      assert.equal(typeof data(r).session_token, 'string');
    } finally {
      await only.close();
    }
  });

  it('the first factor stores no session: the intermediate session lives in its own table', async () => {
    const step = await firstStep(t, 'req-events@example.com');
    const k = t.services.db.kysely;
    assert.deepEqual(await k.selectFrom('sessions').select('session_id').where('user_id', '=', step.user_id).execute(), []);
    const pending = await k.selectFrom('intermediate_sessions').selectAll().where('user_id', '=', step.user_id).execute();
    assert.equal(pending.length, 1);
    assert.notEqual(pending[0]?.token_hash, step.intermediate_session_token, 'only the hash is stored');
  });
});
