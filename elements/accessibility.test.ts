/**
 * Issue 17's accessibility defects, each as a user meets it in real Chromium against the real
 * reference server: reflow at 320 px in grid, table and flex containers (WCAG 1.4.10), focus kept
 * while busy (2.4.3), forced colours (1.4.11 in Windows High Contrast), text spacing (1.4.12), the
 * heading level and lang options (1.3.1, 3.1.2), and axe-core clean in light, dark and forced colours.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import type { LoginConfig } from '../react-internals/config.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import { darkTheme } from '../react-internals/theme.ts';
import { testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import './define.ts';
import type { AuthLoginElement } from './login.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

describe('accessibility (issue 17)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });
  afterEach(async () => {
    await executeServerCommand('emulate:forced-colors', 'none');
  });

  const config = (extra: Partial<LoginConfig> = {}): LoginConfig => ({
    publicToken: env.publicToken,
    apiBaseUrl: env.apiBaseUrl,
    products: ['otp'],
    otpOptions: { methods: ['email', 'sms'] },
    ...extra,
  });
  const root = (el: AuthLoginElement) => el.shadowRoot!;
  const q = <T extends Element>(el: AuthLoginElement, sel: string) => root(el).querySelector<T>(sel);

  async function mount(where: HTMLElement, cfg: LoginConfig = config()): Promise<AuthLoginElement> {
    const el = document.createElement('auth-login') as AuthLoginElement;
    el.config = cfg;
    where.append(el);
    await waitFor(() => q(el, 'input[type="email"]'), 'email input');
    // These tests are about React's widget (busy states, focus moves): after the handover.
    await whenReact(el);
    return el;
  }

  async function expectAxeClean(el: AuthLoginElement, what: string) {
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).to.deep.equal([]);
  }

  describe('reflow at 320 px (WCAG 1.4.10)', () => {
    const containers: Record<string, string> = {
      grid: '<div style="display:grid;grid-template-columns:auto;width:320px"><div data-slot></div></div>',
      table: '<table style="width:320px;border-collapse:collapse"><tr><td data-slot style="padding:0"></td></tr></table>',
      'auto table': '<table style="border-collapse:collapse;max-width:320px"><tr><td data-slot style="padding:0"></td></tr></table>',
      'flex row': '<div style="display:flex;width:320px"><div data-slot style="flex:1 1 auto"></div></div>',
      'flex item itself': '<div style="display:flex;width:320px" data-slot></div>',
    };
    for (const [name, markup] of Object.entries(containers)) {
      it(`in a ${name} the widget fits 320 px, nothing scrolls sideways`, async () => {
        const wrap = await fixture<HTMLDivElement>(html`<div style="width:320px"></div>`);
        wrap.innerHTML = markup;
        const slot = wrap.querySelector<HTMLElement>('[data-slot]')!;
        const el = await mount(slot);
        const box = el.getBoundingClientRect();
        expect(box.width, 'widget width').to.be.at.most(320);
        expect(box.width, 'widget width').to.be.at.least(280);
        const container = q<HTMLElement>(el, '[part~="container"]')!;
        expect(container.scrollWidth, 'container scrolls').to.be.at.most(container.clientWidth);
        expect(wrap.scrollWidth, 'page scrolls').to.be.at.most(320);
        // Every control inside stays inside.
        for (const c of root(el).querySelectorAll<HTMLElement>('input, button, select')) {
          expect(c.getBoundingClientRect().right, `${c.outerHTML.slice(0, 60)} right edge`).to.be.at.most(box.right + 0.5);
        }
      });
    }

    it('in light DOM (enableShadowDOM: false) too, in a grid cell', async () => {
      const wrap = await fixture<HTMLDivElement>(html`<div style="display:grid;grid-template-columns:auto;width:320px"><div></div></div>`);
      const el = document.createElement('auth-login') as AuthLoginElement;
      el.config = config({ enableShadowDOM: false });
      wrap.firstElementChild!.append(el);
      await waitFor(() => el.querySelector('input[type="email"]'), 'email input (light DOM)');
      expect(el.getBoundingClientRect().width).to.be.at.most(320);
      expect(wrap.scrollWidth).to.be.at.most(320);
      const result = await axe.run(el);
      expect(result.violations.map((v) => `light DOM: ${v.id}`)).to.deep.equal([]);
    });

    it('at full width the widget is still 400 px (docs/reference/constants.md#widget)', async () => {
      const wrap = await fixture<HTMLDivElement>(html`<div style="display:grid;width:900px"></div>`);
      const el = await mount(wrap);
      expect(el.getBoundingClientRect().width).to.equal(400);
    });
  });

  it('focus stays on Continue while the send is in flight (aria-disabled + aria-busy), then moves to the field with the error', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    // A server nobody answers on: the send fails, after a busy moment.
    const el = await mount(wrap, { ...config(), apiBaseUrl: 'http://127.0.0.1:9', otpOptions: { methods: ['email'] } });
    const input = q<HTMLInputElement>(el, 'input[type="email"]')!;
    input.focus();
    await sendKeys({ type: uniqueEmail('busy') });
    await sendKeys({ press: 'Tab' });
    const button = q<HTMLButtonElement>(el, 'button[type="submit"]')!;
    expect(root(el).activeElement).to.equal(button);
    const seen: { busy: boolean; focused: boolean; disabled: boolean; spinner: boolean }[] = [];
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-busy') === 'true')
        seen.push({
          busy: button.getAttribute('aria-disabled') === 'true',
          focused: root(el).activeElement === button,
          disabled: button.disabled,
          spinner: button.querySelector('.ae-button-spinner') !== null,
        });
    });
    observer.observe(button, { attributes: true, childList: true });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => root(el).textContent?.includes('Unable to contact our servers.'), 'inline error');
    observer.disconnect();
    expect(seen.length, 'a busy state was seen').to.be.greaterThan(0);
    expect(seen[0]).to.deep.equal({ busy: true, focused: true, disabled: false, spinner: true });
    // Pressing it again while busy did not start a second send; now idle, focus is on the field.
    expect(button.getAttribute('aria-busy')).to.equal(null);
    expect(root(el).activeElement).to.equal(input);
    // The form stayed visible the whole time: no veil over it.
    expect(q(el, '.ae-loading')).to.equal(null);
  });

  it('forced colours: the selected tab, spinner and progress keep their meaning; axe clean', async () => {
    await executeServerCommand('emulate:forced-colors', 'active');
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = await mount(wrap);
    const tabs = [...root(el).querySelectorAll<HTMLElement>('[role="tab"]')];
    const selected = tabs.find((t) => t.getAttribute('aria-selected') === 'true')!;
    const other = tabs.find((t) => t.getAttribute('aria-selected') === 'false')!;
    // The selected tab has a 3 px system-colour bar; the other none (transparent is dropped in forced colours).
    expect(getComputedStyle(selected).borderBottomWidth).to.equal('3px');
    expect(getComputedStyle(selected).borderBottomStyle).to.equal('solid');
    expect(getComputedStyle(other).borderBottomWidth).to.not.equal('3px');
    await expectAxeClean(el, 'Main, forced colours');
  });

  it('text spacing (WCAG 1.4.12): with the bookmarklet styles at 320 px nothing is clipped', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div style="width:320px"></div>`);
    const el = await mount(wrap, config({ products: ['otp', 'passkeys'] }));
    const spacing = new CSSStyleSheet();
    spacing.replaceSync('*{line-height:1.5 !important;letter-spacing:0.12em !important;word-spacing:0.16em !important}p{margin-bottom:2em !important}');
    root(el).adoptedStyleSheets = [...root(el).adoptedStyleSheets, spacing];
    await new Promise((r) => requestAnimationFrame(r));
    for (const c of root(el).querySelectorAll<HTMLElement>('button, input, select, [role="tab"]')) {
      const what = `${c.tagName} ${c.textContent || c.getAttribute('placeholder') || ''}`;
      expect(c.scrollHeight, `${what} clips vertically`).to.be.at.most(c.clientHeight + 1);
      if (c.tagName === 'BUTTON') expect(c.scrollWidth, `${what} clips horizontally`).to.be.at.most(c.clientWidth + 1);
    }
    // Buttons keep docs/reference/constants.md#widget's 45 px as their least height, and grow past it.
    const button = q<HTMLElement>(el, 'button[type="submit"]')!;
    expect(getComputedStyle(button).minHeight).to.equal('45px');
  });

  it('headingLevel puts the title at that level; lang is en by default, the configured one when set', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = await mount(wrap, config({ headingLevel: 2 }));
    expect(q(el, 'h1')).to.equal(null);
    expect(q(el, 'h2')!.textContent).to.equal('Sign up or log in');
    expect(q(el, '[part~="container"]')!.getAttribute('lang')).to.equal('en');
    el.config = config({ lang: 'fr-CA' });
    await waitFor(() => q(el, 'h1'), 'back to h1');
    expect(q(el, '[part~="container"]')!.getAttribute('lang')).to.equal('fr-CA');
  });

  it('password screen: the email is read-only and looks it; Back returns to Main with the typed address kept (defect 8)', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = await mount(wrap, config({ products: ['passwords'] }));
    const email = uniqueEmail('readonly');
    typeInto(q<HTMLInputElement>(el, 'input[type="email"]')!, email);
    q<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasswordCreateOrLogin', 'password screen');
    const shown = await waitFor(() => q<HTMLInputElement>(el, 'input[autocomplete="username"]'), 'read-only email');
    expect(shown.readOnly).to.equal(true);
    expect(shown.value).to.equal(email);
    const look = getComputedStyle(shown);
    expect(look.borderTopStyle).to.equal('dashed');
    expect(look.backgroundColor).to.equal('rgb(243, 245, 246)');
    await expectAxeClean(el, 'PasswordCreateOrLogin');
    q<HTMLButtonElement>(el, '[part~="back-button"]')!.click();
    const again = await waitFor(() => el.getAttribute('data-screen') === 'Main' && q<HTMLInputElement>(el, 'input[type="email"]'), 'Main');
    expect(again.value).to.equal(email);
  });

  for (const mode of ['light', 'dark', 'forced colours'] as const) {
    it(`axe-core: 0 violations on Main (Email, Text), OTPAuthenticate and OTPConfirmation in ${mode}`, async () => {
      if (mode === 'forced colours') await executeServerCommand('emulate:forced-colors', 'active');
      const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
      const el = document.createElement('auth-login') as AuthLoginElement;
      if (mode === 'dark') el.styles = darkTheme;
      el.config = config();
      wrap.append(el);
      const input = await waitFor(() => q<HTMLInputElement>(el, 'input[type="email"]'), 'email input');
      await expectAxeClean(el, `Main Email (${mode})`);
      q<HTMLElement>(el, '[role="tab"][data-method="sms"]')!.click();
      await waitFor(() => q(el, 'input[type="tel"]'), 'phone form');
      await expectAxeClean(el, `Main Text (${mode})`);
      q<HTMLElement>(el, '[role="tab"][data-method="email"]')!.click();
      const email = uniqueEmail(`axe-${mode.replace(' ', '-')}`);
      const field = await waitFor(() => q<HTMLInputElement>(el, 'input[type="email"]'), 'email input again');
      expect(field).to.not.equal(input);
      typeInto(field, email);
      q<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
      const otp = await waitFor(() => q<HTMLInputElement>(el, 'input[autocomplete="one-time-code"]'), 'OTPAuthenticate');
      await expectAxeClean(el, `OTPAuthenticate (${mode})`);
      // The auto-submit is in the field's description.
      const described = (otp.getAttribute('aria-describedby') ?? '').split(' ').map((id) => root(el).getElementById(id)?.textContent);
      expect(described).to.include('Your code is checked as soon as you enter the 6th digit.');
      const { code } = await waitForMessage(email);
      typeInto(otp, code!);
      await waitFor(() => el.getAttribute('data-screen') === 'OTPConfirmation', 'OTPConfirmation');
      await expectAxeClean(el, `OTPConfirmation (${mode})`);
    });
  }
});
