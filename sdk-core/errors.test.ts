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

  it('unreachable errors carry their reason and the SPEC §8 text of it', () => {
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

  it('unknownError is SPEC §8 API error 400 unknown_error, as toAuthError makes of foreign errors', () => {
    const e = unknownError(new TypeError('boom'));
    assert.deepEqual([e.status_code, e.error_type, e.error_message], [400, 'unknown_error', 'boom']);
    const t = toAuthError('plain');
    assert.deepEqual([t.code, (t as ReturnType<typeof unknownError>).error_type], ['api_error', 'unknown_error']);
  });
});
