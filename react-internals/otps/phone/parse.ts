/**
 * Client-side phone parsing (docs/reference/methods/otps.md#validation "Phone"): libphonenumber-js is loaded lazily (its own chunk:
 * the email-only widget never downloads it), validation gives up after 2 s and display formatting
 * after 10 s (docs/reference/constants.md#sign-in-defaults), a time-out or parser error accepts the number as + dial code + digits, and
 * results for input the user has since changed are ignored.
 */
import { PHONE_FORMAT_TIMEOUT_MS, PHONE_VALIDATE_TIMEOUT_MS } from '../../../sdk-core/schemas/defaults.ts';
import type { WidgetClock } from '../../clock.ts';

/** docs/reference/constants.md#sign-in-defaults: validation waits this long for the parser, then accepts the number. */
export const VALIDATE_TIMEOUT_MS = PHONE_VALIDATE_TIMEOUT_MS;
/** docs/reference/constants.md#sign-in-defaults: as-you-type formatting waits this long, then leaves the text as typed. */
export const FORMAT_TIMEOUT_MS = PHONE_FORMAT_TIMEOUT_MS;

/** What the lazily loaded parser offers. */
export interface PhoneParser {
  /** The E.164 form of `input` read in `region`, or null when it is not a valid number. */
  toE164(input: string, region: string): string | null;
  /** `input` formatted as far as it goes, e.g. `(202) 555` for `202555` in US. */
  format(input: string, region: string): string;
  /** An E.164 number for reading, e.g. `+1 201 555 0123` (optional: a test's parser may leave it out). */
  international?(e164: string): string;
}

/** Loads the parser (the real one, or a test's). */
export type ParserLoader = () => Promise<PhoneParser>;

let loading: Promise<PhoneParser> | null = null;

/** The real parser: libphonenumber-js with its small metadata, fetched once and shared. */
export const loadPhoneParser: ParserLoader = () => {
  loading ??= import('libphonenumber-js/min').then(
    ({ AsYouType, parsePhoneNumberFromString }): PhoneParser => ({
      toE164(input, region) {
        const parsed = parsePhoneNumberFromString(input, region as Parameters<typeof parsePhoneNumberFromString>[1]);
        return parsed?.isValid() ? parsed.number : null;
      },
      format: (input, region) => new AsYouType(region as ConstructorParameters<typeof AsYouType>[0]).input(input),
      international: (e164) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164,
    }),
    (e: unknown) => {
      // A failed chunk fetch (offline for a moment) should be retried by the next keystroke.
      loading = null;
      throw e;
    },
  );
  return loading;
};

/** The digits of `input`, with a leading `+` kept (the user typed an international number). */
export function normalizePhoneInput(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}

/** docs/reference/methods/otps.md#validation fallback: + dial code + number (a number typed with its own `+` keeps its own code). */
export function fallbackE164(input: string, dialCode: string): string {
  const n = normalizePhoneInput(input);
  return n.startsWith('+') ? n : `+${dialCode}${n}`;
}

/** Marker of a race lost to the clock. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/** Settles with `work`'s value, or with TIMED_OUT when `ms` pass first on `clock`. */
export function withTimeout<T>(work: Promise<T>, ms: number, clock: WidgetClock): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    const handle = clock.setTimeout(() => resolve(TIMED_OUT), ms);
    work.then(
      (v) => {
        clock.clearTimeout(handle);
        resolve(v);
      },
      (e: unknown) => {
        clock.clearTimeout(handle);
        reject(e);
      },
    );
  });
}

/** Outcome of validating a number before sending a code. */
export type PhoneCheck =
  /** The parser says valid; `e164` is its canonical form. */
  | { kind: 'valid'; e164: string }
  /** The parser says invalid: show docs/reference/methods/otps.md#validation's message. */
  | { kind: 'invalid' }
  /** The parser failed or was too slow: send as + dial code + digits and let the server judge. */
  | { kind: 'accepted'; e164: string };

