import { expect } from '@open-wc/testing';
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

describe('phone parsing helpers (SPEC §5, §9)', () => {
  it('uses the SPEC time-outs: 2 s to validate, 10 s to format', () => {
    expect(VALIDATE_TIMEOUT_MS).to.equal(2000);
    expect(FORMAT_TIMEOUT_MS).to.equal(10_000);
  });

  it('normalizes input to digits, keeping a leading plus', () => {
    expect(normalizePhoneInput(' (202) 555-0123 ')).to.equal('2025550123');
    expect(normalizePhoneInput('+44 7911 123456')).to.equal('+447911123456');
    expect(normalizePhoneInput('abc')).to.equal('');
  });

  it('falls back to + dial code + number', () => {
    expect(fallbackE164('(202) 555-0123', '1')).to.equal('+12025550123');
    expect(fallbackE164('+44 7911 123456', '1')).to.equal('+447911123456');
  });

  it('withTimeout: the value when in time, TIMED_OUT on the clock, errors passed through', async () => {
    const clock = new FakeClock();
    expect(await withTimeout(Promise.resolve(7), 100, clock)).to.equal(7);
    const slow = withTimeout(new Promise(() => undefined), 100, clock);
    clock.advance(99);
    let settled = false;
    void slow.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).to.equal(false);
    clock.advance(1);
    expect(await slow).to.equal(TIMED_OUT);
    let caught: unknown;
    await withTimeout(Promise.reject(new Error('boom')), 100, clock).catch((e: unknown) => {
      caught = e;
    });
    expect((caught as Error).message).to.equal('boom');
  });

  it('validates with the real (lazily loaded) parser', async () => {
    const clock = new FakeClock();
    expect(await validatePhone('(202) 555-0123', 'US', '1', loadPhoneParser, clock)).to.deep.equal({
      kind: 'valid',
      e164: '+12025550123',
    });
    expect(await validatePhone('07911 123456', 'GB', '44', loadPhoneParser, clock)).to.deep.equal({
      kind: 'valid',
      e164: '+447911123456',
    });
    expect(await validatePhone('+44 7911 123456', 'US', '1', loadPhoneParser, clock)).to.deep.equal({
      kind: 'valid',
      e164: '+447911123456',
    });
    expect(await validatePhone('123', 'US', '1', loadPhoneParser, clock)).to.deep.equal({ kind: 'invalid' });
    expect(await validatePhone('', 'US', '1', loadPhoneParser, clock)).to.deep.equal({ kind: 'invalid' });
  });

  it('accepts the number as + dial code + digits when the parser takes longer than 2 s', async () => {
    const clock = new FakeClock();
    const slow = deferredLoader();
    const result = validatePhone('(415) 555-0100', 'US', '1', slow.load, clock);
    clock.advance(VALIDATE_TIMEOUT_MS - 1);
    await flush();
    clock.advance(1);
    expect(await result).to.deep.equal({ kind: 'accepted', e164: '+14155550100' });
    // The parser arriving late changes nothing.
    slow.resolve({ toE164: () => null, format: (s) => s });
    await flush();
  });

  it('accepts the number when the parser fails to load or throws', async () => {
    const clock = new FakeClock();
    const failing: ParserLoader = () => Promise.reject(new Error('chunk load failed'));
    expect(await validatePhone('7911 123456', 'GB', '44', failing, clock)).to.deep.equal({
      kind: 'accepted',
      e164: '+447911123456',
    });
    const throwing: ParserLoader = async () => ({
      toE164: () => {
        throw new Error('parser bug');
      },
      format: (s) => s,
    });
    expect(await validatePhone('2025550123', 'US', '1', throwing, clock)).to.deep.equal({
      kind: 'accepted',
      e164: '+12025550123',
    });
  });

  it('formats as typed; gives up after 10 s or on errors (null: leave the text)', async () => {
    const clock = new FakeClock();
    expect(await formatPhone('2025', 'US', loadPhoneParser, clock)).to.equal('(202) 5');
    expect(await formatPhone('(202) 555-0123', 'US', loadPhoneParser, clock)).to.equal('(202) 555-0123');
    expect(await formatPhone('', 'US', loadPhoneParser, clock)).to.equal(null);
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
    expect(done).to.equal(false);
    clock.advance(FORMAT_TIMEOUT_MS - VALIDATE_TIMEOUT_MS);
    expect(await late).to.equal(null);
    expect(await formatPhone('2025', 'US', () => Promise.reject(new Error('x')), clock)).to.equal(null);
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
    expect(applied).to.deep.equal(['formatted:2025']);
    const t = gate.begin();
    expect(gate.isCurrent(t)).to.equal(true);
    gate.invalidate();
    expect(gate.isCurrent(t)).to.equal(false);
  });

  it('deleting a formatting character deletes the digit before it instead', () => {
    // Backspace over the dash of "(202) 555-0": the text became "(202) 5550", caret at 9.
    expect(deleteThroughFormatting('(202) 555-0', '(202) 5550', 9)).to.deep.equal({ value: '(202) 550', caret: 8 });
    // A real digit deletion is left alone.
    expect(deleteThroughFormatting('(202) 555-0', '(202) 555-', 10)).to.deep.equal({ value: '(202) 555-', caret: 10 });
    // Typing is left alone.
    expect(deleteThroughFormatting('(202', '(2025', 5)).to.deep.equal({ value: '(2025', caret: 5 });
    // Delete (forward) over the ") " of "(202) 5": the digit after the caret goes, the caret stays.
    expect(deleteThroughFormatting('(202) 55', '(202 55', 4, true)).to.deep.equal({ value: '(202 5', caret: 4 });
  });

  it('keeps the caret after the same digit across a re-format', () => {
    expect(digitsBefore('(202) 5', 7)).to.equal(4);
    expect(caretAfterDigits('(202) 55', 4)).to.equal(7);
    expect(caretAfterDigits('(202) 55', 0)).to.equal(0);
    expect(caretAfterDigits('+44 7911', 0)).to.equal(1);
    expect(caretAfterDigits('(202) 55', 99)).to.equal(8);
  });
});
