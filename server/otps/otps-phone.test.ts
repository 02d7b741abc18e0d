import assert from 'node:assert/strict';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';

const PHONE = '+14155552671';

async function inbox(t: TestApp, to: string): Promise<InboxMessage[]> {
  const r = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`);
  return r.json.messages as InboxMessage[];
}

describe('OTP by SMS and WhatsApp', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  for (const channel of ['sms', 'whatsapp'] as const) {
    it(`${channel}: login_or_create sends a code to the E.164 number; authenticate signs in and verifies the phone`, async () => {
      const phone = channel === 'sms' ? PHONE : '+447911123456';
      const r = await t.call('POST', `/sdk/v1/otps/${channel}/login_or_create`, {
        body: { phone_number: phone, expiration_minutes: 5, locale: 'en', captcha_token: 'c', dfp_telemetry_id: 'd' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const d = r.json.data!;
      assert.equal(d.method_id, d.phone_id);
      assert.equal(d.user_created, true);
      const m = (await inbox(t, phone))[0]!;
      assert.equal(m.channel, channel);
      assert.equal(m.to, phone);
      assert.equal(m.subject, null);
      assert.match(m.code!, /^\d{6}$/);
      assert.ok(m.text.includes(m.code!));
      const a = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: m.code, method_id: d.method_id, session_duration_minutes: 30 } });
      assert.equal(a.status, 200, JSON.stringify(a.json));
      const ad = a.json.data as { session: { authentication_factors: Record<string, unknown>[] }; user: { phone_numbers: unknown[] } };
      assert.deepEqual(ad.session.authentication_factors[0]!.phone_number_factor, { phone_id: d.phone_id, phone_number: phone });
      assert.equal(ad.session.authentication_factors[0]!.delivery_method, channel);
      assert.deepEqual(ad.user.phone_numbers, [{ phone_id: d.phone_id, phone_number: phone, verified: true }]);
      // The same number again: same user.
      const again = await t.call('POST', `/sdk/v1/otps/${channel}/login_or_create`, { body: { phone_number: phone } });
      assert.equal(again.json.data!.user_created, false);
      assert.equal(again.json.data!.user_id, d.user_id);
    });
  }

  it('phone formatting is normalised to E.164; bad numbers -> invalid_phone_number / invalid_phone_number_country_code', async () => {
    const r = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+1 (415) 555-2671' } });
    assert.equal(r.status, 200);
    assert.equal((await inbox(t, PHONE))[0]!.to, PHONE);
    for (const phone_number of ['4155552671', '+1415', 'phone', '+1 415 555 26711111111', '+10000000000', '']) {
      const b = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number } });
      assert.equal(b.status, 400, phone_number);
      assert.equal(b.json.error_type, 'invalid_phone_number', phone_number);
    }
    for (const phone_number of ['+999123456789', '+88212345678']) {
      const b = await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number } });
      assert.equal(b.status, 400, phone_number);
      assert.equal(b.json.error_type, 'invalid_phone_number_country_code', phone_number);
    }
    const typed = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: 14155552671 } });
    assert.equal(typed.json.error_type, 'invalid_request_body');
    const raw = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { raw: 'phone=1', headers: { 'content-type': 'application/json' } });
    assert.equal(raw.json.error_type, 'invalid_json');
  });

  it('send/primary: known numbers and emails only', async () => {
    const ghost = await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: '+14155550000' } });
    assert.equal(ghost.status, 404);
    assert.equal(ghost.json.error_type, 'phone_number_not_found');
    const ghostEmail = await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: 'ghost@example.com' } });
    assert.equal(ghostEmail.json.error_type, 'email_not_found');
    const r = await t.call('POST', '/sdk/v1/otps/whatsapp/send/primary', { body: { phone_number: PHONE } });
    assert.equal(r.status, 200);
    const m = (await inbox(t, PHONE))[0]!;
    assert.equal(m.channel, 'whatsapp');
    const a = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: m.code, method_id: r.json.data!.method_id } });
    assert.equal(a.status, 200);
    await login(t, 'em@example.com');
    const e = await t.call('POST', '/sdk/v1/otps/email/send/primary', { body: { email: 'em@example.com' } });
    assert.equal(e.status, 200);
    const code = (await inbox(t, 'em@example.com'))[0]!.code;
    assert.equal((await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: e.json.data!.method_id } })).status, 200);
  });

  it('send/secondary adds a phone or an email to the session user only once the code is verified', async () => {
    const none = await t.call('POST', '/sdk/v1/otps/sms/send/secondary', { body: { phone_number: '+14155550101' } });
    assert.equal(none.json.error_type, 'user_unauthenticated');
    const { token, data } = await login(t, 'owner@example.com');
    const r = await t.call('POST', '/sdk/v1/otps/sms/send/secondary', { body: { phone_number: '+14155550101' }, secret: token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const code = (await inbox(t, '+14155550101'))[0]!.code;
    const a = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: code, method_id: r.json.data!.method_id } });
    assert.equal(a.status, 200, JSON.stringify(a.json));
    assert.equal(a.json.data!.user_id, data.user_id);
    assert.deepEqual(
      (a.json.data!.user as { phone_numbers: { phone_number: string }[] }).phone_numbers.map((p) => p.phone_number),
      ['+14155550101'],
    );

    const e = await t.call('POST', '/sdk/v1/otps/email/send/secondary', { body: { email: 'owner2@example.com' }, secret: token });
    const ecode = (await inbox(t, 'owner2@example.com'))[0]!.code;
    const ea = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: ecode, method_id: e.json.data!.method_id } });
    assert.equal(ea.json.data!.user_id, data.user_id);
    // Another user's number cannot be added.
    const { token: other } = await login(t, 'intruder@example.com');
    const dup = await t.call('POST', '/sdk/v1/otps/sms/send/secondary', { body: { phone_number: '+14155550101' }, secret: other });
    assert.equal(dup.json.error_type, 'duplicate_phone_number');
  });

  it('send limit per E.164 number -> 429 too_many_requests', async () => {
    const limited = await testApp({ rateLimits: { sendPerRecipient: { max: 2, windowMs: 600_000 } } });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await limited.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: PHONE } })).status, 200);
      const third = await limited.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: PHONE } });
      assert.equal(third.status, 429);
      assert.equal(third.json.error_type, 'too_many_requests');
    } finally {
      await limited.close();
    }
  });
});

describe('HTTP SMS provider adapter', () => {
  it('posts {channel, to, text} with the bearer token to SMS_PROVIDER_URL; a provider failure is retried by the outbox', async () => {
    const received: { auth: string | undefined; type: string | undefined; body: Record<string, string> }[] = [];
    let fail = false;
    const server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(raw) as Record<string, string> });
        res.writeHead(fail ? 503 : 202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    const t = await testApp({ smsProviderUrl: url, smsProviderToken: 'sekret' });
    try {
      const r = await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: PHONE } });
      assert.equal(r.status, 200);
      await t.services.outbox.drain();
      assert.equal(received.length, 1);
      assert.equal(received[0]!.auth, 'Bearer sekret');
      assert.equal(received[0]!.type, 'application/json');
      assert.equal(received[0]!.body.channel, 'whatsapp');
      assert.equal(received[0]!.body.to, PHONE);
      const code = (await inbox(t, PHONE))[0]!.code!;
      assert.ok(received[0]!.body.text!.includes(code), 'the provider gets the same text as the inbox');
      // Email does not go to the SMS provider.
      await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'mail@example.com' } });
      await t.services.outbox.drain();
      assert.equal(received.length, 1);
      // A provider failure no longer fails the call (sends left the request path): the job is retried.
      fail = true;
      const broken = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: PHONE } });
      assert.equal(broken.status, 200);
      await t.services.outbox.drain();
      assert.equal(received.length, 2);
      const jobs = (await t.call('GET', '/dev/outbox.json')).json.jobs as { status: string; attempts: number; last_error: string; channel: string }[];
      assert.deepEqual(
        jobs.map((j) => [j.status, j.attempts, j.channel]),
        [['pending', 1, 'sms']],
      );
      assert.match(jobs[0]!.last_error, /503/);
      fail = false;
      t.advance(30_000);
      await t.services.outbox.drain();
      assert.equal(received.length, 3, 'the retry 30 s later gets through');
      assert.deepEqual((await t.call('GET', '/dev/outbox.json')).json.jobs, [], 'a delivered job is deleted');
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
