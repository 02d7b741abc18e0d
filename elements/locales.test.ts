/**
 * Languages in Chromium against the real reference server (issue 19): every pack renders Main and the
 * passcode screen at 320 px without horizontal overflow (long German words, CJK), Arabic is
 * right-to-left and axe-clean, a sign-in completes in French and in Arabic with the email in that
 * language, the document's lang is the fallback, and a host's strings override a pack's key.
 */
import { expect, fixture, html } from '@open-wc/testing';
import 'axe-core';
import { sendKeys } from '@web/test-runner-commands';
import type { LoginConfig } from '../react-internals/config.ts';
import { LOCALES, loadPack } from '../react-internals/i18n/locales.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import { DEFAULT_STRINGS } from '../react-internals/strings.ts';
import { testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import './define.ts';
import type { AuthLoginElement } from './login.tsx';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

/** Elements that stick out of the widget's box sideways, or scroll sideways themselves. */
function overflowing(root: ShadowRoot): string[] {
  const box = root.querySelector<HTMLElement>('.ae-root')!;
  const outer = box.getBoundingClientRect();
  const out: string[] = [];
  if (box.scrollWidth > box.clientWidth + 1) out.push(`.ae-root scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
  for (const el of box.querySelectorAll<HTMLElement>('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest('.ae-toasts')) continue;
    if (r.left < outer.left - 1 || r.right > outer.right + 1)
      out.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 30)}" ${r.left}-${r.right} outside ${outer.left}-${outer.right}`);
  }
  return out;
}

