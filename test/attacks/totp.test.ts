/**
 * Attacks on TOTP (issue 15): a code replayed in its own time step (a shoulder-surfed or phished code
 * used a second time), 50 parallel submissions of one code racing the replay check, guessing the 6
 * digits (lockout), and a recovery code used twice, in turn or in parallel. The code path is checked
 * against the RFC 6238 and RFC 4226 test vectors first: the codes the server accepts are the codes an
 * authenticator app shows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { hotpCode, matchTotp, type TotpAlgorithm, totpCode, totpStep, wrongTotpCodes } from '../../server/totps/otp.ts';
import { TOTP_CLIENT_LOCK_THRESHOLD, TOTP_USER_GUARD } from '../../server/totps/routes.ts';

type Json = Record<string, unknown>;
const data = (r: { json: Json }) => r.json.data as Json;
const ascii = (s: string) => new TextEncoder().encode(s);

describe('attack: TOTP', () => {
  describe('RFC test vectors through the server code path (server/totps/otp.ts)', () => {
    // RFC 6238 Appendix B: 8 digits, 30 s steps, the seeds are ASCII '1234567890' repeated to the hash size.
    const seeds: Record<TotpAlgorithm, Uint8Array> = {
      SHA1: ascii('12345678901234567890'),
      SHA256: ascii('12345678901234567890123456789012'),
      SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
    };
    const vectors: [number, Record<TotpAlgorithm, string>][] = [
      [59, { SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' }],
      [1111111109, { SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' }],
      [1111111111, { SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' }],
      [1234567890, { SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' }],
      [2000000000, { SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' }],
      [20000000000, { SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' }],
    ];
    for (const [time, codes] of vectors) {
      for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
        it(`RFC 6238 ${algorithm} at T=${time}s`, () => {
          const p = { secret: seeds[algorithm], algorithm, digits: 8 };
          assert.equal(totpCode(p, time * 1000), codes[algorithm]);
          // The verifier accepts it for exactly its step, and the neighbouring steps' codes are different.
          assert.equal(matchTotp(p, codes[algorithm], time * 1000, 0), totpStep(time * 1000));
          assert.equal(matchTotp(p, codes[algorithm], time * 1000 + 60_000, 0), null);
        });
      }
    }
    it('RFC 4226 Appendix D: HOTP counters 0..9', () => {
      const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
      const secret = seeds.SHA1;
      assert.deepEqual(
        expected.map((_, i) => hotpCode({ secret }, i)),
        expected,
      );
    });
  });

  describe('at the server', () => {
    let t: TestApp;
    before(async () => {
      t = await testApp({ trustProxy: true });
    });
    after(() => t.close());

    let n = 0;
    /** A user with a verified TOTP whose last accepted step is an hour ago; its session, secret and codes. */
    async function victim() {
      const email = `totp-victim-${++n}@example.com`;
      const { token } = await login(t, email, 24 * 60);
      const created = data(await t.call('POST', '/sdk/v1/totps', { secret: token, body: {} })) as { secret: string; recovery_codes: string[]; totp_id: string };
      const first = await t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: totpCode({ secret: created.secret }, t.clock.t) } });
      assert.equal(first.status, 200, JSON.stringify(first.json));
      t.advance(60 * 60_000);
      return { email, token, ...created };
    }
    const auth = (token: string, code: string, ip = '198.51.100.1') =>
      t.call('POST', '/sdk/v1/totps/authenticate', { secret: token, body: { totp_code: code }, headers: { 'x-forwarded-for': ip } });

    it('a code works once: the same code again in its step is refused, and so is an older step after a newer one', async () => {
      const v = await victim();
      const now = totpCode({ secret: v.secret }, t.clock.t);
      assert.equal((await auth(v.token, now)).status, 200);
      const replay = await auth(v.token, now);
      assert.equal(replay.status, 404);
      assert.equal(replay.json.error_type, 'totp_code_not_found');
      // The previous step's code is inside the window, but a later step was already used.
      const previous = totpCode({ secret: v.secret }, t.clock.t - 30_000);
      if (previous !== now) assert.equal((await auth(v.token, previous)).json.error_type, 'totp_code_not_found');
      // The next step's code is new: accepted.
      t.advance(30_000);
      assert.equal((await auth(v.token, totpCode({ secret: v.secret }, t.clock.t))).status, 200);
    });

    it('50 parallel submissions of one code: exactly one succeeds', async () => {
      const v = await victim();
      const code = totpCode({ secret: v.secret }, t.clock.t);
      const results = await Promise.all(Array.from({ length: 50 }, () => auth(v.token, code)));
      assert.equal(results.filter((r) => r.status === 200).length, 1);
      for (const r of results.filter((x) => x.status !== 200)) assert.equal(r.json.error_type, 'totp_code_not_found');
    });

    it(`guessing: ${TOTP_CLIENT_LOCK_THRESHOLD} wrong codes lock the client out, the right code included`, async () => {
      const v = await victim();
      const right = totpCode({ secret: v.secret }, t.clock.t);
      const wrong = wrongTotpCodes({ secret: v.secret }, t.clock.t, TOTP_CLIENT_LOCK_THRESHOLD);
      for (let i = 0; i < TOTP_CLIENT_LOCK_THRESHOLD - 1; i++)
        assert.equal((await auth(v.token, wrong[i] ?? '', '203.0.113.9')).json.error_type, 'totp_code_not_found');
      const locking = await auth(v.token, wrong[TOTP_CLIENT_LOCK_THRESHOLD - 1] ?? '', '203.0.113.9');
      assert.equal(locking.status, 429);
      assert.equal(locking.json.error_type, 'user_lock_limit_reached');
      assert.equal((await auth(v.token, right, '203.0.113.9')).json.error_type, 'user_lock_limit_reached');
      // The per-user guard (10 an hour from all clients) now holds for every client too: a botnet gets no more guesses.
      assert.equal((await auth(v.token, right, '198.51.100.200')).json.error_type, 'user_lock_limit_reached');
      t.advance(TOTP_USER_GUARD.windowMs);
      assert.equal((await auth(v.token, totpCode({ secret: v.secret }, t.clock.t), '198.51.100.200')).status, 200);
    });

    it('the guard also counts guesses spread over many clients', async () => {
      const v = await victim();
      const wrong = wrongTotpCodes({ secret: v.secret }, t.clock.t, TOTP_USER_GUARD.max);
      for (let i = 0; i < TOTP_USER_GUARD.max; i++) await auth(v.token, wrong[i] ?? '', `203.0.113.${100 + i}`);
      assert.equal((await auth(v.token, totpCode({ secret: v.secret }, t.clock.t), '198.51.100.77')).json.error_type, 'user_lock_limit_reached');
    });

    it('a recovery code works once, in turn and in 50 parallel redemptions', async () => {
      const v = await victim();
      const recover = (code: string) => t.call('POST', '/sdk/v1/totps/recover', { secret: v.token, body: { recovery_code: code } });
      const [a, b] = v.recovery_codes as [string, string];
      assert.equal((await recover(a)).status, 200);
      const again = await recover(a);
      assert.equal(again.status, 404);
      assert.equal(again.json.error_type, 'totp_recovery_code_not_found');
      const results = await Promise.all(Array.from({ length: 50 }, () => recover(b)));
      assert.equal(results.filter((r) => r.status === 200).length, 1);
      // Reuse is not a guess: the owner double-clicking cannot lock themselves out.
      assert.ok(results.every((r) => r.status === 200 || r.json.error_type === 'totp_recovery_code_not_found'));
    });

    it('a stolen first-factor session cannot read recovery codes, pending or confirmed, nor remove the TOTP', async () => {
      const email = `totp-stolen-${++n}@example.com`;
      const { token: owner } = await login(t, email, 600);
      const { token: thief } = await login(t, email, 600);
      const created = data(await t.call('POST', '/sdk/v1/totps', { secret: owner, body: {} })) as { secret: string; totp_id: string };
      // During the owner's enrolment: the codes are not shown again to anyone.
      const pending = await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: thief, body: {} });
      assert.deepEqual((data(pending) as { totps: unknown[] }).totps, [{ totp_id: created.totp_id, verified: false, recovery_codes: [] }]);
      assert.equal((await auth(owner, totpCode({ secret: created.secret }, t.clock.t))).status, 200);
      assert.equal((await t.call('POST', '/sdk/v1/totps/recovery_codes', { secret: thief, body: {} })).json.error_type, 'unauthorized_action');
      assert.equal((await t.call('DELETE', `/sdk/v1/users/totps/${created.totp_id}`, { secret: thief })).json.error_type, 'unauthorized_action');
      assert.equal((await t.call('POST', '/sdk/v1/totps', { secret: thief, body: {} })).json.error_type, 'active_totp_exists');
    });

    it("another user's recovery code and TOTP code do nothing for me", async () => {
      const v = await victim();
      const { token: mine } = await login(t, `totp-other-${n}@example.com`, 600);
      assert.equal(
        (await t.call('POST', '/sdk/v1/totps/recover', { secret: mine, body: { recovery_code: v.recovery_codes[3] } })).json.error_type,
        'totp_recovery_code_not_found',
      );
      assert.equal((await auth(mine, totpCode({ secret: v.secret }, t.clock.t))).json.error_type, 'totp_code_not_found');
      // And the victim's code is still good for the victim.
      assert.equal((await auth(v.token, totpCode({ secret: v.secret }, t.clock.t))).status, 200);
    });
  });
});
