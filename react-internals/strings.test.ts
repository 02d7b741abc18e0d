import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, ApiUnreachableError, NoSessionError, UsageError } from '../sdk-core/index.ts';
import { errorDetail, errorText } from './errors.ts';
import { METHOD_STRINGS } from './method-tables.ts';
import { CORE_STRINGS, DEFAULT_STRINGS, type ErrorTypeStrings, resolveStrings } from './strings.ts';
import { interpolate, text } from './text.ts';

describe('strings table', () => {
  it('holds the reference texts verbatim', () => {
    assert.equal(DEFAULT_STRINGS['main.header'], 'Sign up or log in');
    assert.equal(DEFAULT_STRINGS['email.invalid'], 'Invalid email address.');
    assert.equal(DEFAULT_STRINGS['otp.title'], 'Enter passcode');
    assert.equal(DEFAULT_STRINGS['otp.verifying'], 'Verifying passcode...');
    assert.equal(DEFAULT_STRINGS['otp.successTitle'], 'Success!');
    assert.equal(DEFAULT_STRINGS['otp.successText'], 'Your passcode has been successfully verified.');
    assert.equal(DEFAULT_STRINGS['toast.emailResent'], 'Email resent');
    assert.equal(DEFAULT_STRINGS['otp.codeSent'], 'Code sent');
    assert.equal(DEFAULT_STRINGS['watermark.poweredBy'], 'Powered by');
  });

  it("is the core table and every method's, each key once (a key in two tables would hide one text)", () => {
    const tables: readonly Readonly<Record<string, string>>[] = [CORE_STRINGS, ...METHOD_STRINGS];
    const count = new Map<string, number>();
    for (const t of tables) for (const k of Object.keys(t)) count.set(k, (count.get(k) ?? 0) + 1);
    assert.deepEqual(
      [...count].filter(([, n]) => n > 1).map(([k]) => k),
      [],
    );
    assert.equal(Object.keys(DEFAULT_STRINGS).length, count.size);
    for (const t of tables) for (const [k, v] of Object.entries(t)) assert.equal(DEFAULT_STRINGS[k as keyof typeof DEFAULT_STRINGS], v);
  });

  it("types the errorType.* keys against the server's error types (a key naming none fails the type check)", () => {
    const known = { 'errorType.otp_code_not_found': 'x' } satisfies ErrorTypeStrings;
    // @ts-expect-error no such error_type in sdk-core/schemas/errors.ts
    const unknown = { 'errorType.otp_code_not_fund': 'x' } satisfies ErrorTypeStrings;
    assert.equal(Object.keys({ ...known, ...unknown }).length, 2);
  });

  it('has all 22 docs/reference/errors.md#messages-by-error-type error types', () => {
    assert.equal(Object.keys(DEFAULT_STRINGS).filter((k) => k.startsWith('errorType.')).length, 22);
  });

  it('interpolates named placeholders and leaves unknown ones', () => {
    assert.equal(interpolate('Your code expires in {time}.', { time: '4:59' }), 'Your code expires in 4:59.');
    assert.equal(interpolate('{a} and {b}', { a: 1 }), '1 and {b}');
  });

  it('merges host overrides, ignoring unknown keys and non-strings', () => {
    const s = resolveStrings({ 'main.header': 'Hola', 'nope.key': 'x', 'otp.title': 42 });
    assert.equal(s['main.header'], 'Hola');
    assert.equal(s['otp.title'], 'Enter passcode');
    assert.equal(Object.hasOwn(s, 'nope.key'), false);
    assert.equal(text(resolveStrings({ 'otp.expiresIn': 'Expira en {time}' }), 'otp.expiresIn', { time: '1:00' }), 'Expira en 1:00');
  });
});

describe('error texts (docs/reference/errors.md#messages-by-error-type)', () => {
  const strings = resolveStrings();
  const api = (error_type: string, error_message = 'server says') =>
    new ApiError({ status_code: 400, error_type, error_message, error_url: 'https://x', request_id: 'r1' });

  it('maps known error types to the table', () => {
    assert.equal(errorText(api('otp_code_not_found'), strings), 'Invalid passcode, please try again.');
    assert.equal(errorText(api('user_lock_limit_reached'), strings), 'Too many failed authentication attempts. Please try again later.');
  });

  it('shows the server message for unknown types', () => {
    assert.equal(errorText(api('something_new', 'Fresh server text.'), strings), 'Fresh server text.');
  });

  it('uses host overrides for known types and unreachable texts', () => {
    const es = resolveStrings({ 'errorType.otp_code_not_found': 'Código no válido.', 'error.unreachable': 'Sin conexión.' });
    assert.equal(errorText(api('otp_code_not_found'), es), 'Código no válido.');
    assert.equal(errorText(new ApiUnreachableError('network'), es), 'Sin conexión.');
  });

  it('words other SDK errors by their message', () => {
    assert.equal(
      errorText(new NoSessionError(), strings),
      'There is no session currently available. Make sure the user is authenticated with a valid session.',
    );
    assert.match(errorText(new UsageError('otps.authenticate', 'code', 'must be a string.'), strings), /^Invalid call to otps\.authenticate/);
    assert.equal(errorText(new Error('weird'), strings), 'weird');
  });

  it('builds the onError detail with API fields', () => {
    const d = errorDetail(api('otp_code_not_found'), strings);
    const { message, name, code, error_type, status_code, request_id } = d;
    assert.deepEqual(
      { message, name, code, error_type, status_code, request_id },
      {
        message: 'Invalid passcode, please try again.',
        name: 'ApiError',
        code: 'api_error',
        error_type: 'otp_code_not_found',
        status_code: 400,
        request_id: 'r1',
      },
    );
  });
});
