/**
 * Real email: with SMTP_URL (smtpUrl) the server hands each email to an SMTP server. Here the receiving
 * end is a real SMTP server (smtp-server, from the nodemailer project) on loopback, with AUTH.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sendOtp, testApp } from '../test-helpers.ts';
import { type CapturedSmtp, captureSmtp } from '../test-smtp.ts';

describe('SMTP delivery', () => {
  let smtp: CapturedSmtp;
  let received: CapturedSmtp['received'] = [];
  let port = 0;

  before(async () => {
    smtp = await captureSmtp({ auth: { user: 'mailer', pass: 's3cret' } });
    ({ received, port } = smtp);
  });
  after(() => smtp.close());

  it('sends the passcode email through SMTP with auth, from SMTP_FROM, and still fills the dev inbox', async () => {
    const t = await testApp({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, smtpFrom: 'Acme <login@acme.test>' });
    try {
      const { code } = await sendOtp(t, 'ada@example.com');
      const mail = received.find((m) => m.to.includes('ada@example.com'));
      assert.ok(mail, 'the SMTP server received the email');
      assert.equal(mail.from, 'login@acme.test');
      assert.equal(mail.user, 'mailer');
      assert.match(mail.data, /^From: Acme <login@acme\.test>$/m);
      assert.match(mail.data, /^Subject: .+$/m);
      assert.ok(mail.data.includes(code), 'the body carries the passcode');
      const inbox = await t.call('GET', '/dev/inbox.json');
      assert.equal((inbox.json.messages as { code: string }[])[0]?.code, code);
    } finally {
      await t.close();
    }
  });

  it('sends a localized email with a plain-text and an HTML part (issue 19)', async () => {
    const t = await testApp({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, smtpFrom: 'Acme <login@acme.test>' });
    try {
      const { code } = await sendOtp(t, 'eloise@example.com', { locale: 'fr' });
      const mail = received.find((m) => m.to.includes('eloise@example.com'));
      assert.ok(mail, 'the SMTP server received the email');
      // Both parts, as alternatives: a client shows one of them.
      assert.match(mail.data, /^Content-Type: multipart\/alternative/m);
      assert.match(mail.data, /^Content-Type: text\/plain; charset=utf-8/m);
      assert.match(mail.data, /^Content-Type: text\/html; charset=utf-8/m);
      // Quoted-printable may wrap long lines and encode '=' as =3D; undo both before reading.
      const body = mail.data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
      assert.ok(body.includes('<html lang="fr" dir="ltr">'), 'the HTML part is French');
      assert.ok(body.includes(`<strong>${code}</strong>`), 'the HTML part carries the code');
      assert.ok(body.includes(code));
    } finally {
      await t.close();
    }
  });

  it('an SMTP server refusing the login leaves the job for a retry, and neither answer nor log holds the credentials', async () => {
    const lines: string[] = [];
    const t = await testApp({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, logger: (l) => lines.push(l) });
    try {
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'bob@example.com' } });
      // Sends left the request path (docs/reference/security.md#email-syntax): the call succeeds, the outbox retries the mail.
      assert.equal(r.status, 200);
      await t.services.outbox.drain();
      assert.ok(!received.some((m) => m.to.includes('bob@example.com')), 'nothing was accepted');
      const jobs = (await t.call('GET', '/dev/outbox.json')).json.jobs as { status: string; attempts: number; last_error: string }[];
      assert.deepEqual(
        jobs.map((j) => [j.status, j.attempts]),
        [['pending', 1]],
      );
      assert.match(jobs[0]!.last_error, /Invalid login|535/i);
      assert.ok(lines.some((l) => l.includes('"outbox":"retry"')));
      for (const text of [JSON.stringify(r.json), JSON.stringify(jobs), ...lines]) assert.ok(!text.includes('wrong'), 'credentials are not echoed');
    } finally {
      await t.close();
    }
  });
});
