/**
 * The whole email-passcode sign-in as a user does it, keyboard only, in real Chromium against the
 * real reference server: the public script entry, the element, the client, cookies, the dev inbox.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { inbox, testEnv, uniqueEmail, waitFor, waitForMessage, whenReact } from '../test/env.ts';
import './auth-elements.ts';
import type { AuthLoginElement } from './auth-elements.ts';
import { type AuthClient, type AuthEvent, AuthEventType, createClient } from './index.ts';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

async function expectAxeClean(el: Element, screen: string): Promise<void> {
  const result = await axe.run(el);
  expect(result.violations.map((v) => `${screen}: ${v.id}: ${v.help}`)).to.deep.equal([]);
}

const text = (el: AuthLoginElement) => el.shadowRoot?.textContent ?? '';
const active = (el: AuthLoginElement) => el.shadowRoot?.activeElement as HTMLElement | null;

describe('email passcode sign-in, end to end', () => {
  const clients: AuthClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) {
      await c.session.revoke({ forceClear: true }).catch(() => undefined);
      c.destroy();
    }
  });

  it('signs a user in by keyboard, fires authenticate-flow-complete once, and keeps the session across a reload', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const client = createClient(publicToken, { apiBaseUrl });
    clients.push(client);
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const events: AuthEvent[] = [];
    el.parentElement!.addEventListener('auth-event', (e) => events.push(e.detail));
    el.client = client;
    el.config = { otpOptions: { methods: ['email'], expirationMinutes: 5 }, sessionOptions: { sessionDurationMinutes: 60 } };
    const email = uniqueEmail('flow');

    // Main: Tab reaches the email field; a bad address is refused with the reference text and sends nothing.
    await waitFor(() => el.shadowRoot?.querySelector('input[type="email"]'), 'email field', 8000);
    // The steps below check what React's widget does (refusals, events): after the handover.
    await whenReact(el);
    expect(el.dataset.screen).to.equal('Main');
    expect(text(el)).to.contain('Sign up or log in');
    await expectAxeClean(el, 'Main');
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('type')).to.equal('email');
    await sendKeys({ type: 'ada@example' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => text(el).includes('Invalid email address.'), 'invalid email message', 4000);
    expect(el.dataset.screen).to.equal('Main');
    await expectAxeClean(el, 'Main with error');

    for (let i = 0; i < 'ada@example'.length; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: email });
    await sendKeys({ press: 'Enter' });

    // OTPAuthenticate: focus moves to the passcode field; the countdown runs.
    await waitFor(() => el.dataset.screen === 'OTPAuthenticate', 'passcode screen', 8000);
    expect(text(el)).to.contain('Enter passcode');
    expect(text(el)).to.match(/Your code expires in [45]:\d\d\./);
    await waitFor(() => active(el)?.getAttribute('autocomplete') === 'one-time-code', 'focus on the passcode field', 4000);
    await expectAxeClean(el, 'OTPAuthenticate');
    const message = await waitForMessage(email);
    expect(message.channel).to.equal('email');
    expect(message.code).to.match(/^\d{6}$/);

    // A wrong code (typed with stray characters, which are stripped) is refused with the reference text.
    const wrong = message.code === '123456' ? '654321' : '123456';
    await sendKeys({ type: `${wrong.slice(0, 3)}-${wrong.slice(3)}` });
    await waitFor(() => text(el).includes('Invalid passcode, please try again.'), 'wrong code message', 8000);
    expect(el.dataset.screen).to.equal('OTPAuthenticate');
    await expectAxeClean(el, 'OTPAuthenticate with error');

    // The right code auto-submits on the sixth digit.
    await waitFor(
      () => active(el)?.getAttribute('autocomplete') === 'one-time-code' && !(active(el) as HTMLInputElement).disabled,
      'passcode field ready',
      4000,
    );
    await sendKeys({ type: message.code! });
    await waitFor(() => el.dataset.screen === 'OTPConfirmation', 'confirmation screen', 8000);
    expect(text(el)).to.contain('Success!');
    expect(text(el)).to.contain('Your passcode has been successfully verified.');
    await expectAxeClean(el, 'OTPConfirmation');
    await new Promise((r) => setTimeout(r, 300));
    expect(events.filter((e) => e.type === AuthEventType.AUTHENTICATE_FLOW_COMPLETE)).to.have.length(1);

    // The session: cookies written, the client knows the user.
    const session = client.session.getSync();
    expect(session).to.not.equal(null);
    expect(document.cookie).to.contain(`stytch_session=`);
    expect(document.cookie).to.contain(`stytch_session_jwt=`);
    expect(client.user.getSync()?.emails[0]?.email).to.equal(email);

    // "Reload": a fresh client over the same cookies confirms the session through sessions/authenticate.
    client.destroy();
    clients.splice(0);
    localStorage.clear();
    const reloaded = createClient(publicToken, { apiBaseUrl });
    clients.push(reloaded);
    await waitFor(() => reloaded.session.getSync()?.session_id === session!.session_id, 'session restored', 8000);
    expect((await reloaded.user.get()).emails[0]?.email).to.equal(email);

    // Sign out: server revoke, cookies gone.
    await reloaded.session.revoke();
    expect(reloaded.session.getSync()).to.equal(null);
    expect(document.cookie).to.not.contain('stytch_session=');
    expect(await inbox(email)).to.have.length(1);
  });
});
