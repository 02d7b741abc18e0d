import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FakeClock } from '../../test-utils.ts';
import {
  caretAfterDigits,
  deleteThroughFormatting,
  digitsBefore,
  FORMAT_TIMEOUT_MS,
  fallbackE164,
  formatPhone,
  LatestOnly,
  loadPhoneParser,
  normalizePhoneInput,
  type ParserLoader,
  type PhoneParser,
  TIMED_OUT,
  VALIDATE_TIMEOUT_MS,
  validatePhone,
  withTimeout,
} from './parse.ts';

/** A loader the test resolves by hand, to play a slow chunk download. */
function deferredLoader(): { load: ParserLoader; resolve: (p: PhoneParser) => void; reject: (e: unknown) => void } {
  let resolve!: (p: PhoneParser) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<PhoneParser>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('phone parsing helpers (docs/reference/methods/otps.md#validation, docs/reference/constants.md#widget)', () => {
  it('uses the reference time-outs: 2 s to validate, 10 s to format', () => {
    assert.equal(VALIDATE_TIMEOUT_MS, 2000);
    assert.equal(FORMAT_TIMEOUT_MS, 10_000);
  });

  it('normalizes input to digits, keeping a leading plus', () => {
    assert.equal(normalizePhoneInput(' (202) 555-0123 '), '2025550123');
    assert.equal(normalizePhoneInput('+44 7911 123456'), '+447911123456');
    assert.equal(normalizePhoneInput('abc'), '');
  });

  it('falls back to + dial code + number', () => {
    assert.equal(fallbackE164('(202) 555-0123', '1'), '+12025550123');
    assert.equal(fallbackE164('+44 7911 123456', '1'), '+447911123456');
  });

  it('withTimeout: the value when in time, TIMED_OUT on the clock, errors passed through', async () => {
    const clock = new FakeClock();
    assert.equal(await withTimeout(Promise.resolve(7), 100, clock), 7);
    const slow = withTimeout(new Promise(() => undefined), 100, clock);
    clock.advance(99);
    let settled = false;
    void slow.then(() => {
      settled = true;
    });
    await flush();
    assert.equal(settled, false);
    clock.advance(1);
    assert.equal(await slow, TIMED_OUT);
    let caught: unknown;
    await withTimeout(Promise.reject(new Error('boom')), 100, clock).catch((e: unknown) => {
      caught = e;
    });
    assert.equal((caught as Error).message, 'boom');
  });

  it('validates with the real (lazily loaded) parser', async () => {
    const clock = new FakeClock();
    assert.deepEqual(await validatePhone('(202) 555-0123', 'US', '1', loadPhoneParser, clock), {
      kind: 'valid',
      e164: '+12025550123',
    });
    assert.deepEqual(await validatePhone('07911 123456', 'GB', '44', loadPhoneParser, clock), {
      kind: 'valid',
      e164: '+447911123456',
    });
    assert.deepEqual(await validatePhone('+44 7911 123456', 'US', '1', loadPhoneParser, clock), {
      kind: 'valid',
      e164: '+447911123456',
    });
    assert.deepEqual(await validatePhone('123', 'US', '1', loadPhoneParser, clock), { kind: 'invalid' });
    assert.deepEqual(await validatePhone('', 'US', '1', loadPhoneParser, clock), { kind: 'invalid' });
  });

  it('accepts the number as + dial code + digits when the parser takes longer than 2 s', async () => {
    const clock = new FakeClock();
    const slow = deferredLoader();
    const result = validatePhone('(415) 555-0100', 'US', '1', slow.load, clock);
    clock.advance(VALIDATE_TIMEOUT_MS - 1);
    await flush();
    clock.advance(1);
    assert.deepEqual(await result, { kind: 'accepted', e164: '+14155550100' });
    // The parser arriving late changes nothing.
    slow.resolve({ toE164: () => null, format: (s) => s });
    await flush();
  });

  it('accepts the number when the parser fails to load or throws', async () => {
    const clock = new FakeClock();
    const failing: ParserLoader = () => Promise.reject(new Error('chunk load failed'));
    assert.deepEqual(await validatePhone('7911 123456', 'GB', '44', failing, clock), {
      kind: 'accepted',
      e164: '+447911123456',
    });
    const throwing: ParserLoader = async () => ({
      toE164: () => {
        throw new Error('parser bug');
      },
      format: (s) => s,
    });
    assert.deepEqual(await validatePhone('2025550123', 'US', '1', throwing, clock), {
      kind: 'accepted',
      e164: '+12025550123',
    });
  });

  it('formats as typed; gives up after 10 s or on errors (null: leave the text)', async () => {
    const clock = new FakeClock();
    assert.equal(await formatPhone('2025', 'US', loadPhoneParser, clock), '(202) 5');
    assert.equal(await formatPhone('(202) 555-0123', 'US', loadPhoneParser, clock), '(202) 555-0123');
    assert.equal(await formatPhone('', 'US', loadPhoneParser, clock), null);
    const slow = deferredLoader();
    const late = formatPhone('2025', 'US', slow.load, clock);
    clock.advance(VALIDATE_TIMEOUT_MS);
    await flush();
    // Still waiting at 2 s: formatting has the longer 10 s budget.
    let done = false;
    void late.then(() => {
      done = true;
    });
    await flush();
    assert.equal(done, false);
    clock.advance(FORMAT_TIMEOUT_MS - VALIDATE_TIMEOUT_MS);
    assert.equal(await late, null);
    assert.equal(await formatPhone('2025', 'US', () => Promise.reject(new Error('x')), clock), null);
  });

  it('LatestOnly: only the newest ticket is current; invalidate makes all stale', async () => {
    const clock = new FakeClock();
    const gate = new LatestOnly();
    const slow = deferredLoader();
    const applied: string[] = [];
    const request = (text: string) => {
      const ticket = gate.begin();
      return formatPhone(text, 'US', slow.load, clock).then((f) => {
        if (gate.isCurrent(ticket) && f !== null) applied.push(f);
      });
    };
    // Two keystrokes while the parser is still loading: both answers arrive together, in order.
    const first = request('202');
    const second = request('2025');
    slow.resolve({ toE164: () => null, format: (s) => `formatted:${s}` });
    await Promise.all([first, second]);
    assert.deepEqual(applied, ['formatted:2025']);
    const t = gate.begin();
    assert.equal(gate.isCurrent(t), true);
    gate.invalidate();
    assert.equal(gate.isCurrent(t), false);
  });

  it('deleting a formatting character deletes the digit before it instead', () => {
    // Backspace over the dash of "(202) 555-0": the text became "(202) 5550", caret at 9.
    assert.deepEqual(deleteThroughFormatting('(202) 555-0', '(202) 5550', 9), { value: '(202) 550', caret: 8 });
    // A real digit deletion is left alone.
    assert.deepEqual(deleteThroughFormatting('(202) 555-0', '(202) 555-', 10), { value: '(202) 555-', caret: 10 });
    // Typing is left alone.
    assert.deepEqual(deleteThroughFormatting('(202', '(2025', 5), { value: '(2025', caret: 5 });
    // Delete (forward) over the ") " of "(202) 5": the digit after the caret goes, the caret stays.
    assert.deepEqual(deleteThroughFormatting('(202) 55', '(202 55', 4, true), { value: '(202 5', caret: 4 });
  });

  it('keeps the caret after the same digit across a re-format', () => {
    assert.equal(digitsBefore('(202) 5', 7), 4);
    assert.equal(caretAfterDigits('(202) 55', 4), 7);
    assert.equal(caretAfterDigits('(202) 55', 0), 0);
    assert.equal(caretAfterDigits('+44 7911', 0), 1);
    assert.equal(caretAfterDigits('(202) 55', 99), 8);
  });
});
