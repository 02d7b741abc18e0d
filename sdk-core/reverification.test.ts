/**
 * `client.reverify()` and the `reverification_required` API error (issue 29): the verdict's rules on their own, then
 * the client against the real reference server with re-verification on (its clock set back, then forward,
 * so the session's factor is old without waiting).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { totpCode } from '../server/totps/otp.ts';
import type { AuthClient } from './client.ts';
import { ApiError, isApiError, NoSessionError, UsageError } from './errors.ts';
import { DEFAULT_REVERIFICATION_MINUTES, reverifiableFactors, reverifyVerdict, serverWindowMinutes } from './reverification.ts';
import type { Session, User } from './schemas/index.ts';
import { devInboxCode, recordingClient, referenceServer, signInByEmail } from './test-support.ts';

const MINUTE = 60_000;
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

const user = (over: Partial<User> = {}): User => ({
  user_id: 'user-test-1',
  emails: [],
  phone_numbers: [],
  name: { first_name: '', middle_name: '', last_name: '' },
  providers: [],
  totps: [],
  webauthn_registrations: [],
  crypto_wallets: [],
  biometric_registrations: [],
  trusted_metadata: {},
  untrusted_metadata: {},
  created_at: '2030-01-01T00:00:00Z',
  status: 'active',
  roles: [],
  password: null,
  ...over,
});
const sessionAt = (...minutesAgo: number[]): Session =>
  ({
    session_id: 'session-test-1',
    user_id: 'user-test-1',
    authentication_factors: minutesAgo.map((m) => ({ type: 'otp', delivery_method: 'email', last_authenticated_at: new Date(NOW - m * MINUTE).toISOString() })),
  }) as unknown as Session;

describe('reverify: the verdict', () => {
  it('fresh when the freshest factor is within the window (inclusive), else the factors to prove again', () => {
    const u = user({ emails: [{ email_id: 'e', email: 'a@example.com', verified: true }] });
    assert.deepEqual(reverifyVerdict(sessionAt(30, 10), u, 10, NOW), { fresh: true });
    assert.deepEqual(reverifyVerdict(sessionAt(30, 11), u, 10, NOW), { fresh: false, factors: ['email_otp'] });
    assert.deepEqual(reverifyVerdict(sessionAt(11), u, 15, NOW), { fresh: true });
    // 0 minutes: the server asks nothing.
    assert.deepEqual(reverifyVerdict(sessionAt(600), u, 0, NOW), { fresh: true });
    // A session whose stamps cannot be read is not fresh.
    const unreadable = { ...sessionAt(), authentication_factors: [{ type: 'otp', delivery_method: 'email', last_authenticated_at: 'x' }] } as Session;
    assert.deepEqual(reverifyVerdict(unreadable, u, 10, NOW), { fresh: false, factors: ['email_otp'] });
  });

  it("lists the user's verified factors in a fixed order, and none without a user", () => {
    assert.deepEqual(reverifiableFactors(null), []);
    assert.deepEqual(
      reverifiableFactors(
        user({
          emails: [{ email_id: 'e', email: 'a@example.com', verified: true }],
          phone_numbers: [{ phone_id: 'p', phone_number: '+15555550100', verified: true }],
          totps: [{ totp_id: 't', verified: true }],
          webauthn_registrations: [{ webauthn_registration_id: 'w', name: 'Key', verified: true }],
          password: { password_id: 'pw', requires_reset: false },
        }),
      ),
      ['totp', 'sms_otp', 'webauthn', 'password', 'email_otp'],
    );
    // Unverified email, phone and TOTP do not count.
    assert.deepEqual(
      reverifiableFactors(
        user({
          emails: [{ email_id: 'e', email: 'a@example.com', verified: false }],
          phone_numbers: [{ phone_id: 'p', phone_number: '+15555550100', verified: false }],
          totps: [{ totp_id: 't', verified: false }],
        }),
      ),
      [],
    );
  });

  it("the default window is the bootstrap's: 0 when the policy is off, 10 minutes when the server does not say", () => {
    assert.equal(serverWindowMinutes({}), DEFAULT_REVERIFICATION_MINUTES);
    const mfa = { factors: [], trust_device_days: 30 } as const;
    assert.equal(serverWindowMinutes({ mfa: { ...mfa, factors: [], policy: 'required', reverification_minutes: 25 } }), 25);
    assert.equal(serverWindowMinutes({ mfa: { ...mfa, factors: [], policy: 'optional', reverification_minutes: 0 } }), 0);
    assert.equal(serverWindowMinutes({ mfa: { ...mfa, factors: [], policy: 'off', reverification_minutes: 10 } }), 0);
  });
});

describe('client.reverify against the real server', () => {
  // The server's clock runs `offset` ms from the machine's: set back, a sign-in is old once it is put right.
  let offset = 0;
  const made: AuthClient[] = [];
  const { server } = referenceServer({ now: () => Date.now() + offset, mfa: { policy: 'optional', reverification_minutes: 10 } }, made);

  it('bad input is a UsageError naming the field; no session is NoSessionError', async () => {
    const { client } = recordingClient(server, made);
    for (const bad of [{ maxAgeMinutes: '5' }, { maxAgeMinutes: Number.NaN }, { maxAgeMinutes: 0 }, { maxAgeMinutes: -1 }]) {
      await assert.rejects(
        client.reverify(bad as never),
        (e: unknown) => e instanceof UsageError && e.method === 'reverify' && e.field === 'maxAgeMinutes',
        JSON.stringify(bad),
      );
    }
    await assert.rejects(client.reverify(5 as never), (e: unknown) => e instanceof UsageError && e.field === 'options');
    await assert.rejects(client.reverify(), (e: unknown) => e instanceof NoSessionError);
  });

  it('an old session is not fresh; the refused delete is an ApiError reverification_required; a TOTP on the session makes it fresh', async () => {
    const { client } = recordingClient(server, made);
    offset = -20 * MINUTE;
    await signInByEmail(client, server.url, 'sdk-reverify@example.com');
    const created = await client.totps.create({ expiration_minutes: 30 });
    offset = 0;
    assert.deepEqual(await client.reverify(), { fresh: false, factors: ['email_otp'] });
    assert.deepEqual(await client.reverify({ maxAgeMinutes: 60 }), { fresh: true });

    const emailId = client.user.getSync()?.emails[0]?.email_id ?? '';
    const refused = await client.user.deleteFactor('email', emailId).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(isApiError(refused, 'reverification_required'), String(refused));
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status_code, 403);
    assert.deepEqual(refused.error_details, { reverification_minutes: 10 });

    await client.totps.authenticate({ totp_code: totpCode({ secret: created.secret }, Date.now()), session_duration_minutes: 60 });
    assert.deepEqual(await client.reverify(), { fresh: true });
    // Another way in first: the last one cannot be removed (docs/reference/methods/users.md#rules).
    const phone = '+14155552671';
    const sent = await client.otps.sms.send(phone);
    await client.otps.authenticate(await devInboxCode(server.url, phone), String(sent.method_id), { session_duration_minutes: 60 });
    const after = await client.user.deleteFactor('email', emailId);
    assert.deepEqual(after.emails, []);
  });
});
