/**
 * Attack: lockouts turned into a weapon. 10 wrong passcodes from 10 addresses locked the victim out of
 * OTP sign-in for an hour (the lock was per user), and 21 wrong passwords blocked the right one for
 * 5 minutes (the limit counted every attempt per email). Now the limits are keyed by user and client
 * (docs/reference/security.md#lockouts): a stranger locks out only themselves, and an account under attack stays open to the
 * client that asked for the code (OTP) or that signed in before (passwords), while the guessing bound
 * holds for everyone else.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { OTP_MAX_ATTEMPTS, USER_GUARD, USER_LOCK_MS, USER_LOCK_THRESHOLD } from '../../server/otps/routes.ts';
import { PASSWORD_ATTEMPTS_PER_CLIENT, PASSWORD_GUARD } from '../../server/passwords/routes.ts';
import { type CallOptions, type TestApp, testApp, wrongCode } from '../../server/test-helpers.ts';

const VICTIM_IP = '198.51.100.7';
const attacker = (i: number) => `203.0.113.${i}`;
const PASSWORD = 'violet-Harbor-quietly-47';
const WRONG = 'amber Tundra whistles 93';

/** A caller behind the trusted proxy at `ip`, optionally with the SDK's persistent_id. */
const from = (ip: string, persistentId?: string): CallOptions => ({
  headers: {
    'x-forwarded-for': ip,
    ...(persistentId ? { 'x-sdk-client': Buffer.from(JSON.stringify({ persistent_id: persistentId, app: { identifier: 'x' } })).toString('base64') } : {}),
  },
});

