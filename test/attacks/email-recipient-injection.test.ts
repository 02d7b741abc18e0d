/**
 * Attack: the email syntax was `^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$` and nodemailer parsed the `to`
 * header into SMTP recipients, so `victim:attacker@evil.com` was delivered (RCPT TO) to
 * attacker@evil.com, `<script>x</script>@example.com` to `<script>`, `a,b@example.com` to b@...,
 * and NUL, other control characters and lone surrogates were accepted and stored. Now one strict
 * syntax (sdk-core normalizeEmail) guards every route, and the SMTP envelope is exactly the stored
 * address. Checked against a real SMTP server (smtp-server).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { EMAIL_PATTERN, isValidEmail, normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { isValidEmail as clientIsValidEmail } from '../../sdk-core/helpers.ts';
import { PermanentDeliveryError } from '../../server/messaging/delivery.ts';
import { smtpDelivery } from '../../server/messaging/smtp.ts';
import { login, type TestApp, testApp } from '../../server/test-helpers.ts';
import { type CapturedSmtp, captureSmtp } from '../../server/test-smtp.ts';
import { HOSTILE_EMAILS as HOSTILE, NORMALISED_EMAILS as NORMALISED } from './email-cases.ts';

const code_challenge = createHash('sha256').update('v'.repeat(64)).digest('base64url');
const URL_OK = 'http://localhost:3000/auth';

describe('email recipient injection', () => {
  let smtp: CapturedSmtp;
  // Each message's recipients and every RCPT TO as they came over the wire (smtp-server decodes punycode domains elsewhere).
  let received: CapturedSmtp['received'] = [];
  let rcptSeen: string[] = [];
  let port = 0;
  let t: TestApp;

  before(async () => {
    smtp = await captureSmtp();
    ({ received, rcptSeen, port } = smtp);
    t = await testApp({ smtpUrl: `smtp://127.0.0.1:${port}`, smtpFrom: 'Acme <login@acme.test>' });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  it('every route that takes an email refuses the hostile addresses (invalid_email, or invalid_request_body for a NUL); no RCPT TO ever happens', async () => {
    const { token: session } = await login(t, 'owner@example.com');
    rcptSeen.length = 0;
    const calls: [string, (email: string) => Record<string, unknown>, string?][] = [
      ['/sdk/v1/otps/email/login_or_create', (email) => ({ email })],
      ['/sdk/v1/otps/email/send/primary', (email) => ({ email })],
      ['/sdk/v1/otps/email/send/secondary', (email) => ({ email }), session],
      ['/sdk/v1/magic_links/email/login_or_create', (email) => ({ email, login_magic_link_url: URL_OK, code_challenge })],
      ['/sdk/v1/magic_links/email/send/primary', (email) => ({ email, login_magic_link_url: URL_OK, code_challenge })],
      ['/sdk/v1/magic_links/email/send/secondary', (email) => ({ email, login_magic_link_url: URL_OK, code_challenge }), session],
      ['/sdk/v1/passwords/email/reset/start', (email) => ({ email, reset_password_redirect_url: URL_OK, code_challenge })],
      ['/sdk/v1/passwords', (email) => ({ email, password: 'violet-Harbor-quietly-47' })],
      ['/sdk/v1/passwords/authenticate', (email) => ({ email, password: 'violet-Harbor-quietly-47' })],
      ['/sdk/v1/users/search', (email) => ({ email })],
    ];
    for (const email of HOSTILE) {
      for (const [path, body, secret] of calls) {
        const r = await t.call('POST', path, { body: body(email), ...(secret ? { secret } : {}) });
        assert.equal(r.status, 400, `${path} ${JSON.stringify(email)}: ${JSON.stringify(r.json)}`);
        // A NUL anywhere in a body is refused before any route reads it (invalid_request_body naming
        // the field, test/attacks/nul-characters.test.ts); every other hostile address is invalid_email.
        const expected = email.includes('\u0000') ? 'invalid_request_body' : 'invalid_email';
        assert.equal(r.json.error_type, expected, `${path} ${JSON.stringify(email)}`);
      }
      // The shared validator is what the widget runs too: it blocks the same call before sending.
      assert.equal(clientIsValidEmail(email), false, JSON.stringify(email));
    }
    await t.services.outbox.drain();
    assert.deepEqual(rcptSeen, [], 'no hostile address reached the SMTP server');
    const inbox = (await t.call('GET', '/dev/inbox.json')).json.messages as { to: string }[];
    assert.deepEqual([...new Set(inbox.map((m) => m.to))], ['owner@example.com'], 'nothing was stored for them');
    const emails = await t.services.db.kysely.selectFrom('emails').select('email').execute();
    assert.deepEqual(
      emails.map((e) => e.email),
      ['owner@example.com'],
    );
  });

  it('valid addresses in other forms are stored once and mailed to exactly that one stored address', async () => {
    for (const [typed, stored] of NORMALISED) {
      received.length = 0;
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: typed } });
      assert.equal(r.status, 200, `${typed}: ${JSON.stringify(r.json)}`);
      await t.services.outbox.drain();
      assert.equal(received.length, 1, typed);
      assert.deepEqual(received[0]!.wireTo, [stored], typed);
      assert.match(received[0]!.data, new RegExp(`^To: ${stored.replace(/[.+]/g, '\\$&')}$`, 'm'));
      // The same mailbox typed again is the same user.
      const again = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: stored } });
      assert.equal(again.json.data!.user_id, r.json.data!.user_id, typed);
      await t.services.outbox.drain();
      assert.deepEqual(received[1]?.wireTo, [stored], typed);
    }
  });

  it('the SMTP delivery itself refuses a recipient that is not one stored address, whatever path calls it', async () => {
    const delivery = smtpDelivery(`smtp://127.0.0.1:${port}`, 'Acme <login@acme.test>');
    rcptSeen.length = 0;
    for (const to of ['victim:attacker@evil.com', 'Victim <attacker@evil.com>', 'a@example.com, b@evil.com', 'Ada@Example.com', 'a@bücher.example']) {
      await assert.rejects(
        delivery.send({ projectId: 'p', channel: 'email', to, subject: 's', text: 't', code: null, link: null }),
        (e: unknown) => e instanceof PermanentDeliveryError,
        to,
      );
    }
    assert.deepEqual(rcptSeen, []);
    await delivery.send({ projectId: 'p', channel: 'email', to: "o'brien+x@example.com", subject: 's', text: 't', code: null, link: null });
    assert.deepEqual(rcptSeen, ["o'brien+x@example.com"]);
  });

  it('a refused recipient in a queued job dies at once (no retries) with its secrets scrubbed', async () => {
    rcptSeen.length = 0;
    // A job whose address somehow is not a stored one (e.g. written by an older version).
    await t.services.outbox.enqueueMessage({
      projectId: t.projectId,
      channel: 'email',
      to: 'x@example.com>, <y@evil.com',
      subject: 'Code',
      text: 'code 123456',
      code: '123456',
      link: null,
    });
    await t.services.outbox.drain();
    assert.deepEqual(rcptSeen, []);
    const dead = await t.services.db.kysely.selectFrom('outbox_jobs').selectAll().where('status', '=', 'dead').execute();
    assert.equal(dead.length, 1);
    assert.equal(dead[0]!.attempts, 1);
    assert.ok(!dead[0]!.payload.includes('123456'), 'the code is scrubbed');
    assert.match(dead[0]!.last_error ?? '', /refused recipient/);
  });

  it('property: whatever the input, a normalised address is valid, idempotent, at most 254 octets, and parses as exactly itself', () => {
    const chars = fc.constantFrom(...'aZ9.!#$%&\'*+/=?^_`{|}~-@ ,;:<>"()[]\\\u0000\r\n\t\u00e9\u0431\u4e2d\uD800\uDC00\u200B\uFF21\u3002'.split(''));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }), fc.array(chars, { maxLength: 30 }), (local, domain) => {
        for (const raw of [`${local.join('')}@${domain.join('')}.com`, local.join('') + domain.join('')]) {
          const n = normalizeEmail(raw);
          if (n === null) {
            assert.equal(isValidEmail(raw), false);
            continue;
          }
          assert.ok(EMAIL_PATTERN.test(n), n);
          assert.ok(Buffer.byteLength(n) <= 254);
          assert.equal(normalizeEmail(n), n);
          assert.deepEqual(addressparser(n, { flatten: true }), [{ name: '', address: n }]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
