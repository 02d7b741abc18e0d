/**
 * `client.mfa` against the real reference server under the `required` policy (issue 29): a first
 * factor leaves no session but the pending step, enrolment and its first code finish sign-in with
 * both factors, the device token skips the next second step, a recovery code finishes another
 * device's, and bad calls are usage errors naming the field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { totpCode } from '../../server/totps/otp.ts';
import type { AuthClient } from '../client.ts';
import { ApiError, UsageError } from '../errors.ts';
import { devInboxCode, recordingClient, referenceServer } from '../test-support.ts';

describe('client.mfa against the real server (policy required)', () => {
  const made: AuthClient[] = [];
  const { server } = referenceServer({ mfa: { policy: 'required', trust_device_days: 30 } }, made);

  /** The first factor by email passcode; the raw answer. */
  async function firstFactor(client: AuthClient, email: string) {
    const { method_id } = await client.otps.email.loginOrCreate(email);
    return client.otps.authenticate(await devInboxCode(server.url, email), method_id, { session_duration_minutes: 60 });
  }

  it('enrols at the first sign-in, trusts the device, skips the step next time, and takes a recovery code elsewhere', async () => {
    const email = 'sdk-mfa@example.com';
    const first = recordingClient(server, made);
    const seen: unknown[] = [];
    first.client.mfa.onRequired((m) => seen.push(m));

    const answer = (await firstFactor(first.client, email)) as unknown as Record<string, unknown>;
    assert.equal(answer['session_token'], undefined, 'no session from the first factor');
    assert.equal(first.client.session.getSync(), null);
    assert.deepEqual(await first.client.mfa.factors(), answer['mfa_required']);
    assert.equal((await first.client.mfa.factors())?.enrolment_required, true);
    assert.match((await first.client.mfa.intermediateToken()) ?? '', /^ist_/);
    assert.deepEqual(seen, [answer['mfa_required']]);

    const totp = await first.client.mfa.enrol.totp();
    assert.ok(totp.qr_code.startsWith('data:image/png;base64,'));
    assert.equal(totp.recovery_codes.length > 0, true);
    const done = await first.client.mfa.totp.authenticate({
      totp_code: totpCode({ secret: totp.secret }, Date.now()),
      session_duration_minutes: 60,
      trust_device: true,
    });
    assert.deepEqual(done.session.authentication_factors.map((f) => f.type).sort(), ['otp', 'totp']);
    assert.match(done.device_token ?? '', /^dvt_/);
    assert.equal(first.client.session.getSync()?.session_id, done.session.session_id);
    assert.equal(await first.client.mfa.factors(), null, 'the pending step ended');
    assert.equal(await first.client.mfa.intermediateToken(), null, 'the intermediate token is spent and gone');
    assert.deepEqual(seen, [answer['mfa_required'], null]);

    // The intermediate token was spent: another finishing call is a usage error naming it.
    await assert.rejects(
      first.client.mfa.recover({ recovery_code: totp.recovery_codes[0]!, session_duration_minutes: 60 }),
      (e: unknown) => e instanceof UsageError && e.field === 'intermediate_session_token',
    );

    // This device is trusted: the next first factor here answers a session at once.
    await first.client.session.revoke();
    const again = await firstFactor(first.client, email);
    assert.ok(again.session_token, 'the trusted device skipped the second step');

    // Signed in, the user lists the device (its browser read from the user agent) and can withdraw it.
    const devices = await first.client.mfa.trustedDevices();
    assert.equal(devices.length, 1);
    assert.deepEqual(Object.keys(devices[0]!.device).sort(), ['browser', 'device_type', 'os']);
    await assert.rejects(first.client.mfa.revokeTrustedDevice(7 as never), (e: unknown) => e instanceof UsageError && e.field === 'device_id');
    await assert.rejects(first.client.mfa.revokeTrustedDevice('trusted-device-test-nope'), (e: unknown) => e instanceof ApiError && e.status_code === 404);
    await first.client.mfa.revokeTrustedDevice(devices[0]!.device_id);
    assert.deepEqual(await first.client.mfa.trustedDevices(), []);

    // Another device (no device token) is asked; a wrong code is refused, a recovery code finishes.
    const other = recordingClient(server, made);
    const step = (await firstFactor(other.client, email)) as unknown as Record<string, unknown>;
    assert.equal(step['session_token'], undefined);
    assert.deepEqual((await other.client.mfa.factors())?.factors, ['totp', 'recovery_code']);
    await assert.rejects(other.client.mfa.totp.authenticate({ totp_code: '000000', session_duration_minutes: 60 }), (e: unknown) => e instanceof ApiError);
    const recovered = await other.client.mfa.recover({ recovery_code: totp.recovery_codes[0]!, session_duration_minutes: 60 });
    assert.ok(recovered.session_token);
    assert.equal(recovered.device_token, undefined, 'not trusted unless asked');
  });

  it('checks its arguments: usage errors name the field', async () => {
    const { client } = recordingClient(server, made);
    const cases: [() => Promise<unknown>, string][] = [
      [() => client.mfa.totp.authenticate({ session_duration_minutes: 60 } as never), 'totp_code'],
      [() => client.mfa.totp.authenticate({ totp_code: '123456' } as never), 'session_duration_minutes'],
      [() => client.mfa.totp.authenticate({ totp_code: '123456', session_duration_minutes: 60, trust_device: 'yes' } as never), 'trust_device'],
      [() => client.mfa.recover({ recovery_code: 7, session_duration_minutes: 60 } as never), 'recovery_code'],
      [() => client.mfa.sms.authenticate({ code: '123456', session_duration_minutes: 60 } as never), 'method_id'],
      [() => client.mfa.enrol.totp({ expiration_minutes: 'soon' } as never), 'expiration_minutes'],
      // No first factor is waiting: nothing to send with.
      [() => client.mfa.sms.send(), 'intermediate_session_token'],
      [() => client.mfa.totp.authenticate({ totp_code: '123456', session_duration_minutes: 60 }), 'intermediate_session_token'],
    ];
    for (const [call, field] of cases) {
      await assert.rejects(call(), (e: unknown) => e instanceof UsageError && e.field === field, field);
    }
  });
});
