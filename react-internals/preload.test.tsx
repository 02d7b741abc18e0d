import { expect } from '@open-wc/testing';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { testEnv } from '../test/env.ts';
import { LoginWidget } from './login/LoginWidget.tsx';
import { initialWidgetState, type WidgetState } from './login/state.ts';
import { firstScreenLoads, preloadFirstScreen } from './preload.ts';
import { resolveLoginConfig } from './config.ts';

/**
 * issue 16: the element paints its first screen without React, then mounts the widget in one
 * synchronous commit that replaces that paint. After `preloadFirstScreen`, that commit must hold the
 * real screen: every assertion below runs in the same task as `flushSync(() => root.render(...))`,
 * with no await in between (a Suspense fallback, a loading line or an empty Main would fail it).
 */
describe('preloadFirstScreen: the first synchronous commit holds the real screen', () => {
  let host: HTMLDivElement;
  let root: Root;
  let client: AuthClient;

  beforeEach(async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
    client.destroy();
  });

  /** Mounts the widget afresh, synchronously (React's first commit, as the element's handover does). */
  const mountNow = (config: unknown, initialState?: WidgetState, documentLang?: string) => {
    root.unmount();
    root = createRoot(host);
    flushSync(() =>
      root.render(<LoginWidget client={client} config={config} {...(initialState ? { initialState } : {})} {...(documentLang ? { documentLang } : {})} />),
    );
  };
  const q = (selector: string) => host.querySelector(selector);
  /** Nothing of a loading state in the commit: the pack's blank frame, a lazy view's loading line or its failure. */
  const expectNoFallback = () => {
    expect(q('.ae-loading'), 'language pack placeholder').to.equal(null);
    expect(q('p.ae-helper[role="status"]'), 'lazy view loading line').to.equal(null);
    expect(q('p.ae-error[role="alert"]'), 'error in place of a view').to.equal(null);
  };

  // First in the file: nothing of any method's components has been fetched by this page yet.
  it("email OTP fetches the email form and OTPAuthenticate, and no other method's components", async () => {
    /** The method folders' component modules this page has fetched (wtr serves each source file on its own). */
    const fetched = () =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((path) => /\/react-internals\/(otps|passwords|passkeys|crypto-wallets|oauth|magic-links|idp)\/.*\.tsx$/.test(path));
    expect(fetched(), 'before the preload').to.deep.equal([]);
    await preloadFirstScreen({ products: ['otp'], otpOptions: { methods: ['email'] } });
    const paths = fetched();
    expect(paths.some((p) => p.endsWith('/otps/EmailOTPForm.tsx'))).to.equal(true);
    expect(paths.some((p) => p.endsWith('/otps/OTPAuthenticateScreen.tsx'))).to.equal(true);
    const others = paths.filter((p) => /\/react-internals\/(passwords|passkeys|crypto-wallets|oauth|magic-links|idp)\/|\/otps\/phone\//.test(p));
    expect(others, "other methods' components").to.deep.equal([]);
  });

  it('without it, the first commit of a lazily loaded form is empty (the control: the test can fail)', () => {
    // Passwords' start form is not loaded by anything yet in this page.
    mountNow({ products: ['passwords'] });
    expect(q('.ae-root')).to.not.equal(null);
    expect(q('input[type="email"]')).to.equal(null);
  });

  it('email OTP: the email field and Continue, then OTPAuthenticate, each in the first commit', async () => {
    const config = { products: ['otp'], otpOptions: { methods: ['email'] } };
    await preloadFirstScreen(config);
    mountNow(config);
    expect(q('input[type="email"]'), 'email field').to.not.equal(null);
    expect(q('button[type="submit"]')?.textContent).to.equal('Continue');
    expectNoFallback();
    // The next step is in too: the code screen renders at once.
    mountNow(config, { ...initialWidgetState('OTPAuthenticate'), otpState: { ...initialWidgetState().otpState, otpDestination: 'a@example.com' } });
    expect(q('input[autocomplete="one-time-code"]'), 'code field').to.not.equal(null);
    expectNoFallback();
  });

  it('magic links: the email form, then EmailConfirmation', async () => {
    const config = { products: ['emailMagicLinks'] };
    await preloadFirstScreen(config);
    mountNow(config);
    expect(q('input[type="email"]')).to.not.equal(null);
    expect(q('button[type="submit"]')?.textContent).to.equal('Continue with email');
    expectNoFallback();
    mountNow(config, { ...initialWidgetState('EmailConfirmation'), magicLinkState: { email: 'a@example.com' } });
    expect(q('.ae-mailboxes'), 'confirmation screen').to.not.equal(null);
    expectNoFallback();
  });

  it('passwords: the start form, then PasswordCreateOrLogin', async () => {
    const config = { products: ['passwords'] };
    await preloadFirstScreen(config);
    mountNow(config);
    expect(q('input[type="email"][autocomplete="username"]')).to.not.equal(null);
    expectNoFallback();
    mountNow(config, { ...initialWidgetState('PasswordCreateOrLogin'), passwordState: { email: 'a@example.com', type: 'new' } });
    expect(q('input[type="password"]'), 'password field').to.not.equal(null);
    expectNoFallback();
  });

  it('the tab picked before React took over: WhatsApp of Email, Text and WhatsApp', async () => {
    const config = { products: ['otp'], otpOptions: { methods: ['email', 'sms', 'whatsapp'] } };
    await preloadFirstScreen(config, { tab: 'whatsapp' });
    mountNow(config, { ...initialWidgetState(), mainTab: 'whatsapp' });
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).to.equal('WhatsApp');
    expect(q('[role="tabpanel"] input[type="tel"]'), 'phone field').to.not.equal(null);
    expectNoFallback();
  });

  it('Text (SMS) on the first tab: the phone form with its country list', async () => {
    const config = { products: ['otp'], otpOptions: { methods: ['sms'] } };
    await preloadFirstScreen(config);
    mountNow(config);
    expect(q('input[type="tel"]')).to.not.equal(null);
    expectNoFallback();
  });

  it("Main's groups: OAuth row, passkey button and wallet buttons beside the email form", async () => {
    const config = { products: ['crypto', 'oauth', 'passkeys', 'otp'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } };
    // With the client: the passkey button's side depends on its autofill answer.
    await preloadFirstScreen(config, { client });
    mountNow(config);
    expect(q('[data-crypto-wallets]'), 'wallet buttons').to.not.equal(null);
    expect(q('[data-oauth]'), 'OAuth row').to.not.equal(null);
    expect(q('[data-passkey-button]'), 'passkey button').to.not.equal(null);
    expect(q('input[type="email"]'), 'email field').to.not.equal(null);
    expectNoFallback();
  });

  it('the language pack: a French page shows French in the first commit', async () => {
    const config = { products: ['otp'], locale: 'fr' };
    await preloadFirstScreen(config);
    mountNow(config);
    expect(q('.ae-header')?.textContent).to.equal('Inscription ou connexion');
    expectNoFallback();
    // documentLang picks the pack when the config names none, as the widget does.
    await preloadFirstScreen({ products: ['otp'] }, { documentLang: 'de' });
    mountNow({ products: ['otp'] }, undefined, 'de');
    expect(q('input[type="email"]')).to.not.equal(null);
    expectNoFallback();
  });

  it("a start screen other than Main: <auth-reset-password>'s PasswordResetForm", async () => {
    const config = { products: ['passwords'] };
    await preloadFirstScreen(config, { screen: 'PasswordResetForm' });
    mountNow(config, { ...initialWidgetState('PasswordResetForm'), resetPasswordState: { token: 'a-token' } });
    expect(q('input[type="password"]'), 'new password field').to.not.equal(null);
    expectNoFallback();
  });

  it('loads only what the config shows: the email OTP first screen asks for one form and no group', () => {
    const loads = firstScreenLoads(resolveLoginConfig({ products: ['otp'] }));
    expect(loads.length).to.equal(1);
    // A refused combination (docs/reference/config.md#configuration-errors) shows no forms or groups, so loads nothing.
    expect(firstScreenLoads(resolveLoginConfig({ products: ['passkeys'] }))).to.deep.equal([]);
    expect(firstScreenLoads(resolveLoginConfig({ products: ['passkeys', 'otp', 'oauth'], oauthOptions: { providers: [{ type: 'google' }] } })).length).to.equal(
      3,
    );
  });
});
