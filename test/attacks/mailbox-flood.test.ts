/**
 * Attack: flood one mailbox (or phone) by mixing message kinds. Each kind used to count in its own
 * window of 10, so OTP codes, magic links and password resets together put 30 emails in one mailbox in
 * 10 minutes. The per-recipient limit is one window for every kind: 10 sends of mixed kinds pass, and
 * the 11th of any kind is 429 too_many_requests. Same for a phone number across SMS and WhatsApp.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pkce } from '../../server/idp/test-flow.ts';
import { type TestApp, testApp } from '../../server/test-helpers.ts';

const STRONG = 'violet-Harbor-quietly-47';

describe('attack: one mailbox flooded by mixing message kinds', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  const email = 'flooded@example.com';
  const sends: Record<string, () => ReturnType<TestApp['call']>> = {
    otp: () => t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email } }),
    otpPrimary: () => t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email } }),
    magicLink: () =>
      t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: {
          email,
          login_magic_link_url: 'http://localhost:3000/auth',
          signup_magic_link_url: 'http://localhost:3000/auth',
          code_challenge: pkce().challenge,
        },
      }),
    passwordReset: () =>
      t.call('POST', '/sdk/v1/passwords/email/reset/start', {
        body: { email, reset_password_redirect_url: 'http://localhost:3000/reset', code_challenge: pkce().challenge },
      }),
  };

  it('10 sends across kinds pass; the 11th of every kind is 429 too_many_requests', async () => {
    const created = await t.call('POST', '/sdk/v1/passwords', { body: { email, password: STRONG } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const order = ['otp', 'magicLink', 'passwordReset', 'otpPrimary', 'otp', 'magicLink', 'passwordReset', 'otpPrimary', 'magicLink', 'passwordReset'];
    for (const [i, kind] of order.entries()) {
      const r = await sends[kind]!();
      assert.equal(r.status, 200, `send ${i + 1} (${kind}): ${JSON.stringify(r.json)}`);
    }
    for (const [kind, send] of Object.entries(sends)) {
      const r = await send();
      assert.equal(r.status, 429, `${kind} after 10 mixed sends: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, 'too_many_requests', kind);
    }
    // Another mailbox is not affected.
    assert.equal((await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'neighbour@example.com' } })).status, 200);
  });

  it('the window ends: after 10 minutes the mailbox may receive again', async () => {
    t.advance(10 * 60_000);
    assert.equal((await sends.magicLink!()).status, 200);
  });
});

describe('attack: one phone number flooded by mixing channels', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  it('10 SMS and WhatsApp sends of mixed calls pass; the 11th of either channel is 429', async () => {
    const phone_number = '+14155552671';
    const calls = ['sms/login_or_create', 'whatsapp/login_or_create', 'sms/send/primary', 'whatsapp/send/primary'];
    for (let i = 0; i < 10; i++) {
      const r = await t.call('POST', `/sdk/v1/otps/${calls[i % calls.length]}`, { body: { phone_number } });
      assert.equal(r.status, 200, `send ${i + 1}: ${JSON.stringify(r.json)}`);
    }
    for (const call of calls) {
      const r = await t.call('POST', `/sdk/v1/otps/${call}`, { body: { phone_number } });
      assert.equal(r.status, 429, call);
      assert.equal(r.json.error_type, 'too_many_requests', call);
    }
  });
});
