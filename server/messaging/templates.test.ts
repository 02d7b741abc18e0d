/**
 * Localized server messages (issue 19): passcode emails and texts, magic-link and reset emails in the
 * request's `locale`, English otherwise; plain-text and HTML parts; inserted values escaped per channel.
 * The end-to-end cases read what a user would get from the dev inbox of the real app (SQLite, or
 * Postgres with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { type TestApp, testApp } from '../test-helpers.ts';
import { MESSAGE_TEXTS, type MessageLocale } from './locales.ts';
import { escapeHtml, formatMinutes, messageLocale, renderLinkMessage, renderOtpMessage } from './templates.ts';

/** A well-formed S256 challenge (the test project requires PKCE for links). */
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message templates', () => {
  it('has the 11 languages of the widget, each with every text and the English placeholders', () => {
    assert.deepEqual(Object.keys(MESSAGE_TEXTS).sort(), ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pt-BR', 'zh-CN']);
    const en = MESSAGE_TEXTS.en as Record<string, string>;
    for (const [locale, texts] of Object.entries(MESSAGE_TEXTS) as [string, Record<string, string>][]) {
      assert.deepEqual(Object.keys(texts).sort(), Object.keys(en).sort(), locale);
      for (const [k, v] of Object.entries(texts)) assert.deepEqual(placeholders(v), placeholders(en[k] as string), `${locale} ${k}`);
    }
  });

  it('maps request locales onto the languages, English for anything else', () => {
    const cases: [unknown, MessageLocale][] = [
      ['fr', 'fr'],
      ['fr-CA', 'fr'],
      ['pt', 'pt-BR'],
      ['zh-Hans', 'zh-CN'],
      ['zh-TW', 'en'],
      ['ar-EG', 'ar'],
      ['sv', 'en'],
      ['', 'en'],
      [undefined, 'en'],
      ['../../etc/passwd', 'en'],
    ];
    for (const [tag, want] of cases) assert.equal(messageLocale(tag), want, String(tag));
  });

  it('keeps the English texts the server always sent', () => {
    const m = renderOtpMessage('en', 'email', { project: 'Acme', code: '123456', minutes: 5 });
    assert.equal(m.subject, 'Your verification code');
    assert.equal(m.text, 'Your Acme verification code is 123456. It expires in 5 minutes. If you did not request it, ignore this email.');
    assert.equal(
      renderOtpMessage('en', 'sms', { project: 'Acme', code: '123456', minutes: 1 }).text,
      '123456 is your Acme verification code. It expires in 1 minute.',
    );
    const l = renderLinkMessage('en', 'login', { project: 'Acme', link: 'https://a.test/x?token=t', minutes: 30 });
    assert.equal(l.subject, 'Your Acme login link');
    assert.equal(
      l.text,
      'Log in to Acme with this link:\n\nhttps://a.test/x?token=t\n\nIt expires in 30 minutes and works once. If you did not request it, ignore this email.',
    );
  });

  it('escapes inserted values in HTML, leaves them plain in text and SMS, and keeps subjects on one line', () => {
    const project = '<img src=x onerror=alert(1)> & "Co"\r\nBcc: evil@example.com';
    const link = 'https://a.test/cb?token=t&x="><script>alert(1)</script>';
    const m = renderLinkMessage('fr', 'reset', { project, link, loginLink: 'https://a.test/login?token=t&y=1', minutes: 30 });
    assert.ok(m.html);
    assert.ok(!m.html.includes('<img'), 'no markup from the project name');
    assert.ok(!m.html.includes('<script>'), 'no markup from the link');
    assert.ok(m.html.includes(escapeHtml('<img src=x onerror=alert(1)> & "Co"')));
    assert.ok(m.html.includes(`href="${escapeHtml(link)}"`), 'the link is an attribute-escaped href');
    assert.ok(m.html.includes('href="https://a.test/login?token=t&amp;y=1"'), 'the second link of a reset');
    assert.ok(m.text.includes(project), 'the plain-text part carries the name as it is');
    assert.ok(m.text.includes(link));
    assert.ok(m.subject && !/[\r\n]/.test(m.subject), 'no header folding or injection through the name');
    assert.match(m.html, /<html lang="fr" dir="ltr">/);
    const sms = renderOtpMessage('fr', 'sms', { project: 'A&B <Shop>', code: '123456', minutes: 5 });
    assert.equal(sms.text, '123456 est votre code de vérification A&B <Shop>. Il expire dans 5 minutes.');
    assert.equal(sms.html, null);
    assert.equal(sms.subject, null);
    const otp = renderOtpMessage('de', 'email', { project: 'A&B', code: '123456', minutes: 5 });
    assert.ok(otp.html?.includes('<strong>123456</strong>'));
    assert.ok(otp.html?.includes('A&amp;B'));
  });

  it('writes durations with Intl in each language, and Arabic HTML right to left', () => {
    assert.equal(formatMinutes('de', 5), '5 Minuten');
    assert.equal(formatMinutes('fr', 1), '1 minute');
    const ar = renderLinkMessage('ar', 'signup', { project: 'Acme', link: 'https://a.test/x', minutes: 30 });
    assert.match(ar.html ?? '', /<html lang="ar" dir="rtl">/);
    // The link itself stays left to right inside the Arabic text.
    assert.match(ar.html ?? '', /dir="ltr">https:\/\/a\.test\/x</);
    assert.ok(ar.subject?.includes('Acme'));
  });
});

