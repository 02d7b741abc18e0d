import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { createClient } from '../../sdk-core/index.ts';
import { testEnv, uniqueEmail } from '../../test/env.ts';
import { typeInto, waitFor, widgetFixture } from '../test-utils.ts';
import type { LoginWidgetProps } from './LoginWidget.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

const ALL_METHODS = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } };

describe('Main screen (real reference server)', () => {
  const w = widgetFixture({ fakeClock: true });
  const { q, qa, screen } = w;
  const tabs = () => qa<HTMLButtonElement>('[role="tab"]');
  const selectedTab = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true');
  const panel = () => q<HTMLElement>('[role="tabpanel"]');

  async function expectAxeClean(what: string) {
    const result = await axe.run(w.host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  const render = (config: unknown, extra: Partial<LoginWidgetProps> = {}) => w.render({ config, ...extra });

  it('shows no tabs when only one method is configured', async () => {
    render({ products: ['otp'], otpOptions: { methods: ['email'] } });
    await waitFor(() => q('input[type="email"]'), 'email input');
    expect(q('[role="tablist"]')).to.equal(null);
    expect(q('[role="tabpanel"]')).to.equal(null);
    render({ products: ['otp'], otpOptions: { methods: ['sms'] } });
    await waitFor(() => q('input[type="tel"]'), 'phone input');
    expect(q('[role="tablist"]')).to.equal(null);
    expect(q('.ae-divider')).to.equal(null);
  });

  it('derives Email, Text, WhatsApp tabs from the products, as WAI-ARIA tabs', async () => {
    render(ALL_METHODS);
    const list = await waitFor(() => q('[role="tablist"]'), 'tablist');
    expect(list.getAttribute('aria-label')).to.equal('Sign-in method');
    expect(tabs().map((t) => t.textContent)).to.deep.equal(['Email', 'Text', 'WhatsApp']);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    // Roving tab index: only the selected tab is in the Tab order.
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    expect(panel()!.getAttribute('aria-labelledby')).to.equal(selectedTab()!.id);
    expect(selectedTab()!.getAttribute('aria-controls')).to.equal(panel()!.id);
    // Email tab of the magic-link product (its form is its own chunk: issue 16).
    await waitFor(() => panel()?.querySelector('input[type="email"]'), 'email form');
    expect(panel()!.querySelector('button[type="submit"]')!.textContent).to.equal('Continue with email');
    await expectAxeClean('Main, Email tab');

    tabs()[1]!.click();
    await waitFor(() => panel()?.querySelector('input[type="tel"]'), 'phone form');
    expect(selectedTab()!.textContent).to.equal('Text');
    expect(panel()!.getAttribute('aria-labelledby')).to.equal(selectedTab()!.id);
    await expectAxeClean('Main, Text tab');
  });

  it('keyboard: arrows move and select (wrapping), Home/End jump, Tab enters the panel', async () => {
    render(ALL_METHODS);
    await waitFor(() => q('[role="tablist"]'), 'tablist');
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => selectedTab()?.textContent === 'Text', 'Text selected');
    expect(document.activeElement).to.equal(selectedTab());
    await waitFor(() => panel()!.querySelector('input[type="tel"]'), 'phone form');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => selectedTab()?.textContent === 'WhatsApp', 'WhatsApp selected');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => selectedTab()?.textContent === 'Email', 'wraps to Email');
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => selectedTab()?.textContent === 'WhatsApp', 'wraps back to WhatsApp');
    await sendKeys({ press: 'Home' });
    await waitFor(() => selectedTab()?.textContent === 'Email', 'Home');
    await sendKeys({ press: 'End' });
    await waitFor(() => selectedTab()?.textContent === 'WhatsApp', 'End');
    expect(document.activeElement).to.equal(selectedTab());
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([-1, -1, 0]);
    // Tab leaves the tab list for the panel's first control: the country selector.
    await waitFor(() => panel()!.querySelector('input[role="combobox"]'), 'country combobox');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(panel()!.querySelector('input[role="combobox"]'));
  });

  it('shows the docs/reference/config.md#configuration-errors configuration errors instead of any form', async () => {
    render({ products: ['passkeys'] });
    const alert = await waitFor(() => q('[role="alert"]'), 'alert');
    expect(alert.textContent).to.equal('Error: Cannot use Passkeys by itself, please add another product to the config.');
    expect(q('input')).to.equal(null);
    render({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email', 'sms'] } });
    await waitFor(() => q('[role="alert"]')?.textContent === 'Cannot use both EML and Email OTP.', 'EML + OTP error');
    expect(q('input')).to.equal(null);
    expect(q('[role="tablist"]')).to.equal(null);
    await expectAxeClean('Main, config error');
  });

  it('shows the floating loading indicator while a send is in flight, and announces it', async () => {
    render({ products: ['otp'], otpOptions: { methods: ['email'] } });
    const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
    const status = q('.ae-visually-hidden[role="status"]')!;
    expect(status.textContent).to.equal('');
    // The send may be quicker than a poll: record what the DOM went through.
    const seen = { indicator: false, announced: false };
    const observer = new MutationObserver(() => {
      // The spinner is inside the pressed button, which keeps focus and says it is busy.
      if (q('button[type="submit"][aria-busy="true"][aria-disabled="true"] .ae-button-spinner')) seen.indicator = true;
      if (status.textContent === 'Loading...') seen.announced = true;
    });
    observer.observe(w.host, { subtree: true, childList: true, characterData: true });
    typeInto(input, uniqueEmail('loading'));
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => screen() === 'OTPAuthenticate', 'OTPAuthenticate');
    observer.disconnect();
    expect(seen).to.deep.equal({ indicator: true, announced: true });
    expect(q('[data-loading]')).to.equal(null);
  });

  it('the indicator goes away again when the send fails', async () => {
    const { publicToken } = await testEnv();
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      render({ products: ['emailMagicLinks'] }, { client: down });
      const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
      typeInto(input, uniqueEmail('down'));
      q<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitFor(() => w.host.textContent?.includes('Unable to contact our servers.'), 'inline error');
      await waitFor(() => !q('[data-loading]'), 'indicator gone');
      expect(screen()).to.equal('Main');
    } finally {
      down.destroy();
    }
  });
});
