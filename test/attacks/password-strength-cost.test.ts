/**
 * Attack: a password built for zxcvbn's worst case. Its cost grows steeply with length and with
 * characters its l33t table reads as letters; at the library's defaults one crafted 250-character
 * password sent to the unauthenticated strength_check cost 3.6-5 s of server CPU, and a generated
 * 32-character one 0.47 s (a quiet 2-core machine).
 * Now zxcvbn estimates the first 64 characters with at most 10 l33t substitutions
 * (docs/reference/security.md#passwords): what lies beyond them cannot add to the work, and a long
 * password is judged by its start. No assertion here reads a clock: the caps are shown by their effect.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ZXCVBN_LIMITS } from '../../server/passwords/strength.ts';
import { type TestApp, testApp } from '../../server/test-helpers.ts';

/** Passwords of the shapes that cost most: digits the l33t table reads as letters, symbols, repeats. */
const CRAFTED = [
  'kq9Zp2Lx7Vb4Nw8Rt1Ys6Mc3Hd5Gf0Jh'.repeat(8),
  'p4ssw0rd1337h4x0r5t34lth'.repeat(10),
  ` .,?!'-/_:;+()@$"#&*<>=[]\\~%^{}|1234567890`.repeat(6),
  'aB3$'.repeat(64),
].map((p) => p.slice(0, 250));

describe('attack: passwords crafted for the strength estimator', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  const strength = async (password: string) => {
    const r = await t.call('POST', '/sdk/v1/passwords/strength_check', { body: { password } });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.data as { score: number; valid_password: boolean; feedback: { warning: string; suggestions: string[] } };
  };

  it('each crafted password gets the answer of its first 64 characters: nothing past them is examined', async () => {
    assert.equal(ZXCVBN_LIMITS.maxLength, 64);
    for (const password of CRAFTED) {
      const whole = await strength(password);
      const start = await strength(password.slice(0, ZXCVBN_LIMITS.maxLength));
      assert.equal(whole.score, start.score, password);
      assert.deepEqual(whole.feedback.suggestions, start.feedback.suggestions, password);
    }
  });

  it('a long password is judged by its start: a weak first 64 characters are weak whatever follows', async () => {
    const weakStart = 'a'.repeat(ZXCVBN_LIMITS.maxLength);
    const r = await strength(`${weakStart}kq9Zp2Lx7Vb4Nw8Rt1Ys6Mc3Hd5Gf0Jh`);
    assert.equal(r.valid_password, false);
    assert.equal(r.score, (await strength(weakStart)).score);
  });

  it('the caps keep what the estimator is for: l33t spellings of common words still score low', async () => {
    assert.ok(ZXCVBN_LIMITS.l33tMaxSubstitutions >= 1);
    for (const password of ['tr0mb0n3', 'b4s3b4llf4n', 'd1n0s4ur']) {
      const r = await strength(password);
      assert.ok(r.score <= 1, `${password}: ${r.score}`);
      assert.equal(r.valid_password, false, password);
    }
  });
});
