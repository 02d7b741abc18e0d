/**
 * Messages a project words itself (issue 28): the checks of the `messages` setting at start (each failure
 * with its key path and the file's name), the part-by-part fallback, and the one-pass, per-channel filling.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readLiveProjectFile } from '../project/file.ts';
import { tempDir, testApp, testStore } from '../test-helpers.ts';
import { fillPlaceholders, htmlProblems, MAX_TEXT_MESSAGE_LENGTH, messageOverrideProblems, resolveOverride } from './overrides.ts';
import { renderLinkMessage, renderOtpMessage } from './templates.ts';

const problems = (messages: unknown) => messageOverrideProblems(messages, 'Acme');

describe('messages setting: validation at start', () => {
  it('a valid setting has no problem', () => {
    assert.deepEqual(
      problems({
        email_otp: {
          default: { subject: 'Your {{project_name}} code', text: 'Code {{code}} for {{email}}, {{expires_in}}.', html: '<p>Code <b>{{ code }}</b></p>' },
          fr: { subject: 'Votre code {{project_name}}' },
        },
        sms_otp: { en: { text: '{{code}} is your {{project_name}} code ({{minutes}} min)' } },
        whatsapp_otp: { default: { text: '{{code}} ({{phone_number}})' } },
        magic_link_login: {
          default: {
            html: '<!doctype html><html><head><title>x</title><style>p{color:red}</style></head><body><p><a href="{{link}}">Log in</a><br></p></body></html>',
          },
        },
        magic_link_signup: { 'zh-CN': { text: '{{link}}' } },
        magic_link_invite: {
          default: {
            subject: 'Welcome {{first_name}}',
            html: '<img src="data:image/png;base64,AA" alt=""><a href="mailto:help@acme.test?subject={{email}}">help</a> <a href="{{link}}">join</a>',
          },
        },
        password_reset: { de: { text: '{{link}}\n\n{{login_link}}' } },
      }),
      [],
    );
    assert.deepEqual(problems(undefined), []);
  });

  it('an unknown placeholder, one the kind does not offer, stray braces', () => {
    assert.deepEqual(problems({ email_otp: { fr: { html: '<p>{{cod}}</p>' } } }), [
      'messages.email_otp.fr.html: unknown placeholder {{cod}}',
      'messages.email_otp.fr.html: the html must contain {{code}}',
    ]);
    assert.deepEqual(problems({ email_otp: { fr: { text: 'Your code is ready.' } } }), ['messages.email_otp.fr.text: the text must contain {{code}}']);
    assert.deepEqual(problems({ password_reset: { fr: { html: '<p>{{login_link}}</p>' } } }), [
      'messages.password_reset.fr.html: the html must contain {{link}}',
    ]);
    const [notOffered] = problems({ email_otp: { default: { text: '{{code}} Open {{link}}' } } });
    assert.match(
      notOffered ?? '',
      /^messages\.email_otp\.default\.text: placeholder \{\{link\}\} is not offered by this message \(offered: \{\{project_name\}\}/,
    );
    assert.deepEqual(problems({ sms_otp: { en: { text: '{{email}} {{code}}' } } }).length, 1, 'an SMS offers no {{email}}');
    assert.deepEqual(problems({ magic_link_login: { en: { text: '{{first_name}} {{link}}' } } }).length, 1, 'only an invitation offers {{first_name}}');
    assert.deepEqual(problems({ email_otp: { en: { subject: 'Code {{code}' } } }), ['messages.email_otp.en.subject: unbalanced {{ }}']);
    assert.deepEqual(problems({ email_otp: { en: { text: '{{code}} }} y' } } }), ['messages.email_otp.en.text: unbalanced {{ }}']);
  });

  it('unknown kinds, languages and parts; parts a text message has not; a two-line subject', () => {
    assert.match(problems({ email_code: { en: { text: 'x' } } })[0] ?? '', /^messages\.email_code: unknown message kind \(one of email_otp, /);
    assert.match(problems({ email_otp: { xx: { text: 'x' } } })[0] ?? '', /^messages\.email_otp\.xx: unknown language \(one of en, .*default\)/);
    assert.deepEqual(problems({ email_otp: { en: { body: 'x' } } }), ['messages.email_otp.en.body: unknown part (subject, text or html)']);
    assert.deepEqual(problems({ sms_otp: { en: { subject: 'x', html: '<p>x</p>' } } }), [
      'messages.sms_otp.en.subject: a sms message has only a text',
      'messages.sms_otp.en.html: a sms message has only a text',
    ]);
    assert.deepEqual(problems({ email_otp: { en: { subject: 'a\r\nBcc: x@evil.test' } } }), ['messages.email_otp.en.subject: a subject is one line']);
  });

  it(`a text message longer than ${MAX_TEXT_MESSAGE_LENGTH} characters once filled in fails`, () => {
    const long = `{{code}} ${'x'.repeat(MAX_TEXT_MESSAGE_LENGTH)}`;
    assert.match(
      problems({ whatsapp_otp: { default: { text: long } } })[0] ?? '',
      /^messages\.whatsapp_otp\.default\.text: \d+ characters once filled in, more than 320$/,
    );
    // The project's name counts: a long name makes a text too long that a short one would not.
    const text = `{{project_name}} {{code}} ${'x'.repeat(290)}`;
    assert.deepEqual(messageOverrideProblems({ sms_otp: { en: { text } } }, 'Acme'), []);
    assert.equal(messageOverrideProblems({ sms_otp: { en: { text } } }, 'A'.repeat(40)).length, 1);
    assert.deepEqual(problems({ email_otp: { en: { text: `{{code}} ${'x'.repeat(2000)}` } } }), [], 'an email has no such limit');
  });

  it('unbalanced and unsafe HTML', () => {
    const cases: [string, string][] = [
      ['<p>Hi <b>there</p>', '</p> where <b> is still open'],
      ['<div><p>x</p>', 'unclosed <div>'],
      ['<p>x</p></div>', '</div> without an open <div>'],
      ['<p>1 < 2</p>', 'a bare "<" (write &lt;)'],
      ['<p>x<!-- y</p>', 'unclosed comment <!--'],
      ['<p title="x>y</p>', 'unclosed or malformed tag <p>'],
      ['<script>alert(1)</script>', '<script> is not allowed'],
      ['<p>x</p><SCRIPT src="https://evil.test/x.js"></SCRIPT>', '<script> is not allowed'],
      ['<iframe src="https://evil.test"></iframe>', '<iframe> is not allowed'],
      ['<form action="https://evil.test"><button>Go</button></form>', '<form> is not allowed'],
      ['<svg><a href="#">x</a></svg>', '<svg> is not allowed'],
      ['<img src="x.png" onerror="alert(1)">', 'event-handler attribute onerror on <img>'],
      ['<a href="#" OnClick=alert(1)>x</a>', 'event-handler attribute onclick on <a>'],
      ['<a href="javascript:alert(1)">x</a>', 'script URL in href on <a>'],
      ['<a href=" JaVa&#x09;script&colon;alert(1)">x</a>', 'script URL in href on <a>'],
      ['<a href="&#106;avascript:alert(1)">x</a>', 'script URL in href on <a>'],
      ['<a href="data:text/html,<b>x</b>">x</a>', 'data: URL in href on <a>'],
      ['<p style="background:url(javascript:alert(1))">x</p>', 'script URL in style on <p>'],
      ['<p style="width:expression(alert(1))">x</p>', 'unsafe style on <p>'],
      ['<style>@import "https://evil.test/x.css";</style>', 'unsafe CSS in <style>'],
      ['<meta http-equiv="refresh" content="0;url=https://evil.test">', 'http-equiv on <meta>'],
      ['<style>p{color:red}', 'unclosed <style>'],
    ];
    for (const [html, problem] of cases) assert.ok(htmlProblems(html).includes(problem), `${html}: ${JSON.stringify(htmlProblems(html))}`);
    // Placeholders where escaping cannot keep a value inert.
    const inEmail = (html: string) => problems({ magic_link_invite: { en: { html: `${html}<a href="{{link}}">join</a>` } } });
    assert.deepEqual(inEmail('<p class={{first_name}}>x</p>'), [
      'messages.magic_link_invite.en.html: placeholder in the unquoted value of class on <p> (quote it)',
    ]);
    assert.deepEqual(inEmail('<p {{first_name}}>x</p>'), ['messages.magic_link_invite.en.html: placeholder in the attributes of <p> outside a quoted value']);
    assert.deepEqual(inEmail('<a href="{{first_name}}">x</a>'), [
      'messages.magic_link_invite.en.html: {{first_name}} starts the URL in href on <a> (only {{link}} or {{login_link}} may)',
    ]);
    assert.deepEqual(inEmail('<style>p{color:{{first_name}}}</style>'), ['messages.magic_link_invite.en.html: placeholder in <style>']);
    assert.deepEqual(inEmail('<p>Hi {{first_name}}, <a href="{{link}}" title="{{email}}">join</a></p><br/><hr />'), []);
  });

  it('the project file names the file and the key path; createApp options are checked the same way', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = join(dir, 'project.json');
      writeFileSync(
        path,
        JSON.stringify({
          public_token: 'public-token-live-messages0001',
          project_name: 'Acme',
          allowed_origins: ['https://app.example.com'],
          messages: { email_otp: { fr: { html: '<p>{{cod}} {{code}}</p>' } } },
        }),
      );
      assert.throws(() => readLiveProjectFile(path), { message: `PROJECT_CONFIG ${path} is invalid: messages.email_otp.fr.html: unknown placeholder {{cod}}` });
      writeFileSync(
        path,
        JSON.stringify({
          public_token: 'public-token-live-messages0001',
          project_name: 'Acme',
          allowed_origins: ['https://app.example.com'],
          messages: { email_otp: { fr: { html: 42 } } },
        }),
      );
      assert.throws(
        () => readLiveProjectFile(path),
        (e: Error) => e.message.startsWith(`PROJECT_CONFIG ${path} is invalid: `) && e.message.includes('messages'),
      );
    } finally {
      cleanup();
    }
    const store = await testStore();
    try {
      await assert.rejects(testApp({ messages: { sms_otp: { default: { text: '<b>{{code}}</b> {{link}}' } } } }, { store }), {
        message: /^messages option is invalid: messages\.sms_otp\.default\.text: placeholder \{\{link\}\} is not offered/,
      });
    } finally {
      await store.cleanup();
    }
  });
});

describe('messages setting: fallback and filling', () => {
  it('a language falls back to the default override part by part, then to the built-in pack', () => {
    const messages = { email_otp: { default: { subject: 'D subject', text: 'D text' }, fr: { subject: 'FR subject' } } };
    assert.deepEqual(resolveOverride(messages, 'email_otp', 'fr'), { subject: 'FR subject', text: 'D text' });
    assert.deepEqual(resolveOverride(messages, 'email_otp', 'de'), { subject: 'D subject', text: 'D text' });
    assert.deepEqual(resolveOverride(messages, 'sms_otp', 'fr'), {});
    assert.deepEqual(resolveOverride(undefined, 'email_otp', 'fr'), {});
    // A built-in part where no override has one: the French HTML is the pack's.
    const fr = renderOtpMessage(
      'fr',
      'email',
      { project: 'Acme', code: '123456', minutes: 5, to: 'a@example.com' },
      { email_otp: { fr: { subject: 'Code {{code}}' } } },
    );
    assert.equal(fr.subject, 'Code 123456');
    assert.equal(fr.text, renderOtpMessage('fr', 'email', { project: 'Acme', code: '123456', minutes: 5 }).text);
    assert.match(fr.html ?? '', /<title>Code 123456<\/title>/);
  });

  it('values are filled in one pass: a value reading {{code}} is not expanded', () => {
    assert.equal(fillPlaceholders('Hi {{first_name}}, {{ code }}', { first_name: '{{code}}', code: '1' }), 'Hi {{code}}, 1');
    assert.equal(fillPlaceholders('[{{login_link}}]', {}), '[]', 'a value the message has not is empty');
  });

  it('each part escapes for its channel; a text override without HTML gets its HTML from that text', () => {
    const m = renderLinkMessage(
      'en',
      'invite',
      { project: 'A&B', link: 'https://app.test/?token=t&x=1', minutes: 60, to: "o'hara@example.com", firstName: '<i>Ann</i>\r\nBcc: x@evil.test' },
      {
        magic_link_invite: {
          default: {
            subject: 'Welcome {{first_name}} to {{project_name}}',
            text: 'Hi {{first_name}},\n\njoin {{project_name}}: {{link}}\n\n{{expires_in}}',
          },
        },
      },
    );
    assert.equal(m.subject, 'Welcome <i>Ann</i> Bcc: x@evil.test to A&B');
    assert.equal(m.text, 'Hi <i>Ann</i>\r\nBcc: x@evil.test,\n\njoin A&B: https://app.test/?token=t&x=1\n\n60 minutes');
    assert.ok(m.html?.includes('<p>Hi &lt;i&gt;Ann&lt;/i&gt;<br>Bcc: x@evil.test,</p>'), m.html ?? '');
    assert.ok(m.html?.includes('join A&amp;B: https://app.test/?token=t&amp;x=1'), m.html ?? '');
    const sms = renderOtpMessage(
      'en',
      'sms',
      { project: 'A&B', code: '123456', minutes: 5, to: '+14155552671' },
      { sms_otp: { default: { text: '<b>{{code}}</b> {{project_name}} {{phone_number}}' } } },
    );
    assert.deepEqual(sms, { subject: null, text: '<b>123456</b> A&B +14155552671', html: null });
  });
});
