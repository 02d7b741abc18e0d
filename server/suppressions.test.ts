/**
 * The suppression list for real: a number that texted STOP (per channel) and an email that hard-bounced
 * are refused on every send path with docs/reference/errors.md#messages-by-error-type's texts, before anything is delivered or counted; START /
 * UNSTOP / YES and the admin's DELETE /dev/bounce undo it. Also the dev simulators' bad input, the inbox
 * page's forms, the authenticated inbound webhook, and that live projects have none of /dev/*.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { InboxMessage } from '../sdk-core/schemas/index.ts';
import { ApiError, ERRORS } from './errors.ts';
import type { OutboundMessage } from './messaging/delivery.ts';
import { inboundKeyword, recordEmailBounce, recordInboundMessage } from './suppressions.ts';
import { login, type TestApp, testApp } from './test-helpers.ts';

const UNSUBSCRIBED = "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.";
const INACTIVE = 'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.';
const URL_OK = 'http://localhost:3000/auth';
// New projects require PKCE for magic links and resets: every emailed-link send below carries a challenge.
const code_challenge = createHash('sha256').update('v'.repeat(64)).digest('base64url');
const LIVE = {
  public_token: 'public-token-live-suppressions0001',
  project_name: 'Live Co',
  allowed_origins: ['https://app.example.com'],
  redirect_urls: ['https://app.example.com/auth/'],
};

async function inbox(t: TestApp, to: string): Promise<InboxMessage[]> {
  return (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as InboxMessage[];
}

const reply = (t: TestApp, channel: string, from: string, text: string) => t.call('POST', '/dev/inbound', { body: { channel, from, text } });

function assertRefused(r: { status: number; json: Record<string, unknown> }, type: 'unsubscribed_phone_number' | 'inactive_email', what: string): void {
  assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(r.json.error_type, type, what);
  assert.equal(r.json.error_message, type === 'inactive_email' ? INACTIVE : UNSUBSCRIBED, what);
}

describe('inbound keywords', () => {
  it('STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT unsubscribe; START, UNSTOP, YES resubscribe; case-insensitive and trimmed, whole message only', () => {
    for (const w of ['STOP', 'stop', ' Stop\n', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) assert.equal(inboundKeyword(w), 'unsubscribe', w);
    for (const w of ['START', ' start ', 'UNSTOP', 'yes', 'Yes\t']) assert.equal(inboundKeyword(w), 'resubscribe', w);
    for (const w of ['', 'stop please', 'STOP ALL', 'STOP!', 'no', 'ok', 'started', 'yes!', 'hello']) assert.equal(inboundKeyword(w), null, w);
  });

  it('the catalogue has both docs/reference/errors.md#messages-by-error-type texts', () => {
    assert.equal(ERRORS.unsubscribed_phone_number.message, UNSUBSCRIBED);
    assert.equal(ERRORS.inactive_email.message, INACTIVE);
  });
});

describe('unsubscribed phone numbers', () => {
  it('SMS STOP refuses every SMS send (login_or_create, primary, secondary) before delivering, counting or creating a user; WhatsApp is unaffected; START resubscribes', async () => {
    // Two sends per number per window (SMS and WhatsApp share it): refused sends that counted would use them up.
    const t = await testApp({ rateLimits: { sendPerRecipient: { max: 2, windowMs: 600_000 } } });
    try {
      const phone = '+14155550111';
      const stop = await reply(t, 'sms', '+1 (415) 555-0111', '  stop ');
      assert.equal(stop.status, 200);
      assert.deepEqual(stop.json, { channel: 'sms', from: phone, action: 'unsubscribed' });

      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: phone } }),
        'unsubscribed_phone_number',
        'login_or_create',
      );
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+1 415 555 0111' } }),
        'unsubscribed_phone_number',
        'formatted number',
      );
      assert.deepEqual(await inbox(t, phone), [], 'nothing delivered');
      const users = await t.services.db.kysely.selectFrom('phone_numbers').select('phone_id').where('phone_number', '=', phone).execute();
      assert.deepEqual(users, [], 'no user created for a refused sign-up');

      // WhatsApp consent is separate: the same number still gets WhatsApp codes (and makes the user).
      const wa = await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: phone } });
      assert.equal(wa.status, 200, JSON.stringify(wa.json));
      const waCode = (await inbox(t, phone))[0]!;
      assert.equal(waCode.channel, 'whatsapp');
      const signedIn = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: waCode.code, method_id: wa.json.data!.method_id } });
      assert.equal(signedIn.status, 200);
      const session = String(signedIn.json.data!.session_token);

      // The number now belongs to a user: primary and secondary SMS sends are refused too.
      assertRefused(await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: phone } }), 'unsubscribed_phone_number', 'send/primary');
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/send/secondary', { body: { phone_number: phone }, secret: session }),
        'unsubscribed_phone_number',
        'send/secondary',
      );
      assert.equal((await inbox(t, phone)).length, 1, 'still only the WhatsApp code');

      const listed = await t.call('GET', '/dev/suppressions.json');
      assert.deepEqual(
        (listed.json.suppressions as { channel: string; address: string; reason: string; detail: string }[]).map((e) => [
          e.channel,
          e.address,
          e.reason,
          e.detail,
        ]),
        [['sms', phone, 'unsubscribed', 'STOP']],
      );

      const start = await reply(t, 'sms', phone, 'Start');
      assert.deepEqual(start.json, { channel: 'sms', from: phone, action: 'resubscribed' });
      // The per-number window allows one more send: the four refusals above did not spend it.
      const again = await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: phone } });
      assert.equal(again.status, 200, JSON.stringify(again.json));
      assert.equal((await inbox(t, phone))[0]!.channel, 'sms');
      assert.deepEqual((await t.call('GET', '/dev/suppressions.json')).json.suppressions, []);
    } finally {
      await t.close();
    }
  });

  it('WhatsApp STOP refuses WhatsApp sends only; each synonym unsubscribes and UNSTOP / YES resubscribe; other text is ignored', async () => {
    // Many real sends to one number here; the per-number and per-prefix limits are not what this test is about.
    const t = await testApp({ rateLimits: { sendPerRecipient: { max: 100, windowMs: 600_000 }, smsSendPerPrefix: { max: 100, windowMs: 3_600_000 } } });
    try {
      const phone = '+447911123456';
      // The number's own user, signed in by SMS: its secondary sends pass the duplicate check.
      const sms = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: phone } });
      const smsCode = (await inbox(t, phone))[0]!.code;
      const owner = await t.call('POST', '/sdk/v1/otps/authenticate', { body: { token: smsCode, method_id: sms.json.data!.method_id } });
      const token = String(owner.json.data!.session_token);
      for (const [i, word] of ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].entries()) {
        assert.equal((await reply(t, 'whatsapp', phone, word.toLowerCase())).json.action, 'unsubscribed', word);
        assertRefused(await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: phone } }), 'unsubscribed_phone_number', word);
        assertRefused(
          await t.call('POST', '/sdk/v1/otps/whatsapp/send/secondary', { body: { phone_number: phone }, secret: token }),
          'unsubscribed_phone_number',
          `${word} secondary`,
        );
        // An unrelated reply changes nothing.
        assert.equal((await reply(t, 'whatsapp', phone, 'who is this?')).json.action, 'ignored');
        assertRefused(
          await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: phone } }),
          'unsubscribed_phone_number',
          `${word} after chat`,
        );
        assert.equal((await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: phone } })).status, 200, 'SMS unaffected');
        assert.equal((await reply(t, 'whatsapp', phone, i % 2 ? 'UNSTOP' : 'yes')).json.action, 'resubscribed', word);
        assert.equal((await t.call('POST', '/sdk/v1/otps/whatsapp/send/primary', { body: { phone_number: phone } })).status, 200, `${word} undone`);
      }
      // STOP twice, START once: one entry, so one START is enough.
      await reply(t, 'whatsapp', phone, 'STOP');
      await reply(t, 'whatsapp', phone, 'STOP');
      await reply(t, 'whatsapp', phone, 'START');
      assert.equal((await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: phone } })).status, 200);
      // START for a number that never stopped is harmless.
      assert.equal((await reply(t, 'sms', '+14155550199', 'START')).json.action, 'resubscribed');
    } finally {
      await t.close();
    }
  });
});

describe('inactive (bounced) email addresses', () => {
  it('a hard bounce refuses email OTP, magic links and password resets on every path until DELETE /dev/bounce reactivates it', async () => {
    const t = await testApp();
    try {
      const email = 'bouncy@example.com';
      const { token } = await login(t, email);
      const { token: other } = await login(t, 'other-user@example.com');
      await t.call('DELETE', '/dev/inbox.json');

      const b = await t.call('POST', '/dev/bounce', { body: { email: ' Bouncy@Example.COM ', detail: '550 5.1.1 user unknown' } });
      assert.equal(b.status, 200);
      assert.deepEqual(b.json, { email, status: 'inactive' });

      const sends: [string, Record<string, unknown>, string?][] = [
        ['/sdk/v1/otps/email/login_or_create', { email: 'BOUNCY@example.com' }],
        ['/sdk/v1/otps/email/send/primary', { email }],
        ['/sdk/v1/otps/email/send/secondary', { email }, token],
        ['/sdk/v1/magic_links/email/login_or_create', { email, login_magic_link_url: URL_OK, code_challenge }],
        ['/sdk/v1/magic_links/email/send/primary', { email, login_magic_link_url: URL_OK, code_challenge }],
        ['/sdk/v1/magic_links/email/send/secondary', { email, login_magic_link_url: URL_OK, code_challenge }, token],
        ['/sdk/v1/passwords/email/reset/start', { email, reset_password_redirect_url: URL_OK, code_challenge }],
      ];
      for (const [path, body, secret] of sends) {
        assertRefused(await t.call('POST', path, { body, ...(secret ? { secret } : {}) }), 'inactive_email', path);
      }
      // Adding the inactive address to another account is refused the same way (after the duplicate check).
      const dup = await t.call('POST', '/sdk/v1/otps/email/send/secondary', { body: { email }, secret: other });
      assert.equal(dup.json.error_type, 'duplicate_email');
      assert.deepEqual(await inbox(t, email), [], 'nothing delivered');
      // Another address of the same project is not affected.
      assert.equal((await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'fine@example.com' } })).status, 200);

      const listed = (await t.call('GET', '/dev/suppressions.json')).json.suppressions as {
        channel: string;
        address: string;
        reason: string;
        detail: string;
      }[];
      assert.deepEqual(
        listed.map((e) => [e.channel, e.address, e.reason, e.detail]),
        [['email', email, 'bounced', '550 5.1.1 user unknown']],
      );

      // Replies do not reactivate email (there is no such thing); only the admin action does.
      const cleared = await t.call('DELETE', '/dev/bounce', { body: { email: 'BOUNCY@example.com' } });
      assert.deepEqual(cleared.json, { email, status: 'active', cleared: true });
      for (const [path, body, secret] of sends) {
        const r = await t.call('POST', path, { body, ...(secret ? { secret } : {}) });
        assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.json)}`);
      }
      assert.equal((await inbox(t, email)).length, sends.length, 'one message per send');
      // Clearing again, by query string this time: nothing to clear.
      const twice = await t.call('DELETE', `/dev/bounce?email=${encodeURIComponent(email)}`);
      assert.deepEqual(twice.json, { email, status: 'active', cleared: false });
    } finally {
      await t.close();
    }
  });

  it('a password reset for an unknown but bounced address answers inactive_email too (it says nothing about accounts)', async () => {
    const t = await testApp();
    try {
      await t.call('POST', '/dev/bounce', { body: { email: 'nobody@example.com' } });
      assertRefused(
        await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
          body: { email: 'nobody@example.com', reset_password_redirect_url: URL_OK, code_challenge },
        }),
        'inactive_email',
        'reset/start',
      );
      assert.equal(
        (
          await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
            body: { email: 'nobody2@example.com', reset_password_redirect_url: URL_OK, code_challenge },
          })
        ).status,
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe('dev simulators: bad input', () => {
  it('POST /dev/inbound, POST /dev/bounce and DELETE /dev/bounce answer stable 4xx error types', async () => {
    const t = await testApp();
    try {
      const cases: [string, string, { body?: unknown; raw?: string; headers?: Record<string, string> }, number, string][] = [
        ['POST', '/dev/inbound', { body: {} }, 400, 'invalid_request_body'],
        ['POST', '/dev/inbound', { body: { channel: 'email', from: '+14155550111', text: 'STOP' } }, 400, 'invalid_request_body'],
        ['POST', '/dev/inbound', { body: { channel: 'sms', from: '+14155550111' } }, 400, 'invalid_request_body'],
        ['POST', '/dev/inbound', { body: { channel: 'sms', from: 14155550111, text: 'STOP' } }, 400, 'invalid_request_body'],
        ['POST', '/dev/inbound', { body: { channel: 'sms', from: '+14155550111', text: 'x'.repeat(1601) } }, 400, 'invalid_request_body'],
        ['POST', '/dev/inbound', { body: { channel: 'sms', from: 'not a number', text: 'STOP' } }, 400, 'invalid_phone_number'],
        ['POST', '/dev/inbound', { body: { channel: 'whatsapp', from: '+88212345678', text: 'STOP' } }, 400, 'invalid_phone_number_country_code'],
        ['POST', '/dev/inbound', { raw: '{"channel":', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
        [
          'POST',
          '/dev/inbound',
          { raw: JSON.stringify({ channel: 'sms', from: '+14155550111', text: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } },
          413,
          'request_too_large',
        ],
        ['POST', '/dev/bounce', { body: {} }, 400, 'invalid_request_body'],
        ['POST', '/dev/bounce', { body: { email: 'not-an-email' } }, 400, 'invalid_email'],
        ['POST', '/dev/bounce', { body: { email: ['a@example.com'] } }, 400, 'invalid_request_body'],
        ['POST', '/dev/bounce', { raw: 'email=', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 400, 'invalid_email'],
        ['DELETE', '/dev/bounce', {}, 400, 'invalid_request_body'],
        ['DELETE', '/dev/bounce?email=nope', {}, 400, 'invalid_email'],
        ['PUT', '/dev/bounce', { body: { email: 'a@example.com' } }, 405, 'method_not_allowed'],
        ['GET', '/dev/inbound', {}, 405, 'method_not_allowed'],
      ];
      for (const [method, path, o, status, type] of cases) {
        const r = await t.call(method, path, o);
        assert.equal(r.status, status, `${method} ${path} ${JSON.stringify(o).slice(0, 80)}: ${JSON.stringify(r.json).slice(0, 200)}`);
        assert.equal(r.json.error_type, type, `${method} ${path} ${JSON.stringify(o).slice(0, 80)}`);
      }
      const schema = await t.call('POST', '/dev/inbound', { body: { channel: 'email', from: '+14155550111', text: 'STOP' } });
      assert.deepEqual(
        (schema.json.body as { dataPath: string }[]).map((e) => e.dataPath),
        ['.channel'],
      );
      assert.deepEqual((await t.call('GET', '/dev/suppressions.json')).json.suppressions, [], 'no bad input left a trace');
      // A foreign Origin is refused like every /dev/* call.
      const foreign = await t.call('POST', '/dev/bounce', { body: { email: 'a@example.com' }, origin: 'https://evil.example' });
      assert.equal(foreign.json.error_type, 'invalid_origin');
    } finally {
      await t.close();
    }
  });
});

describe('the /dev/inbox page', () => {
  it('has a reply box (plus STOP / START) per text message and a bounce button per email; its form posts work and come back to the page', async () => {
    const t = await testApp();
    try {
      const phone = '+14155550122';
      await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: phone } });
      await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'page@example.com' } });
      const page = String((await t.call('GET', '/dev/inbox')).json.text);
      assert.match(page, /<meta http-equiv="refresh" content="3">/);
      assert.ok(
        page.includes(
          '<form class="ctl" method="post" action="/dev/inbound"><input type="hidden" name="channel" value="sms"><input type="hidden" name="from" value="+14155550122"><label>Reply from +14155550122 <input name="text"',
        ),
      );
      assert.ok(page.includes('<input type="hidden" name="text" value="STOP"><button type="submit">Reply STOP</button>'));
      assert.ok(page.includes('<input type="hidden" name="text" value="START"><button type="submit">Reply START</button>'));
      assert.ok(
        page.includes(
          '<form class="ctl" method="post" action="/dev/bounce"><input type="hidden" name="email" value="page@example.com"><button type="submit">Bounce (hard)</button></form>',
        ),
      );
      assert.ok(page.includes('No suppressed destinations.'));
      // Typing needs a page that does not reload under the cursor.
      assert.ok(!String((await t.call('GET', '/dev/inbox?refresh=0')).json.text).includes('http-equiv="refresh"'));

      const form = (path: string, fields: Record<string, string>, referer?: string) =>
        t.call('POST', path, {
          raw: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}) },
          origin: 'http://localhost:8787',
        });
      const stop = await form('/dev/inbound', { channel: 'sms', from: phone, text: 'STOP' }, 'http://localhost:8787/dev/inbox?refresh=0');
      assert.equal(stop.status, 303);
      assert.equal(stop.headers.get('location'), '/dev/inbox?refresh=0');
      const bounce = await form('/dev/bounce', { email: 'page@example.com' }, 'https://elsewhere.example/dev/inbox?x=1');
      assert.equal(bounce.status, 303);
      assert.equal(bounce.headers.get('location'), '/dev/inbox', 'only a same-origin inbox page is a way back');
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: phone } }),
        'unsubscribed_phone_number',
        'after the page STOP',
      );
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'page@example.com' } }),
        'inactive_email',
        'after the page bounce',
      );

      const after = await t.call('GET', '/dev/inbox');
      const html = String(after.json.text);
      assert.match(after.headers.get('content-security-policy') ?? '', /form-action 'self'/);
      assert.ok(html.includes('<span class="badge">unsubscribed</span>'));
      assert.ok(html.includes('<span class="badge">inactive</span>'));
      assert.ok(html.includes('<td>sms</td><td>+14155550122</td><td>unsubscribed</td><td>STOP</td>'));
      assert.ok(html.includes('<td>email</td><td>page@example.com</td><td>inactive (bounced)</td>'));
      // A free-text reply is escaped on the page like everything else.
      await form('/dev/inbound', { channel: 'sms', from: phone, text: 'START' });
      await t.call('POST', '/dev/bounce', { body: { email: 'page@example.com', detail: '<b>550</b>' } });
      const escaped = String((await t.call('GET', '/dev/inbox')).json.text);
      assert.ok(!escaped.includes('<b>550</b>') && escaped.includes('&#60;b&#62;550&#60;/b&#62;'));
      assert.ok(!escaped.includes('<span class="badge">unsubscribed</span>'), 'START cleared the SMS entry');
    } finally {
      await t.close();
    }
  });
});

describe('live projects and provider adapters', () => {
  it('a live project has no /dev/* suppression routes; an adapter reports STOP / bounces through recordInboundMessage / recordEmailBounce', async () => {
    const t = await testApp({ liveProject: LIVE });
    try {
      for (const [method, path] of [
        ['POST', '/dev/inbound'],
        ['POST', '/dev/bounce'],
        ['DELETE', '/dev/bounce'],
        ['GET', '/dev/suppressions.json'],
      ] as const) {
        const r = await t.call(method, path, method === 'GET' ? {} : { body: { channel: 'sms', from: '+14155550133', text: 'STOP', email: 'a@example.com' } });
        assert.equal(r.status, 404, `${method} ${path}`);
        assert.equal(r.json.error_type, 'not_found');
      }
      // No secret configured: no webhook either.
      assert.equal((await t.call('POST', '/webhooks/sms/inbound', { body: {} })).status, 404);

      assert.deepEqual(await recordInboundMessage(t.services, { channel: 'sms', from: '+1 415 555 0133', text: 'QUIT' }), {
        from: '+14155550133',
        action: 'unsubscribed',
      });
      assert.equal(await recordEmailBounce(t.services, 'Live@Example.com', { detail: 'mailbox does not exist' }), 'live@example.com');
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155550133' } }),
        'unsubscribed_phone_number',
        'live sms',
      );
      assertRefused(await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'live@example.com' } }), 'inactive_email', 'live email');
      await assert.rejects(
        recordInboundMessage(t.services, { channel: 'sms', from: 'nope', text: 'STOP' }),
        (e: unknown) => e instanceof ApiError && e.errorType === 'invalid_phone_number',
      );
    } finally {
      await t.close();
    }
  });

  it('POST /webhooks/sms/inbound: the SMS relay reports replies with its bearer secret (live project)', async () => {
    const secret = 'whsec-0123456789abcdef';
    const t = await testApp({ liveProject: LIVE, smsWebhookSecret: secret });
    try {
      const post = (body: unknown, auth?: string) =>
        t.call('POST', '/webhooks/sms/inbound', { body, headers: auth === undefined ? {} : { authorization: auth } });
      const stop = { channel: 'sms', from: '+14155550144', text: 'Stop' };
      for (const auth of [undefined, 'Bearer wrong-secret-0123456789', `Basic ${secret}`, `Bearer ${secret}x`, 'Bearer']) {
        // The test caller sends Basic project auth by default; the webhook wants the bearer secret only.
        const r = await post(stop, auth);
        assert.equal(r.status, 401, String(auth));
        assert.equal(r.json.error_type, 'unauthorized_credentials', String(auth));
      }
      assert.equal(
        (await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155550144' } })).status,
        200,
        'refused webhooks changed nothing',
      );
      const bad = await post({ channel: 'sms', from: '+14155550144' }, `Bearer ${secret}`);
      assert.equal(bad.json.error_type, 'invalid_request_body');
      assert.equal((await post({ ...stop, from: '12' }, `Bearer ${secret}`)).json.error_type, 'invalid_phone_number');

      const ok = await post(stop, `Bearer ${secret}`);
      assert.equal(ok.status, 200);
      assert.deepEqual(ok.json, { channel: 'sms', from: '+14155550144', action: 'unsubscribed' });
      assertRefused(
        await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: '+14155550144' } }),
        'unsubscribed_phone_number',
        'after webhook STOP',
      );
      assert.equal((await post({ ...stop, channel: 'whatsapp', text: 'hi' }, `Bearer ${secret}`)).json.action, 'ignored');
      assert.equal((await post({ ...stop, text: 'UNSTOP' }, `Bearer ${secret}`)).json.action, 'resubscribed');
      assert.equal((await t.call('POST', '/sdk/v1/otps/sms/send/primary', { body: { phone_number: '+14155550144' } })).status, 200);
      assert.equal((await t.call('GET', '/webhooks/sms/inbound')).json.error_type, 'method_not_allowed');
    } finally {
      await t.close();
    }
  });

  it('a webhook secret shorter than 16 characters is refused at start', async () => {
    await assert.rejects(testApp({ smsWebhookSecret: 'short' }), /at least 16 characters/);
  });

  it('the delivery backstop refuses a suppressed destination whatever path sends, before the provider sees it', async () => {
    const sent: OutboundMessage[] = [];
    const t = await testApp({ delivery: { send: async (m) => void sent.push(m) } });
    try {
      await t.call('POST', '/dev/bounce', { body: { email: 'guarded@example.com' } });
      await t.call('POST', '/dev/inbound', { body: { channel: 'whatsapp', from: '+14155550155', text: 'END' } });
      const message = (channel: OutboundMessage['channel'], to: string): OutboundMessage => ({
        projectId: t.projectId,
        channel,
        to,
        subject: null,
        text: 'hi',
        code: null,
        link: null,
      });
      await assert.rejects(
        t.services.delivery.send(message('email', 'guarded@example.com')),
        (e: unknown) => e instanceof ApiError && e.errorType === 'inactive_email',
      );
      await assert.rejects(
        t.services.delivery.send(message('whatsapp', '+14155550155')),
        (e: unknown) => e instanceof ApiError && e.errorType === 'unsubscribed_phone_number',
      );
      await t.services.delivery.send(message('sms', '+14155550155'));
      assert.deepEqual(
        sent.map((m) => `${m.channel} ${m.to}`),
        ['sms +14155550155'],
      );
    } finally {
      await t.close();
    }
  });
});
