import { expect, fixture, html } from '@open-wc/testing';
import 'axe-core';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { sendKeys } from '@web/test-runner-commands';
import { testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import './define.ts';
import { AuthLoginElement } from './login.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('<auth-login>', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });

  const config = (): LoginConfig => ({ publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, otpOptions: { methods: ['email'] } });

  it('is registered by define.ts and upgrades from a JSON config attribute', async () => {
    expect(customElements.get('auth-login')).to.equal(AuthLoginElement);
    const el = await fixture<AuthLoginElement>(html`<auth-login config=${JSON.stringify(config())}></auth-login>`);
    expect(el).to.be.instanceOf(AuthLoginElement);
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('input[type="email"]'), 'email input');
    expect(root.querySelector('h1')!.textContent).to.equal('Sign up or log in');
    await whenReact(el);
    expect(el.getAttribute('data-screen')).to.equal('Main');
    expect(el.config?.publicToken).to.equal(env.publicToken);
    // Styles come from adopted constructable sheets, not <style> elements.
    expect(root.querySelector('style')).to.equal(null);
    expect(root.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(getComputedStyle(root.querySelector('[part~="container"]')!).width).to.equal('400px');
  });

  it('exposes parts and lets host CSS override the custom properties', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login style="--auth-color-primary: rgb(1, 2, 3)"></auth-login>`);
    el.config = config();
    el.styles = { colors: { primary: '#ff0000' } };
    const root = el.shadowRoot!;
    const button = await waitFor(() => root.querySelector<HTMLButtonElement>('[part~="button"]'), 'button');
    expect(root.querySelector('[part~="input"]')).to.not.equal(null);
    // The inline custom property on the element beats the styles prop's :host value.
    await waitFor(() => getComputedStyle(root.querySelector('h1')!).color === 'rgb(1, 2, 3)', 'host override');
    el.removeAttribute('style');
    await waitFor(() => getComputedStyle(root.querySelector('h1')!).color === 'rgb(255, 0, 0)', 'styles prop');
    expect(getComputedStyle(button).height).to.equal('45px');
    expect(getComputedStyle(root.querySelector('input')!).height).to.equal('47px');
  });

  it('is axe-core clean on Main', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = config();
    await waitFor(() => el.shadowRoot!.querySelector('input[type="email"]'), 'email input');
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
  });

  it('dispatches auth-event and auth-error on the host (bubbling, composed) and calls callbacks', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div><auth-login></auth-login></div>`);
    const el = wrapper.querySelector('auth-login')!;
    const domEvents: AuthEvent[] = [];
    const domErrors: AuthErrorDetail[] = [];
    const cbEvents: AuthEvent[] = [];
    const cbErrors: AuthErrorDetail[] = [];
    wrapper.addEventListener('auth-event', (e) => domEvents.push(e.detail));
    wrapper.addEventListener('auth-error', (e) => domErrors.push(e.detail));
    el.callbacks = { onEvent: (e) => cbEvents.push(e), onError: (e) => cbErrors.push(e) };
    el.config = config();
    const root = el.shadowRoot!;
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('input[type="email"]'), 'email input');
    typeInto(input, uniqueEmail('bridge'));
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'OTPAuthenticate', 'data-screen OTPAuthenticate');
    expect(domEvents.map((e) => e.type)).to.deep.equal(['OTP_EMAIL_LOGIN_OR_CREATE']);
    expect(cbEvents).to.deep.equal(domEvents);
    const otp = root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
    typeInto(otp, '000000');
    await waitFor(() => domErrors.length > 0, 'auth-error');
    // 000000 could in theory be the real code; then the flow completes instead.
    if (el.getAttribute('data-screen') !== 'OTPConfirmation') {
      expect(domErrors[0]).to.include({ error_type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' });
      expect(cbErrors).to.deep.equal(domErrors);
    }
  });

  it('re-renders when callbacks or client are set as JS properties', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const root = el.shadowRoot!;
    await settle();
    // No client yet: a configuration message, no form.
    expect(root.querySelector('input')).to.equal(null);
    expect(root.textContent).to.contain('Missing client');
    const client: AuthClient = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    try {
      el.client = client;
      await waitFor(() => root.querySelector('input[type="email"]'), 'form after client');
      expect(el.client).to.equal(client);
    } finally {
      el.remove();
      client.destroy();
    }
  });

  it('renders in light DOM with config.enableShadowDOM === false', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = { ...config(), enableShadowDOM: false };
    const input = await waitFor(() => el.querySelector<HTMLInputElement>('[data-ae-light] input[type="email"]'), 'light input');
    expect(el.shadowRoot!.querySelector('input')).to.equal(null);
    expect(el.shadowRoot!.querySelector('slot')).to.not.equal(null);
    // Scoped styles still apply from the document's adopted sheets.
    expect(getComputedStyle(input).height).to.equal('47px');
    expect(getComputedStyle(el.querySelector('.ae-root')!).width).to.equal('400px');
  });

  it('applies string overrides', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.strings = { 'main.header': 'Bienvenido' };
    el.config = config();
    await waitFor(() => el.shadowRoot!.querySelector('h1')?.textContent === 'Bienvenido', 'override');
  });

  it('reports a malformed JSON config attribute as auth-error', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const errors: AuthErrorDetail[] = [];
    el.addEventListener('auth-error', (e) => errors.push(e.detail));
    el.setAttribute('config', '{not json');
    expect(errors).to.have.length(1);
  });

  it('keyboard only: type the email, Enter, type the code; flow-complete fires exactly once', async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    const types: string[] = [];
    el.addEventListener('auth-event', (e) => types.push(e.detail.type));
    el.config = config();
    const root = el.shadowRoot!;
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('input[type="email"]'), 'email input');
    input.focus();
    const email = uniqueEmail('keyboard');
    await sendKeys({ type: email });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => el.getAttribute('data-screen') === 'OTPAuthenticate', 'OTPAuthenticate');
    const otp = root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
    // Focus moved to the code input, so the user just keeps typing (non-digits are dropped).
    expect(root.activeElement).to.equal(otp);
    const code = (await waitForMessage(email)).code!;
    await sendKeys({ type: `${code.slice(0, 3)} -${code.slice(3)}` });
    await waitFor(() => el.getAttribute('data-screen') === 'OTPConfirmation', 'OTPConfirmation');
    expect(root.activeElement).to.equal(root.querySelector('h1'));
    // Re-renders (new props) must not repeat the event.
    el.strings = { 'otp.successTitle': 'All set!' };
    el.callbacks = {};
    await waitFor(() => root.querySelector('h1')?.textContent === 'All set!', 're-render');
    // The completion event comes from an effect after the screen: wait for it, then give a repeat time.
    await waitFor(() => types.includes('authenticate-flow-complete'), 'authenticate-flow-complete');
    await settle();
    expect(types).to.deep.equal(['OTP_EMAIL_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'authenticate-flow-complete']);
  });

  it("shows the 'Powered by' watermark when bootstrap enables it, naming our server's product", async () => {
    const el = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    el.config = config();
    const mark = await waitFor(() => el.shadowRoot!.querySelector('[part~="watermark"]'), 'watermark');
    expect(mark.textContent).to.match(/^Powered by /);
    // Against the reference server (its bootstrap's server_product), not the hosted provider.
    expect(mark.textContent).to.equal('Powered by Auth Elements');
    expect(mark.querySelector('a')!.getAttribute('href')).to.equal('https://www.npmjs.com/package/auth-elements');
  });
});