describe('<auth-login> in every language', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });
  const config = (locale?: string): LoginConfig => ({
    publicToken: env.publicToken,
    apiBaseUrl: env.apiBaseUrl,
    otpOptions: { methods: ['email'] },
    ...(locale ? { locale } : {}),
  });

  async function mount(locale: string | undefined, wrapper = html`<div style="width:320px"><auth-login></auth-login></div>`, strings?: Record<string, string>) {
    const host = await fixture<HTMLElement>(wrapper);
    const el = host.querySelector<AuthLoginElement>('auth-login')!;
    if (strings) el.strings = strings;
    el.config = config(locale);
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('input[type="email"]'), 'email input');
    await whenReact(el);
    return { el, root };
  }

  for (const locale of LOCALES) {
    it(`${locale}: Main and the passcode screen fit 320 px`, async () => {
      const pack = { ...DEFAULT_STRINGS, ...(await loadPack(locale)) } as Record<string, string>;
      const { el, root } = await mount(locale);
      expect(root.querySelector('h1')!.textContent).to.equal(pack['main.header']);
      expect(root.querySelector('.ae-root')!.getAttribute('dir')).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      expect(root.querySelector('.ae-root')!.getBoundingClientRect().width, 'the box is the 320 px column').to.be.within(300, 320);
      expect(overflowing(root), 'Main').to.deep.equal([]);
      // The passcode screen, reached for real (the server sends the code).
      typeInto(root.querySelector<HTMLInputElement>('input[type="email"]')!, uniqueEmail(`i18n-${locale.toLowerCase()}-with-a-rather-long-address`));
      root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitFor(() => el.getAttribute('data-screen') === 'OTPAuthenticate', 'passcode screen');
      await waitFor(() => root.querySelector('input[autocomplete="one-time-code"]'), 'passcode input');
      expect(root.querySelector('h1')!.textContent).to.equal(pack['otp.title']);
      expect(root.querySelector('input[autocomplete="one-time-code"]')!.getAttribute('dir')).to.equal('ltr');
      expect(overflowing(root), 'passcode screen').to.deep.equal([]);
    });
  }

  for (const locale of ['de', 'ar', 'ja'] as const) {
    it(`${locale}: the password and magic-link Main screen fits 320 px too`, async () => {
      const host = await fixture<HTMLElement>(html`<div style="width:320px"><auth-login></auth-login></div>`);
      const el = host.querySelector<AuthLoginElement>('auth-login')!;
      el.config = { ...config(locale), products: ['emailMagicLinks', 'passwords'] };
      const root = el.shadowRoot!;
      await waitFor(() => root.querySelector('input[type="email"]'), 'email input');
      await waitFor(() => root.querySelector('.ae-root')?.getAttribute('lang') === locale, 'pack shown');
      expect(overflowing(root)).to.deep.equal([]);
    });
  }

  it('Arabic: right to left, back arrow mirrored, code input left to right, axe-clean', async () => {
    const { el, root } = await mount('ar');
    expect(root.querySelector('.ae-root')!.getAttribute('lang')).to.equal('ar');
    expect(getComputedStyle(root.querySelector('input[type="email"]')!).direction).to.equal('ltr');
    let result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
    typeInto(root.querySelector<HTMLInputElement>('input[type="email"]')!, uniqueEmail('rtl-axe'));
    root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => root.querySelector('input[autocomplete="one-time-code"]'), 'passcode input');
    const arrow = await waitFor(() => root.querySelector<SVGElement>('.ae-flip-rtl'), 'back arrow');
    expect(getComputedStyle(arrow).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
    const input = root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
    expect(getComputedStyle(input).direction).to.equal('ltr');
    expect(getComputedStyle(root.querySelector('h1')!).direction).to.equal('rtl');
    result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
  });

  for (const [locale, subject] of [
    ['fr', 'Votre code de vérification'],
    ['ar', 'رمز التحقق الخاص بك'],
  ] as const) {
    it(`${locale}: a sign-in completes, and the passcode email is in ${locale}`, async () => {
      const pack = (await loadPack(locale)) as Record<string, string>;
      const { el, root } = await mount(locale);
      const email = uniqueEmail(`signin-${locale}`);
      typeInto(root.querySelector<HTMLInputElement>('input[type="email"]')!, email);
      root.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      const otp = await waitFor(() => root.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]'), 'passcode input');
      const message = await waitForMessage(email);
      expect(message.subject).to.equal(subject);
      typeInto(otp, message.code!);
      await waitFor(() => el.getAttribute('data-screen') === 'OTPConfirmation', 'OTPConfirmation');
      await waitFor(() => root.querySelector('h1')?.textContent === pack['otp.successTitle'], 'success title');
    });
  }

  it('follows the nearest lang of the page when config names no locale, then <html lang>', async () => {
    const { root } = await mount(undefined, html`<section lang="de-CH"><div style="width:320px"><auth-login></auth-login></div></section>`);
    await waitFor(() => root.querySelector('h1')?.textContent === 'Registrieren oder anmelden', 'German from the section');
    expect(root.querySelector('.ae-root')!.getAttribute('lang')).to.equal('de-CH');
    const before = document.documentElement.lang;
    document.documentElement.lang = 'ja';
    try {
      const { root: r2 } = await mount(undefined);
      await waitFor(() => r2.querySelector('h1')?.textContent === '登録またはログイン', 'Japanese from <html lang>');
    } finally {
      document.documentElement.lang = before;
    }
    // The widget follows a live change of the page's language.
    root.host.closest('section')!.setAttribute('lang', 'it');
    await waitFor(() => root.querySelector('h1')?.textContent === 'Registrati o accedi', 'Italian after the lang change');
    // A language without a pack (Swedish) is English.
    const { root: r3 } = await mount(undefined, html`<div lang="sv"><auth-login></auth-login></div>`);
    expect(r3.querySelector('h1')!.textContent).to.equal('Sign up or log in');
  });

  it('names the countries of the phone picker in the chosen language (Intl.DisplayNames), sorted in it', async () => {
    const host = await fixture<HTMLElement>(html`<div style="width:320px"><auth-login></auth-login></div>`);
    const el = host.querySelector<AuthLoginElement>('auth-login')!;
    el.config = { ...config('ja'), otpOptions: { methods: ['sms'] } };
    const root = el.shadowRoot!;
    await whenReact(el);
    const combo = await waitFor(() => root.querySelector<HTMLInputElement>('input[role="combobox"]'), 'country combobox');
    const ja = new Intl.DisplayNames(['ja'], { type: 'region' });
    // Closed, the field shows the chosen country by its Japanese name.
    expect(combo.value).to.contain(ja.of('US'));
    combo.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => combo.getAttribute('aria-expanded') === 'true', 'list open');
    const jp = await waitFor(() => root.querySelector('[role="option"][data-region="JP"]'), 'Japan option');
    expect(jp.textContent).to.equal(`+81 ${ja.of('JP')}`);
    expect(jp.textContent).to.contain('日本');
    await sendKeys({ press: 'Escape' });
    expect(root.querySelector('input[type="tel"]')!.getAttribute('dir')).to.equal('ltr');
    expect(overflowing(root)).to.deep.equal([]);
  });

  it("applies the host's strings on top of the pack, key by key", async () => {
    const { root } = await mount('fr', undefined, { 'main.header': 'Bienvenue chez Acme' });
    await waitFor(() => root.querySelector('h1')?.textContent === 'Bienvenue chez Acme', 'host header');
    expect(root.querySelector('button[type="submit"]')!.textContent).to.equal('Continuer');
  });
});
