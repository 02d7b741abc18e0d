import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type TestApp, testApp } from './test-helpers.ts';

describe('captcha (docs/reference/sdk.md#captcha-retry)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { captcha_settings: { enabled: true, siteKey: 'dev-captcha' } } });
  });
  after(() => t.close());

  const token = async () => ((await t.call('GET', '/dev/captcha-token', { auth: false })).json as { captcha_token: string }).captcha_token;

  it('announces itself in the bootstrap', async () => {
    const r = await t.call('GET', `/sdk/v1/projects/bootstrap/${t.publicToken}`, { auth: false });
    assert.deepEqual((r.json.data as { captcha_settings: unknown }).captcha_settings, { enabled: true, siteKey: 'dev-captcha' });
  });

  it('answers protected calls without a good token with the plain text "Captcha required"', async () => {
    for (const body of [{ email: 'cap@example.com' }, { email: 'cap@example.com', captcha_token: 'made-up' }]) {
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body });
      assert.equal(r.status, 403);
      assert.equal(r.json.text, 'Captcha required');
    }
  });

  it('accepts a dev captcha token once', async () => {
    const captcha_token = await token();
    const ok = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'cap@example.com', captcha_token } });
    assert.equal(ok.status, 200);
    const reused = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'cap@example.com', captcha_token } });
    assert.equal(reused.json.text, 'Captcha required');
  });

  it('expires dev tokens after two minutes', async () => {
    const captcha_token = await token();
    t.advance(120_001);
    const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'cap@example.com', captcha_token } });
    assert.equal(r.json.text, 'Captcha required');
  });

  it('leaves unprotected calls and bad bodies to their own errors', async () => {
    assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { body: {} })).json.error_type, 'unauthorized_credentials');
    const bad = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { raw: '{nope', headers: { 'content-type': 'application/json' } });
    assert.equal(bad.json.error_type, 'invalid_json');
  });
});