async function latestCode(t: TestApp, email: string): Promise<string> {
  const messages = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(email)}`)).json.messages as InboxMessage[];
  return messages[0]!.code!;
}

/** Asks for a passcode for `email` from `ip`; the method id and the code the victim's mailbox got. */
async function requestCode(t: TestApp, email: string, ip: string): Promise<{ methodId: string; code: string }> {
  const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email }, ...from(ip) });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return { methodId: String(r.json.data!.method_id), code: await latestCode(t, email) };
}

const guess = (t: TestApp, methodId: string, token: string, ip: string) =>
  t.call('POST', '/sdk/v1/otps/authenticate', { body: { token, method_id: methodId, session_duration_minutes: 30 }, ...from(ip) });

describe('OTP lockout keyed by user and client', () => {
  it('10 wrong codes from 10 other IPs do not stop the victim from signing in with the code it requested; attackers are refused', async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const email = 'victim-otp@example.com';
      // An attacker asks for a code (it goes to the victim's mailbox), then 10 IPs guess.
      const planted = await requestCode(t, email, attacker(100));
      for (let i = 1; i <= USER_LOCK_THRESHOLD; i++) {
        const r = await guess(t, planted.methodId, wrongCode(planted.code), attacker(i));
        assert.equal(r.json.error_type, 'otp_code_not_found', `guess ${i}`);
      }
      // The user is now guarded (10 failures this hour): the victim asks for a code and uses it.
      const mine = await requestCode(t, email, VICTIM_IP);
      // Meanwhile strangers' guesses at the victim's fresh code are refused without being compared,
      // so they cannot burn it (5 wrong guesses would).
      for (let i = 11; i < 11 + OTP_MAX_ATTEMPTS + 2; i++) {
        const r = await guess(t, mine.methodId, wrongCode(mine.code), attacker(i));
        assert.equal(r.status, 429, `attacker ${i}`);
        assert.equal(r.json.error_type, 'user_lock_limit_reached');
      }
      const r = await guess(t, mine.methodId, mine.code, VICTIM_IP);
      assert.equal(r.status, 200, JSON.stringify(r.json));
    } finally {
      await t.close();
    }
  });

  it('10 consecutive failures from one IP lock that IP only, for an hour', async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const email = 'victim-otp2@example.com';
      const bad = attacker(1);
      let code = await requestCode(t, email, bad);
      for (let i = 1; i <= USER_LOCK_THRESHOLD; i++) {
        if (i === OTP_MAX_ATTEMPTS + 1) code = await requestCode(t, email, bad); // the first code died after 5 guesses
        const r = await guess(t, code.methodId, wrongCode(code.code), bad);
        assert.equal(r.json.error_type, i < USER_LOCK_THRESHOLD ? 'otp_code_not_found' : 'user_lock_limit_reached', `guess ${i}`);
      }
      // Locked: even the right code from that IP is refused (it cannot know it; here the test does).
      const theirs = await requestCode(t, email, bad);
      assert.equal((await guess(t, theirs.methodId, theirs.code, bad)).json.error_type, 'user_lock_limit_reached');
      // Every other client is unaffected.
      const mine = await requestCode(t, email, VICTIM_IP);
      assert.equal((await guess(t, mine.methodId, mine.code, VICTIM_IP)).status, 200);
      // After the hour the lock lifts.
      t.advance(USER_LOCK_MS + 1);
      const later = await requestCode(t, email, bad);
      assert.equal((await guess(t, later.methodId, later.code, bad)).status, 200);
    } finally {
      await t.close();
    }
  });

  it('the bound holds: a guarded user takes guesses only from the requester of the outstanding code, at most 5 per code', async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const email = 'victim-otp3@example.com';
      const first = await requestCode(t, email, attacker(1));
      for (let i = 0; i < USER_GUARD.max; i++) await guess(t, first.methodId, wrongCode(first.code), attacker(50 + i));
      // Guarded. The attacker must ask for a code themselves to guess at all (each send counts against
      // the per-email send limit), and then gets 5 compared guesses at it, from the requesting IP only.
      const own = await requestCode(t, email, attacker(2));
      const types: string[] = [];
      for (let i = 0; i < OTP_MAX_ATTEMPTS + 3; i++) types.push(String((await guess(t, own.methodId, wrongCode(own.code), attacker(2))).json.error_type));
      assert.deepEqual(types, Array(OTP_MAX_ATTEMPTS + 3).fill('otp_code_not_found'));
      assert.equal((await guess(t, own.methodId, own.code, attacker(2))).json.error_type, 'otp_code_not_found', 'the code died after 5 wrong guesses');
      assert.equal((await guess(t, own.methodId, own.code, attacker(3))).json.error_type, 'user_lock_limit_reached', 'other IPs are refused');
    } finally {
      await t.close();
    }
  });
});

describe('password attempts keyed by email and client', () => {
  it('21+ wrong passwords from other IPs do not block the right password from the user’s known client; strangers are refused past 20', async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const email = 'victim-pw@example.com';
      const created = await t.call('POST', '/sdk/v1/passwords', { body: { email, password: PASSWORD }, ...from(VICTIM_IP, 'persistent-id-victim-laptop') });
      assert.equal(created.status, 200, JSON.stringify(created.json));

      const answers: string[] = [];
      for (let i = 1; i <= PASSWORD_GUARD.max + 5; i++) {
        const r = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: WRONG }, ...from(attacker(i)) });
        answers.push(`${r.status} ${r.json.error_type}`);
      }
      assert.deepEqual(answers.slice(0, PASSWORD_GUARD.max), Array(PASSWORD_GUARD.max).fill('401 unauthorized_credentials'));
      assert.deepEqual(answers.slice(PASSWORD_GUARD.max), Array(5).fill('429 too_many_requests'), 'guarded: strangers are refused unchecked');
      // Even a stranger holding the right password waits (the documented trade-off: a new device during
      // an attack waits out the window or uses the reset email).
      const stranger = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: PASSWORD }, ...from(attacker(99)) });
      assert.equal(stranger.json.error_type, 'too_many_requests');

      // The user's known client signs in: by its IP, or by its browser's persistent_id from a new IP.
      const home = await t.call('POST', '/sdk/v1/passwords/authenticate', {
        body: { email, password: PASSWORD, session_duration_minutes: 30 },
        ...from(VICTIM_IP),
      });
      assert.equal(home.status, 200, JSON.stringify(home.json));
      const travelling = await t.call('POST', '/sdk/v1/passwords/authenticate', {
        body: { email, password: PASSWORD },
        ...from('192.0.2.44', 'persistent-id-victim-laptop'),
      });
      assert.equal(travelling.status, 200, JSON.stringify(travelling.json));
      // A known client's wrong password is still just wrong (it is checked and counted).
      assert.equal(
        (await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: WRONG }, ...from(VICTIM_IP) })).json.error_type,
        'unauthorized_credentials',
      );

      // The window passes: strangers are checked again.
      t.advance(PASSWORD_GUARD.windowMs);
      assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: PASSWORD }, ...from(attacker(99)) })).status, 200);
    } finally {
      await t.close();
    }
  });

  it('one client gets 20 attempts per 10 minutes, then 429 for that client only', async () => {
    const t = await testApp({ trustProxy: true });
    try {
      const email = 'victim-pw2@example.com';
      await t.call('POST', '/sdk/v1/passwords', { body: { email, password: PASSWORD }, ...from(VICTIM_IP) });
      for (let i = 1; i <= PASSWORD_ATTEMPTS_PER_CLIENT.max; i++) {
        assert.equal(
          (await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: WRONG }, ...from(attacker(1)) })).status,
          401,
          `attempt ${i}`,
        );
      }
      const limited = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: PASSWORD }, ...from(attacker(1)) });
      assert.equal(limited.json.error_type, 'too_many_requests');
      assert.equal(typeof (limited.json.error_details as { retry_after_seconds?: number }).retry_after_seconds, 'number');
      assert.equal((await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: PASSWORD }, ...from(VICTIM_IP) })).status, 200);
    } finally {
      await t.close();
    }
  });

  it('with captcha on, a guarded account lets a stranger go on by solving a captcha per attempt', async () => {
    const t = await testApp({ trustProxy: true, bootstrap: { captcha_settings: { enabled: true, siteKey: 'dev-captcha' } } });
    try {
      const captcha = async () => String((await t.call('GET', '/dev/captcha-token')).json.captcha_token);
      const email = 'victim-pw3@example.com';
      assert.equal(
        (await t.call('POST', '/sdk/v1/passwords', { body: { email, password: PASSWORD, captcha_token: await captcha() }, ...from(VICTIM_IP) })).status,
        200,
      );
      for (let i = 1; i <= PASSWORD_GUARD.max; i++) {
        await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: WRONG, captcha_token: await captcha() }, ...from(attacker(i)) });
      }
      const noCaptcha = await t.call('POST', '/sdk/v1/passwords/authenticate', { body: { email, password: PASSWORD }, ...from('192.0.2.50') });
      assert.equal(noCaptcha.status, 403);
      assert.equal(noCaptcha.json.text, 'Captcha required');
      const human = await t.call('POST', '/sdk/v1/passwords/authenticate', {
        body: { email, password: PASSWORD, captcha_token: await captcha() },
        ...from('192.0.2.50'),
      });
      assert.equal(human.status, 200, JSON.stringify(human.json));
    } finally {
      await t.close();
    }
  });
});
