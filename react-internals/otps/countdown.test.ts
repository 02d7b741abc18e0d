import { expect } from '@open-wc/testing';
import { formatCountdown, secondsLeft } from './countdown.ts';
import { sanitizeOtp } from './OTPAuthenticateScreen.tsx';

describe('OTP helpers', () => {
  it('formats m:ss', () => {
    expect(formatCountdown(300)).to.equal('5:00');
    expect(formatCountdown(299)).to.equal('4:59');
    expect(formatCountdown(61)).to.equal('1:01');
    expect(formatCountdown(9)).to.equal('0:09');
    expect(formatCountdown(0)).to.equal('0:00');
    expect(formatCountdown(-3)).to.equal('0:00');
  });

  it('rounds remaining time up to whole seconds', () => {
    expect(secondsLeft(10_000, 0)).to.equal(10);
    expect(secondsLeft(10_000, 1)).to.equal(10);
    expect(secondsLeft(10_000, 1000)).to.equal(9);
    expect(secondsLeft(10_000, 10_000)).to.equal(0);
    expect(secondsLeft(10_000, 20_000)).to.equal(0);
  });

  it('keeps only digits, at most 6', () => {
    expect(sanitizeOtp('12a3-4 5')).to.equal('12345');
    expect(sanitizeOtp('1234567890')).to.equal('123456');
    expect(sanitizeOtp('abc')).to.equal('');
  });
});
