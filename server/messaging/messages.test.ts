/**
 * Messages a project words itself, end to end through the real server (issue 28): the project's wording
 * per language with its fallback (the language's override, the project's `default`, the built-in pack),
 * every kind (passcodes by email, SMS and WhatsApp, login, sign-up and invitation links, password reset),
 * and the dev inbox showing the HTML part sandboxed beside the text. On SQLite and on Postgres.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InboxMessage } from '../../sdk-core/schemas/index.ts';
import { backendCall, createBackendSecret, type TestApp, testApp } from '../test-helpers.ts';
import type { MessageOverrides } from './overrides.ts';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const URL = 'http://localhost:3000/auth';

const MESSAGES: MessageOverrides = {
  email_otp: {
    default: { subject: '{{project_name}}: your code', text: 'Code {{code}} for {{email}}, valid {{expires_in}} ({{minutes}} min).' },
    fr: { subject: '{{project_name}} : votre code', html: '<p>Bonjour {{email}}, votre code est <b>{{code}}</b>.</p>' },
  },
  sms_otp: { default: { text: '{{code}} - {{project_name}} ({{phone_number}})' } },
  whatsapp_otp: { es: { text: 'Código {{code}}' } },
  magic_link_login: { default: { subject: 'Log in to {{project_name}}', html: '<p><a href="{{link}}">Log in as {{email}}</a></p>' } },
  magic_link_signup: { de: { text: 'Willkommen! {{link}}' } },
  magic_link_invite: { default: { subject: 'Welcome, {{first_name}}', text: 'Hi {{first_name}}, join us: {{link}}' } },
  password_reset: { default: { text: 'Reset: {{link}}\nOr log in: {{login_link}}' } },
};

describe('messages a project words itself (dev inbox)', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ messages: MESSAGES });
  });
  after(() => t.close());

  /** The inbox's messages to `to`, each with its HTML part as /dev/inbox/:id/html serves it (null for texts). */
  const inbox = async (to: string) => {
    await t.services.outbox.drain();
    const messages = (await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(to)}`)).json.messages as unknown as InboxMessage[];
    return Promise.all(
      messages.map(async (m) => {
        if (m.channel !== 'email') return { ...m, html: null };
        const r = await t.call('GET', `/dev/inbox/${encodeURIComponent(m.id)}/html`);
        assert.equal(r.status, 200);
        return { ...m, html: String(r.json.text) };
      }),
    );
  };
  const project = () => t.services.project.project_name;

  it("email passcode: the language's override, else the project's default, part by part", async () => {
    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'fr@example.com', locale: 'fr' } });
    const [fr] = await inbox('fr@example.com');
    assert.equal(fr?.subject, `${project()} : votre code`);
    // French sets no text: the project's default text (its language), not the built-in French one.
    assert.equal(fr?.text, `Code ${fr?.code} for fr@example.com, valid 5 minutes (5 min).`);
    assert.ok(fr?.html?.includes(`<p>Bonjour fr@example.com, votre code est <b>${fr.code}</b>.</p>`), fr?.html ?? '');
    assert.match(fr?.html ?? '', /^<!doctype html>\n<html lang="fr" dir="ltr">/);

    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'de@example.com', locale: 'de' } });
    const [de] = await inbox('de@example.com');
    assert.equal(de?.subject, `${project()}: your code`);
    assert.equal(de?.text, `Code ${de?.code} for de@example.com, valid 5 Minuten (5 min).`);
    // No HTML override anywhere: the HTML part is made from the project's text.
    assert.ok(de?.html?.includes(`<p>Code ${de.code} for de@example.com, valid 5 Minuten (5 min).</p>`), de?.html ?? '');
  });

  it('SMS passcode from the default; WhatsApp: the Spanish override, the built-in pack in other languages', async () => {
    await t.call('POST', '/sdk/v1/otps/sms/login_or_create', { body: { phone_number: '+14155552671', locale: 'ja' } });
    const [sms] = await inbox('+14155552671');
    assert.deepEqual([sms?.subject, sms?.text, sms?.html], [null, `${sms?.code} - ${project()} (+14155552671)`, null]);

    await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: '+14155552672', locale: 'es' } });
    const [es] = await inbox('+14155552672');
    assert.equal(es?.text, `Código ${es?.code}`);
    await t.call('POST', '/sdk/v1/otps/whatsapp/login_or_create', { body: { phone_number: '+14155552673', locale: 'ja' } });
    const [ja] = await inbox('+14155552673');
    assert.equal(ja?.text, `${project()} の確認コード：${ja?.code}（有効期限 5 分）`, 'the built-in Japanese pack');
  });

  it('magic links: the login override, a sign-up override in German only, the built-in sign-up elsewhere', async () => {
    const send = (email: string, locale: string) =>
      t.call('POST', '/sdk/v1/magic_links/email/login_or_create', {
        body: { email, locale, code_challenge: CHALLENGE, login_magic_link_url: URL, signup_magic_link_url: URL },
      });
    assert.equal((await send('new-de@example.com', 'de')).status, 200);
    const [signupDe] = await inbox('new-de@example.com');
    assert.equal(signupDe?.text, `Willkommen! ${signupDe?.link}`);
    assert.equal(signupDe?.subject, `Registrierung bei ${project()} abschließen`, 'the built-in German subject');

    await send('new-en@example.com', 'en');
    const [signupEn] = await inbox('new-en@example.com');
    assert.equal(signupEn?.subject, `Finish signing up to ${project()}`);

    // The address has a user now: send/primary sends the login kind.
    const primary = await t.call('POST', '/sdk/v1/magic_links/email/send/primary', {
      body: { email: 'new-en@example.com', code_challenge: CHALLENGE, login_magic_link_url: URL },
    });
    assert.equal(primary.status, 200, JSON.stringify(primary.json));
    const [login] = await inbox('new-en@example.com');
    assert.equal(login?.subject, `Log in to ${project()}`);
    assert.ok(
      login?.link && login.html?.includes(`<p><a href="${login.link.replaceAll('&', '&amp;')}">Log in as new-en@example.com</a></p>`),
      login?.html ?? '',
    );
  });

  it('an invitation is worded apart from a sign-up and greets the invitee by name', async () => {
    const secret = await createBackendSecret(t);
    const r = await backendCall(t, secret, 'POST', '/v1/magic_links/email/invite', {
      email: 'invitee@example.com',
      invite_magic_link_url: URL,
      name: { first_name: 'Ada' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [m] = await inbox('invitee@example.com');
    assert.equal(m?.subject, 'Welcome, Ada');
    assert.equal(m?.text, `Hi Ada, join us: ${m?.link}`);
  });

  it('password reset: {{link}} and {{login_link}}', async () => {
    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'reset@example.com' } });
    const r = await t.call('POST', '/sdk/v1/passwords/email/reset/start', {
      body: { email: 'reset@example.com', code_challenge: CHALLENGE, reset_password_redirect_url: `${URL}/reset`, login_redirect_url: URL },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [m] = await inbox('reset@example.com');
    const [reset, loginLink] = /^Reset: (\S+)\nOr log in: (\S+)$/.exec(m?.text ?? '')?.slice(1) ?? [];
    assert.equal(reset, m?.link);
    assert.ok(loginLink?.startsWith(`${URL}?`) && loginLink !== reset, m?.text);
  });

  it('the inbox page shows the HTML part in a sandboxed frame beside the text; the frame is served under a sandbox CSP', async () => {
    await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email: 'frame@example.com', locale: 'fr' } });
    const [m] = await inbox('frame@example.com');
    assert.ok(m?.html);
    const page = await t.call('GET', '/dev/inbox?refresh=0');
    const text = String(page.json.text);
    const frame = `<iframe class="html" sandbox="" referrerpolicy="no-referrer" title="HTML part" src="/dev/inbox/${encodeURIComponent(m.id)}/html"></iframe>`;
    assert.ok(text.includes(`<div class="parts"><pre>${m.text}</pre>${frame}</div>`), 'the text, then the HTML part framed');
    const pageCsp = page.headers.get('content-security-policy') ?? '';
    assert.match(pageCsp, /frame-src 'self'/);
    assert.match(pageCsp, /script-src 'none'/);

    const html = await t.call('GET', `/dev/inbox/${encodeURIComponent(m.id)}/html`);
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    const csp = html.headers.get('content-security-policy') ?? '';
    for (const directive of ['sandbox', "default-src 'none'", "script-src 'none'", "frame-ancestors 'self'", "form-action 'none'"]) {
      assert.ok(
        csp.split(/;\s*/).some((d) => d.trim() === directive),
        `${directive} in ${csp}`,
      );
    }
    assert.equal(html.headers.get('x-frame-options'), 'SAMEORIGIN');

    // inbox.json keeps its shape; a text message has no HTML part; an unknown id is not found.
    assert.ok(!('html' in ((await t.call('GET', '/dev/inbox.json')).json.messages as object[])[0]!));
    const [sms] = await inbox('+14155552671');
    assert.equal((await t.call('GET', `/dev/inbox/${encodeURIComponent(sms?.id ?? '')}/html`)).status, 404);
    assert.equal((await t.call('GET', '/dev/inbox/message-test-nope/html')).json.error_type, 'not_found');
  });
});
