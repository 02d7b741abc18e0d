/** One error family (issue 12): every SDK error is an AuthError with a code of its own and a literal name. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiUnreachableError, AuthError, CaptchaRequiredError, toAuthError, UNREACHABLE_MESSAGES, unknownError } from './errors.ts';
import { WebAuthnCeremonyError } from './webauthn/errors.ts';
import { isWebAuthnAbort, isWebAuthnDuplicate, isWebAuthnNotAllowed } from './webauthn/index.ts';

describe('error family', () => {
  it('WebAuthnCeremonyError and CaptchaRequiredError are AuthErrors with their own codes and names', () => {
    const ceremony = new WebAuthnCeremonyError('duplicate', 'already registered');
    assert.ok(ceremony instanceof AuthError);
    assert.deepEqual([ceremony.name, ceremony.code, ceremony.reason], ['WebAuthnCeremonyError', 'webauthn_ceremony', 'duplicate']);
    const captcha = new CaptchaRequiredError();
    assert.ok(captcha instanceof AuthError);
    assert.deepEqual([captcha.name, captcha.code], ['CaptchaRequiredError', 'captcha_required']);
    // Already SDK errors: toAuthError keeps them as they are.
    assert.equal(toAuthError(ceremony), ceremony);
    assert.equal(toAuthError(captcha), captcha);
  });

  it('unreachable errors carry their reason and the docs/reference/errors.md#error-classes text of it', () => {
    const texts = (['network', 'timeout', 'invalid_json', 'no_response', 'invalid_response'] as const).map((r) => new ApiUnreachableError(r).message);
    assert.deepEqual(texts, [
      UNREACHABLE_MESSAGES.network,
      UNREACHABLE_MESSAGES.network,
      UNREACHABLE_MESSAGES.invalidJson,
      UNREACHABLE_MESSAGES.noResponse,
      UNREACHABLE_MESSAGES.invalidResponse,
    ]);
    assert.equal(new ApiUnreachableError('timeout').reason, 'timeout');
  });

  it('recognises ceremony failures by code and reason, also from another copy of the kit', () => {
    assert.equal(isWebAuthnAbort(new WebAuthnCeremonyError('aborted', 'cancelled')), true);
    assert.equal(isWebAuthnDuplicate(new WebAuthnCeremonyError('duplicate', 'x')), true);
    assert.equal(isWebAuthnNotAllowed(new WebAuthnCeremonyError('not_allowed', 'x')), true);
    assert.equal(isWebAuthnAbort(new WebAuthnCeremonyError('other', 'x')), false);
    // A second bundle on the page has its own class: same code and reason, another constructor.
    const foreign = Object.assign(new Error('cancelled'), { name: 'WebAuthnCeremonyError', code: 'webauthn_ceremony', reason: 'aborted' });
    assert.equal(isWebAuthnAbort(foreign), true);
    assert.equal(isWebAuthnAbort(Object.assign(new Error('x'), { reason: 'aborted' })), false);
  });

  it('unknownError is docs/reference/errors.md#error-classes API error 400 unknown_error, as toAuthError makes of foreign errors', () => {
    const e = unknownError(new TypeError('boom'));
    assert.deepEqual([e.status_code, e.error_type, e.error_message], [400, 'unknown_error', 'boom']);
    const t = toAuthError('plain');
    assert.deepEqual([t.code, (t as ReturnType<typeof unknownError>).error_type], ['api_error', 'unknown_error']);
  });
});

describe('two copies of the kit on one page', () => {
  it("instanceof, isApiError and toAuthError recognise the other copy's errors by class name", async () => {
    // A second module instance is a second copy of every class (as auth-elements/client's bundle is beside the elements').
    const other = (await import(`./errors.ts?copy=${Date.now()}`)) as typeof import('./errors.ts');
    const { ApiError, ConfigError, isApiError, NoSessionError } = await import('./errors.ts');
    assert.notEqual(other.ApiError, ApiError);
    const foreign = new other.ApiError({ status_code: 429, error_type: 'too_many_requests', error_message: 'slow down', error_url: '' });
    assert.ok(foreign instanceof ApiError);
    assert.ok(foreign instanceof AuthError);
    assert.ok(foreign instanceof Error);
    assert.equal(foreign instanceof NoSessionError, false);
    assert.equal(foreign instanceof ConfigError, false);
    assert.equal(isApiError(foreign, 'too_many_requests'), true);
    // Kept as it is (not wrapped as unknown_error), so the widget shows the text of its error_type.
    assert.equal(toAuthError(foreign), foreign);
    assert.ok(new ApiError({ status_code: 400, error_type: 'x', error_message: 'x', error_url: '' }) instanceof other.AuthError);
    assert.equal(new other.NoSessionError().name, 'NoSessionError');
  });

  it('a host subclass and errors of other libraries are not taken for SDK classes', async () => {
    const { ApiError } = await import('./errors.ts');
    class HostError extends ApiError {}
    const plain = new ApiError({ status_code: 400, error_type: 'x', error_message: 'x', error_url: '' });
    assert.equal(plain instanceof HostError, false);
    assert.ok(new HostError({ status_code: 400, error_type: 'x', error_message: 'x', error_url: '' }) instanceof ApiError);
    // A Node error with a `code` of its own, and a look-alike plain object.
    assert.equal(Object.assign(new Error('reset'), { code: 'ECONNRESET' }) instanceof AuthError, false);
    assert.equal({ name: 'ApiError', code: 'api_error' } instanceof ApiError, false);
    for (const v of [null, undefined, 0, 'ApiError', Object.create(null), Object.create(Object.create(null))]) assert.equal(v instanceof AuthError, false);
    assert.equal(toAuthError(new TypeError('boom')).code, 'api_error');
  });
});