describe('sends in the request locale (dev inbox)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp();
  });
  after(() => t.close());

  const inbox = async (to: string) => {
    await t.services.outbox.drain();
    return (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as unknown as InboxMessage[];
  };
  const project = () => t.services.project.project_name;

  it('email OTP in French, with the code; no locale stays English', async () => {
    const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'fr@example.com', locale: 'fr' } });
    assert.equal(r.status, 200);
    const [m] = await inbox('fr@example.com');
    assert.equal(m?.subject, 'Votre code de vérification');
    assert.equal(
      m?.text,
      `Votre code de vérification ${project()} est ${m?.code}. Il expire dans 5 minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.`,
    );
    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'en@example.com' } });
    assert.equal((await inbox('en@example.com'))[0]?.subject, 'Your verification code');
    // An unknown tag is not an error: the message is English.
    const odd = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'odd@example.com', locale: 'xx-nope' } });
    assert.equal(odd.status, 200);
    assert.equal((await inbox('odd@example.com'))[0]?.subject, 'Your verification code');
  });

  it('SMS OTP in Japanese, one short plain line', async () => {
    const r = await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155552671', locale: 'ja' } });
    assert.equal(r.status, 200);
    const [m] = await inbox('+14155552671');
    assert.equal(m?.subject, null);
    assert.equal(m?.text, `${project()} の確認コード：${m?.code}（有効期限 5 分）`);
  });

  it('magic link in German (de-AT picks de)', async () => {
    const r = await t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
      body: {
        email: 'de@example.com',
        locale: 'de-AT',
        code_challenge: CHALLENGE,
        login_magic_link_url: 'http://localhost:3000/auth',
        signup_magic_link_url: 'http://localhost:3000/auth',
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [m] = await inbox('de@example.com');
    assert.equal(m?.subject, `Registrierung bei ${project()} abschließen`);
    assert.ok(m?.text.startsWith(`Schließen Sie Ihre Registrierung bei ${project()} mit diesem Link ab:\n\n${m.link}`), m?.text);
  });

  it('password reset in Arabic', async () => {
    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'ar@example.com' } });
    const r = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'ar@example.com', locale: 'ar', code_challenge: CHALLENGE, reset_password_redirect_url: 'http://localhost:3000/reset' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [m] = await inbox('ar@example.com');
    assert.equal(m?.subject, `إعادة تعيين كلمة مرور ${project()}`);
    assert.ok(m?.text.includes('عيّن كلمة مرور جديدة'), m?.text);
    assert.ok(m?.link && m.text.includes(m.link));
  });
});
