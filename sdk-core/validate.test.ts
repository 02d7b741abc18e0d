import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveApiBase } from './client.ts';
import { ApiError, toAuthError, UsageError } from './errors.ts';
import { backoffDelay } from './sessions/index.ts';
import { isLoopbackHost, parseCookie, serializeCookie } from './storage.ts';
import { check, isValidEmail, normalizeEmail } from './validate.ts';

describe('usage checks (docs/reference/sdk.md#validation-rules)', () => {
  it('names the method and the field', () => {
    assert.throws(
      () => check('otps.email.loginOrCreate').string('email', 42),
      (e: unknown) => {
        assert.ok(e instanceof UsageError);
        assert.equal(e.message, 'Invalid call to otps.email.loginOrCreate\nemail must be a string.');
        assert.equal(e.field, 'email');
        assert.equal(e.method, 'otps.email.loginOrCreate');
        return true;
      },
    );
    assert.throws(() => check('otps.authenticate').number('session_duration_minutes', '30'), /session_duration_minutes must be a number/);
    assert.throws(() => check('x').optionalObject('untrusted_metadata', []), /untrusted_metadata must be an object/);
    assert.throws(() => check('x').optionalStringArray('custom_scopes', ['a', 1]), /custom_scopes must be an array of strings/);
    assert.doesNotThrow(() => check('x').optionalString('locale', undefined).optionalNumber('n', undefined));
  });

  it('accepts and rejects emails per the one shared syntax (WHATWG grammar + docs/reference/sdk.md#validation-rules top-level part)', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.org', ' padded@example.com ', 'user@bücher.example', 'x@пример.рф'])
      assert.ok(isValidEmail(ok), ok);
    for (const bad of [
      '',
      'a',
      'a@b',
      'a@b.c',
      'a@b.c1',
      '@b.com',
      'a b@c.com',
      'victim:attacker@evil.com',
      'a,b@example.com',
      '<x>@example.com',
      'a\u0000@example.com',
      'a@exa\uD800mple.com',
    ]) {
      assert.ok(!isValidEmail(bad), bad);
    }
    assert.equal(normalizeEmail('  Ada@Bücher.Example '), 'ada@xn--bcher-kva.example');
    assert.equal(normalizeEmail(`${'a'.repeat(60)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`), null, 'over 254 octets');
  });

  it('turns unknown throwables into api error 400 unknown_error (docs/reference/errors.md#error-classes)', () => {
    const e = toAuthError(new TypeError('boom'));
    assert.ok(e instanceof ApiError);
    assert.equal(e.status_code, 400);
    assert.equal(e.error_type, 'unknown_error');
    assert.equal(e.error_message, 'boom');
  });
});

describe('constants of docs/reference/constants.md', () => {
  it('backs off 2000 ms x 2^attempt with the attempt capped at 7 and ±175 ms jitter', () => {
    assert.equal(
      backoffDelay(0, () => 0.5),
      2000,
    );
    assert.equal(
      backoffDelay(3, () => 0.5),
      16000,
    );
    assert.equal(
      backoffDelay(7, () => 0.5),
      256000,
    );
    assert.equal(
      backoffDelay(12, () => 0.5),
      256000,
    );
    assert.equal(
      backoffDelay(0, () => 0),
      2000 - 175,
    );
    assert.equal(
      backoffDelay(0, () => 1),
      2000 + 175,
    );
  });

  it('serialises cookies with SameSite=Lax and Secure only off loopback', () => {
    assert.equal(
      serializeCookie('stytch_session', 'a b', { path: '/', sameSite: 'Lax', secure: true, expires: new Date(0) }),
      'stytch_session=a%20b; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure',
    );
    assert.equal(parseCookie('x=1; stytch_session=a%20b; y=2', 'stytch_session'), 'a b');
    for (const h of ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'app.localhost']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['example.com', '10.0.0.1', 'localhost.example.com']) assert.ok(!isLoopbackHost(h), h);
  });
});

describe('API base selection (docs/reference/wire-protocol.md#url-and-headers)', () => {
  it('prefers an explicit base URL, then an https custom domain, then the provider host by token kind', () => {
    assert.equal(resolveApiBase('public-token-test-x', { apiBaseUrl: 'http://localhost:8787/' }), 'http://localhost:8787');
    assert.equal(resolveApiBase('public-token-live-x', { customBaseUrl: 'login.example.com' }), 'https://login.example.com');
    assert.equal(resolveApiBase('public-token-test-x', {}), 'https://test.stytch.com');
    assert.equal(resolveApiBase('public-token-live-x', {}), 'https://api.stytch.com');
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (m: string) => warnings.push(m);
    try {
      assert.equal(resolveApiBase('public-token-live-x', { customBaseUrl: 'http://insecure.example.com' }), 'https://api.stytch.com');
    } finally {
      console.warn = warn;
    }
    assert.match(warnings[0] ?? '', /Invalid custom API domain/);
  });
});
