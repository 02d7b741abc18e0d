/**
 * Attack: template injection through the values a project's own message wording inserts (issue 28). The
 * project writes the markup (checked at start); the values come from elsewhere: the invitee's first name
 * (whoever calls the invite API, often from a sign-up form), the address itself (a local part may hold
 * `'`, `&` and braces), the project's name (a multi-tenant admin UI may take it from a customer). None of
 * them may add markup or a link to the HTML part, a header or a recipient through the subject, or a
 * placeholder (`{{code}}` in a value is not expanded). Received by a real SMTP server on loopback, on
 * SQLite and on Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { backendCall, createBackendSecret, testApp, testStore } from '../../server/test-helpers.ts';
import { type CapturedSmtp, captureSmtp } from '../../server/test-smtp.ts';

const HOSTILE = '<a href="https://evil.test/phish">Verify here</a>\r\nBcc: victim-list@evil.test\r\n\r\n<img src=x onerror=alert(1)>{{code}}';
const URL = 'https://app.example.com/auth/';

/** Undoes quoted-printable soft breaks and =XX escapes. */
const unQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** A received message's header block, and its HTML and plain-text parts. */
function partsOf(data: string): { headers: string; html: string; text: string } {
  const [headers = '', ...rest] = data.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const part = (type: string) => {
    const at = body.indexOf(`Content-Type: ${type}`);
    return at < 0 ? '' : unQp(body.slice(at).split(/\r?\n--/)[0] ?? '');
  };
  return { headers, html: part('text/html'), text: part('text/plain') };
}

describe('template injection through inserted values (project wording)', () => {
  let smtp: CapturedSmtp;
  let received: CapturedSmtp['received'] = [];
  let port = 0;
  before(async () => {
    smtp = await captureSmtp();
    received = smtp.received;
    port = smtp.port;
  });
  after(() => smtp.close());

  it('a hostile first name, address and project name add no markup, link, header, recipient or placeholder', async () => {
    const t = await testApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpFrom: 'login@acme.test',
      liveProject: {
        public_token: 'public-token-live-tmplinject0001',
        project_name: HOSTILE,
        allowed_origins: ['https://app.example.com'],
        redirect_urls: [URL],
      },
      messages: {
        magic_link_invite: {
          default: {
            subject: 'Welcome {{first_name}} to {{project_name}}',
            text: 'Hi {{first_name}} ({{email}}), join {{project_name}}: {{link}}',
            html: '<p title="{{first_name}}">Hi {{first_name}} ({{email}}),</p><p><a href="{{link}}" title="{{project_name}}">Join {{project_name}}</a></p>',
          },
        },
      },
    });
    try {
      const secret = await createBackendSecret(t);
      const invitee = "o'hara&co{{code}}@example.com";
      const r = await backendCall(t, secret, 'POST', '/v1/magic_links/email/invite', {
        email: invitee,
        invite_magic_link_url: URL,
        name: { first_name: HOSTILE },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      await t.services.outbox.drain();
      const mail = received.find((m) => m.to.includes(invitee));
      assert.ok(mail, 'the invitation was sent');
      assert.deepEqual(mail.to, [invitee], 'one recipient: no Bcc added through the name');
      const { headers, html, text } = partsOf(mail.data);
      assert.ok(!/^Bcc:/im.test(headers), 'no Bcc header');
      assert.ok(!/^Bcc:/im.test(mail.data.split(/\r?\n\r?\n/)[1] ?? ''), 'no header block ended early by a blank line in the subject');
      const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1] ?? '';
      assert.ok(subject.length > 0, 'a subject header');
      // The subject is one header: its continuation lines (folding) start with a blank, none is a header of its own.
      for (const line of subject.split(/\r?\n/).slice(1)) assert.match(line, /^[ \t]/);

      assert.match(html, /<html lang="en"/);
      assert.ok(!html.includes('<a href="https://evil.test'), 'the name is not a link in the HTML part');
      assert.ok(!html.includes('<img src=x'), 'no image element from the name');
      assert.ok(html.includes('&lt;a href=&quot;https://evil.test/phish&quot;&gt;Verify here&lt;/a&gt;'), 'the name shows as text');
      assert.ok(html.includes('title="&lt;a href=&quot;https://evil.test/phish&quot;'), 'in an attribute it cannot close the quote');
      assert.ok(html.includes('o&#39;hara&amp;co{{code}}@example.com'), 'the address escaped, its braces left as they are');
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      assert.equal(hrefs.length, 1, 'one link: the invitation');
      assert.ok(hrefs[0]?.startsWith(`${URL}?`), hrefs[0]);
      // The plain-text part is what was given (markup means nothing there).
      assert.ok(text.includes(`(${invitee})`), text);
    } finally {
      await t.close();
    }
  });

  it('the subject as sent (dev inbox) is one line whatever the name holds', async () => {
    const t = await testApp({ messages: { magic_link_invite: { default: { subject: 'Welcome {{first_name}}!' } } } });
    try {
      const secret = await createBackendSecret(t);
      const to = 'subject@example.com';
      const r = await backendCall(t, secret, 'POST', '/v1/magic_links/email/invite', {
        email: to,
        invite_magic_link_url: 'http://localhost:3000/auth',
        name: { first_name: 'Ann\r\nBcc: victim@evil.test\u2028\u0085x' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const [m] = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as { subject: string }[];
      assert.equal(m?.subject, 'Welcome Ann Bcc: victim@evil.test x!');
    } finally {
      await t.close();
    }
  });

  it('a value reading {{code}} is not expanded: the code appears only where the project put it', async () => {
    const t = await testApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpFrom: 'login@acme.test',
      messages: {
        email_otp: { default: { subject: 'For {{email}}', text: '{{email}}: {{code}}', html: '<p data-to="{{email}}">{{email}}: <b>{{code}}</b></p>' } },
      },
    });
    try {
      const to = 'x{{code}}y@example.com';
      const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: to } });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      await t.services.outbox.drain();
      const [m] = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as {
        id: string;
        text: string;
        code: string;
        subject: string;
      }[];
      assert.ok(m);
      const html = String((await t.call('GET', `/dev/inbox/${encodeURIComponent(m.id)}/html`)).json.text);
      assert.equal(m.subject, `For ${to}`);
      assert.equal(m.text, `${to}: ${m.code}`);
      assert.equal(html.split(m.code).length - 1, 1, 'the code once in the HTML part');
      assert.ok(html.includes(`<p data-to="${to}">${to}: <b>${m.code}</b></p>`), html);
    } finally {
      await t.close();
    }
  });

  it('wording that would let a value in as markup or a URL is refused at start', async () => {
    // One store for every refused start (the app never opens for the test to close).
    const store = await testStore();
    try {
      for (const html of [
        '<p>{{first_name}}</p><script>x</script>',
        '<a href={{first_name}}>x</a>',
        '<a href="{{first_name}}">x</a>',
        '<p {{first_name}}>x</p>',
        '<style>p{font-family:{{first_name}}}</style>',
        '<p onclick="x">{{first_name}}</p>',
        '<a href="javascript:{{link}}">x</a>',
      ]) {
        await assert.rejects(
          testApp({ messages: { magic_link_invite: { default: { html } } } }, { store }),
          /^Error: messages option is invalid: messages\.magic_link_invite\.default\.html: /,
          html,
        );
      }
    } finally {
      await store.cleanup();
    }
  });
});
