import { expect } from '@open-wc/testing';
import { ApiError, ApiUnreachableError, NoSessionError, UsageError } from '../sdk-core/index.ts';
import { errorDetail, errorText } from './errors.ts';
import { METHOD_STRINGS } from './method-tables.ts';
import { CORE_STRINGS, DEFAULT_STRINGS, type ErrorTypeStrings, resolveStrings } from './strings.ts';
import { interpolate, text } from './text.ts';

describe('strings table', () => {
  it('holds the SPEC texts verbatim', () => {
    expect(DEFAULT_STRINGS['main.header']).to.equal('Sign up or log in');
    expect(DEFAULT_STRINGS['email.invalid']).to.equal('Invalid email address.');
    expect(DEFAULT_STRINGS['otp.title']).to.equal('Enter passcode');
    expect(DEFAULT_STRINGS['otp.verifying']).to.equal('Verifying passcode...');
    expect(DEFAULT_STRINGS['otp.successTitle']).to.equal('Success!');
    expect(DEFAULT_STRINGS['otp.successText']).to.equal('Your passcode has been successfully verified.');
    expect(DEFAULT_STRINGS['toast.emailResent']).to.equal('Email resent');
    expect(DEFAULT_STRINGS['otp.codeSent']).to.equal('Code sent');
    expect(DEFAULT_STRINGS['watermark.poweredBy']).to.equal('Powered by');
  });

  it("is the core table and every method's, each key once (a key in two tables would hide one text)", () => {
    const tables: readonly Readonly<Record<string, string>>[] = [CORE_STRINGS, ...METHOD_STRINGS];
    const count = new Map<string, number>();
    for (const t of tables) for (const k of Object.keys(t)) count.set(k, (count.get(k) ?? 0) + 1);
    expect([...count].filter(([, n]) => n > 1).map(([k]) => k)).to.deep.equal([]);
    expect(Object.keys(DEFAULT_STRINGS).length).to.equal(count.size);
    for (const t of tables) for (const [k, v] of Object.entries(t)) expect(DEFAULT_STRINGS[k as keyof typeof DEFAULT_STRINGS]).to.equal(v);
  });

  it("types the errorType.* keys against the server's error types (a key naming none fails the type check)", () => {
    const known = { 'errorType.otp_code_not_found': 'x' } satisfies ErrorTypeStrings;
    // @ts-expect-error no such error_type in sdk-core/schemas/errors.ts
    const unknown = { 'errorType.otp_code_not_fund': 'x' } satisfies ErrorTypeStrings;
    expect(Object.keys({ ...known, ...unknown })).to.have.length(2);
  });

  it('has all 22 SPEC §8 error types', () => {
    expect(Object.keys(DEFAULT_STRINGS).filter((k) => k.startsWith('errorType.'))).to.have.length(22);
  });

  it('interpolates named placeholders and leaves unknown ones', () => {
    expect(interpolate('Your code expires in {time}.', { time: '4:59' })).to.equal('Your code expires in 4:59.');
    expect(interpolate('{a} and {b}', { a: 1 })).to.equal('1 and {b}');
  });

  it('merges host overrides, ignoring unknown keys and non-strings', () => {
    const s = resolveStrings({ 'main.header': 'Hola', 'nope.key': 'x', 'otp.title': 42 });
    expect(s['main.header']).to.equal('Hola');
    expect(s['otp.title']).to.equal('Enter passcode');
    expect(Object.hasOwn(s, 'nope.key')).to.equal(false);
    expect(text(resolveStrings({ 'otp.expiresIn': 'Expira en {time}' }), 'otp.expiresIn', { time: '1:00' })).to.equal('Expira en 1:00');
  });
});

describe('error texts (SPEC §8)', () => {
  const strings = resolveStrings();
  const api = (error_type: string, error_message = 'server says') =>
    new ApiError({ status_code: 400, error_type, error_message, error_url: 'https://x', request_id: 'r1' });

  it('maps known error types to the table', () => {
    expect(errorText(api('otp_code_not_found'), strings)).to.equal('Invalid passcode, please try again.');
    expect(errorText(api('user_lock_limit_reached'), strings)).to.equal('Too many failed authentication attempts. Please try again later.');
  });

  it('shows the server message for unknown types', () => {
    expect(errorText(api('something_new', 'Fresh server text.'), strings)).to.equal('Fresh server text.');
  });

  it('uses host overrides for known types and unreachable texts', () => {
    const es = resolveStrings({ 'errorType.otp_code_not_found': 'Código no válido.', 'error.unreachable': 'Sin conexión.' });
    expect(errorText(api('otp_code_not_found'), es)).to.equal('Código no válido.');
    expect(errorText(new ApiUnreachableError('network'), es)).to.equal('Sin conexión.');
  });

  it('words other SDK errors by their message', () => {
    expect(errorText(new NoSessionError(), strings)).to.equal(
      'There is no session currently available. Make sure the user is authenticated with a valid session.',
    );
    expect(errorText(new UsageError('otps.authenticate', 'code', 'must be a string.'), strings)).to.match(/^Invalid call to otps\.authenticate/);
    expect(errorText(new Error('weird'), strings)).to.equal('weird');
  });

  it('builds the onError detail with API fields', () => {
    const d = errorDetail(api('otp_code_not_found'), strings);
    expect(d).to.include({
      message: 'Invalid passcode, please try again.',
      name: 'ApiError',
      code: 'api_error',
      error_type: 'otp_code_not_found',
      status_code: 400,
      request_id: 'r1',
    });
  });
});