/** Validates `input` for `region` within VALIDATE_TIMEOUT_MS (docs/reference/methods/otps.md#validation). */
export async function validatePhone(input: string, region: string, dialCode: string, load: ParserLoader, clock: WidgetClock): Promise<PhoneCheck> {
  const n = normalizePhoneInput(input);
  if (n.replace('+', '') === '') return { kind: 'invalid' };
  try {
    const result = await withTimeout(
      load().then((p) => p.toE164(n, region)),
      VALIDATE_TIMEOUT_MS,
      clock,
    );
    if (result === TIMED_OUT) return { kind: 'accepted', e164: fallbackE164(n, dialCode) };
    return result ? { kind: 'valid', e164: result } : { kind: 'invalid' };
  } catch {
    return { kind: 'accepted', e164: fallbackE164(n, dialCode) };
  }
}

/** Formats `input` for display within FORMAT_TIMEOUT_MS; null means leave the text as typed. */
export async function formatPhone(input: string, region: string, load: ParserLoader, clock: WidgetClock): Promise<string | null> {
  const n = normalizePhoneInput(input);
  if (n === '' || n === '+') return null;
  try {
    const result = await withTimeout(
      load().then((p) => p.format(n, region)),
      FORMAT_TIMEOUT_MS,
      clock,
    );
    return result === TIMED_OUT ? null : result;
  } catch {
    return null;
  }
}

/**
 * Hands out a ticket per request; only the newest ticket is current, so an answer to an older
 * request (the user typed on meanwhile) is recognised as stale and dropped.
 */
export class LatestOnly {
  #latest = 0;
  /** Starts a request; returns its ticket. */
  begin(): number {
    return ++this.#latest;
  }
  /** Makes every ticket handed out so far stale. */
  invalidate(): void {
    this.#latest++;
  }
  /** True when `ticket` is from the newest request. */
  isCurrent(ticket: number): boolean {
    return ticket === this.#latest;
  }
}

/**
 * When a deletion removed only formatting (a bracket, space or dash) the digits are unchanged and
 * re-formatting would put the character straight back; remove the digit next to it instead: the
 * one before the caret for Backspace, the one after it for Delete (`forward`).
 * Returns the text to use and where the caret goes.
 */
export function deleteThroughFormatting(previous: string, next: string, caret: number, forward = false): { value: string; caret: number } {
  const digits = (s: string) => s.replace(/\D/g, '');
  if (next.length >= previous.length || digits(next) !== digits(previous)) return { value: next, caret };
  const at = Math.min(caret, next.length);
  if (forward) {
    for (let i = at; i < next.length; i++) {
      if (/\d/.test(next.charAt(i))) return { value: next.slice(0, i) + next.slice(i + 1), caret: at };
    }
    return { value: next, caret };
  }
  for (let i = at - 1; i >= 0; i--) {
    if (/\d/.test(next.charAt(i))) return { value: next.slice(0, i) + next.slice(i + 1), caret: i };
  }
  return { value: next, caret };
}

/** How many digits come before position `caret` of `value`. */
export const digitsBefore = (value: string, caret: number): number => value.slice(0, caret).replace(/\D/g, '').length;

/** The position in `value` just after its `count`-th digit (0: the start; past the end: the end). */
export function caretAfterDigits(value: string, count: number): number {
  if (count <= 0) return value.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value.charAt(i)) && ++seen === count) return i + 1;
  }
  return value.length;
}

/**
 * The readable form of an E.164 number for the passcode screen (issue 17 defect 8): `+12015550123`
 * becomes `+1 201 555 0123` once the parser (usually already loaded by the phone form) answers;
 * until then, or if it fails or takes longer than docs/reference/constants.md#widget's formatting time-out, the number as is.
 */
export async function readablePhone(e164: string, load: ParserLoader, clock: WidgetClock): Promise<string> {
  try {
    const parser = await withTimeout(load(), FORMAT_TIMEOUT_MS, clock);
    if (parser === TIMED_OUT || !parser.international) return e164;
    return parser.international(e164);
  } catch {
    return e164;
  }
}
