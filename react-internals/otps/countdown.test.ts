import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCountdown, secondsLeft } from './countdown.ts';
import { sanitizeOtp } from './OTPAuthenticateScreen.tsx';

describe('OTP helpers', () => {
  it('formats m:ss', () => {
    assert.equal(formatCountdown(300), '5:00');
    assert.equal(formatCountdown(299), '4:59');
    assert.equal(formatCountdown(61), '1:01');
    assert.equal(formatCountdown(9), '0:09');
    assert.equal(formatCountdown(0), '0:00');
    assert.equal(formatCountdown(-3), '0:00');
  });

  it('rounds remaining time up to whole seconds', () => {
    assert.equal(secondsLeft(10_000, 0), 10);
    assert.equal(secondsLeft(10_000, 1), 10);
    assert.equal(secondsLeft(10_000, 1000), 9);
    assert.equal(secondsLeft(10_000, 10_000), 0);
    assert.equal(secondsLeft(10_000, 20_000), 0);
  });

  it('keeps only digits, at most 6', () => {
    assert.equal(sanitizeOtp('12a3-4 5'), '12345');
    assert.equal(sanitizeOtp('1234567890'), '123456');
    assert.equal(sanitizeOtp('abc'), '');
  });
});
