/**
 * Attack: markup and header injection through values inserted into emails (issue 19). The project name
 * is set by the operator (a multi-tenant admin UI may take it from a customer), and links carry
 * host-chosen redirect URLs. Rendered into the HTML part unescaped, a name like
 * `<a href="https://evil.test">Verify here</a>` would put a phishing link in a real, signed email;
 * with a CR LF it could fold or add headers (`Bcc:`) to the subject. The HTML part escapes every inserted
 * value, the subject is one line, and the plain-text part is what was given. Received by a real SMTP
 * server on loopback (smtp-server), on SQLite and on Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testApp } from '../../server/test-helpers.ts';
import { type CapturedSmtp, captureSmtp } from '../../server/test-smtp.ts';

const HOSTILE = '<a href="https://evil.test/phish">Verify here</a>\r\nBcc: victim-list@evil.test';

/** Undoes quoted-printable soft breaks and =XX escapes (the bytes of UTF-8 text stay bytes). */
const unQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

describe('email markup and header injection through inserted values', () => {
  let smtp: CapturedSmtp;
  let received: CapturedSmtp['received'] = [];
  let port = 0;
  before(async () => {
    smtp = await captureSmtp();
    received = smtp.received;
    port = smtp.port;
  });
  after(() => smtp.close());

  for (const locale of ['en', 'fr', 'ar']) {
    it(`${locale}: a hostile project name stays text in the HTML part and one line in the subject`, async () => {
      const t = await testApp({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        smtpFrom: 'login@acme.test',
        liveProject: {
          public_token: `public-token-live-markup${locale}00001`,
          project_name: HOSTILE,
          allowed_origins: ['https://app.example.com'],
          redirect_urls: ['https://app.example.com/auth/'],
        },
      });
      try {
        const to = `victim-${locale}@example.com`;
        const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
          body: { email: to, locale, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', login_magic_link_url: 'https://app.example.com/auth/' },
        });
        assert.equal(r.status, 200, JSON.stringify(r.json));
        await t.services.outbox.drain();
        const mail = received.find((m) => m.to.includes(to));
        assert.ok(mail, 'the email was sent');
        assert.deepEqual(mail.to, [to], 'one recipient: no Bcc added through the name');
        const [headers = '', ...rest] = mail.data.split(/\r?\n\r?\n/);
        assert.ok(!/^Bcc:/im.test(headers), 'no Bcc header');
        const body = rest.join('\n\n');
        const at = body.indexOf('Content-Type: text/html');
        assert.ok(at > 0, 'there is an HTML part');
        // Only the HTML part (the plain-text part before it carries the name as it is, by design).
        const html = unQp(body.slice(at).split(/\r?\n--/)[0] ?? '');
        assert.match(html, /<html lang="/);
        assert.ok(!html.includes('<a href="https://evil.test'), 'the name is not a link in the HTML part');
        assert.ok(html.includes('&lt;a href=&quot;https://evil.test/phish&quot;&gt;'), 'the name shows as text');
        // Every link of the HTML part is the real sign-in link.
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
        assert.ok(hrefs.length >= 1);
        for (const h of hrefs) assert.ok(h?.startsWith('https://app.example.com/auth/?'), h);
      } finally {
        await t.close();
      }
    });
  }
});
