/**
 * Issue 30 item 6, the shared look and the last accessibility gaps, as a user meets them in real
 * Chromium against the real reference server: OAuth labels wrap at 320 px (WCAG 1.4.10, 1.4.12),
 * "WhatsApp" never breaks mid-word, a host's `button:hover` does not restyle the widget in light DOM
 * (1.4.3), a toast never covers the focused Back button (2.4.11), Arabic tab arrows and "+20", the
 * one-colour brand marks visible on the dark theme, the country search's match count announced, and
 * axe-core clean with the OAuth row in light, dark and forced colours.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import type { LoginConfig } from '../react-internals/config.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import { darkTheme } from '../react-internals/theme.ts';
import { testEnv, uniqueEmail, whenReact, widgetRoot } from '../test/env.ts';
import './define.ts';
import type { AuthLoginElement } from './login.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

/** Any CSS colour (rgb(), oklch()...) as `rgb(r, g, b)`, as the browser paints it (a canvas pixel). */
function toRgb(css: string): string {
  const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  ctx.fillStyle = css;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return `rgb(${r}, ${g}, ${b})`;
}

/** WCAG relative luminance of a computed colour. */
function luminance(css: string): number {
  const [r, g, b] = (toRgb(css).match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
/** The screen rectangles of each character of `node`'s text at `index`. */
const charRect = (node: Text, index: number): DOMRect => {
  const range = document.createRange();
  range.setStart(node, index);
  range.setEnd(node, index + 1);
  return range.getBoundingClientRect();
};
const intersects = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const TEXT_SPACING = '*{line-height:1.5 !important;letter-spacing:0.12em !important;word-spacing:0.16em !important}p{margin-bottom:2em !important}';

describe('the shared look and the last accessibility gaps (issue 30 item 6)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  before(async () => {
    env = await testEnv();
  });
  afterEach(async () => {
    await executeServerCommand('emulate:forced-colors', 'none');
  });

  const PROVIDERS = ['google', 'microsoft', 'apple', 'github', 'gitlab', 'linkedin', 'salesforce'] as const;
  const config = (extra: Partial<LoginConfig> = {}): LoginConfig => ({
    publicToken: env.publicToken,
    apiBaseUrl: env.apiBaseUrl,
    products: ['oauth', 'otp'],
    oauthOptions: { providers: PROVIDERS.map((type) => ({ type })) },
    otpOptions: { methods: ['email', 'sms', 'whatsapp'] },
    ...extra,
  });
  const q = <T extends Element>(el: HTMLElement, sel: string) => widgetRoot(el).querySelector<T>(sel);
  const qa = <T extends Element>(el: HTMLElement, sel: string) => [...widgetRoot(el).querySelectorAll<T>(sel)];

  async function mount(cfg: LoginConfig, width = 320, styles?: unknown): Promise<AuthLoginElement> {
    const wrap = await fixture<HTMLDivElement>(html`<div style=${`width:${width}px`}></div>`);
    const el = document.createElement('auth-login') as AuthLoginElement;
    if (styles) el.styles = styles as AuthLoginElement['styles'];
    el.config = cfg;
    wrap.append(el);
    if (cfg.enableShadowDOM !== false) await whenReact(el);
    await waitFor(() => q(el, '.ae-root[data-bootstrapped]') && q(el, '.ae-oauth-button, input'), 'widget');
    return el;
  }

  async function expectAxeClean(el: HTMLElement, what: string) {
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).to.deep.equal([]);
  }

  describe('OAuth labels wrap at 320 px instead of an ellipsis (WCAG 1.4.10, 1.4.12)', () => {
    for (const [locale, spacing] of [
      ['fr', false],
      ['pt-BR', false],
      ['ar', false],
      ['de', true],
    ] as const) {
      it(`${locale}${spacing ? ' with text spacing' : ''}: every label is whole, nothing overflows`, async () => {
        const el = await mount(config({ locale }));
        await waitFor(() => q(el, `.ae-root[lang="${locale}"] .ae-oauth-button`), `${locale} texts`);
        if (spacing) {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(TEXT_SPACING);
          el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, sheet];
          await new Promise((r) => requestAnimationFrame(r));
        }
        const buttons = qa<HTMLButtonElement>(el, '.ae-oauth-button');
        expect(buttons).to.have.length(PROVIDERS.length);
        let wrapped = 0;
        for (const button of buttons) {
          const label = button.querySelector('span')!;
          const what = `${locale} "${label.textContent}"`;
          expect(getComputedStyle(label).textOverflow, `${what} text-overflow`).to.equal('clip');
          expect(getComputedStyle(label).whiteSpace, `${what} white-space`).to.equal('normal');
          expect(label.scrollWidth, `${what} is cut`).to.be.at.most(label.clientWidth + 1);
          expect(button.scrollWidth, `${what} overflows its button`).to.be.at.most(button.clientWidth + 1);
          expect(button.scrollHeight, `${what} clips vertically`).to.be.at.most(button.clientHeight + 1);
          if (label.getClientRects().length > 0 && label.getBoundingClientRect().height > 30) wrapped++;
        }
        // The long ones ("Continuer avec Microsoft", "Mit Salesforce fortfahren") take a second line.
        if (locale !== 'ar') expect(wrapped, 'some labels wrap').to.be.greaterThan(0);
        const container = q<HTMLElement>(el, '[part~="container"]')!;
        expect(container.scrollWidth).to.be.at.most(container.clientWidth);
      });
    }
  });

  for (const locale of ['en', 'fr', 'de', 'pt-BR']) {
    it(`"WhatsApp" never breaks mid-word at 320 px (${locale}, with text spacing)`, async () => {
      const el = await mount(config({ locale, products: ['otp'] }));
      await waitFor(() => q(el, `.ae-root[lang="${locale}"]`), `${locale} texts`);
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(TEXT_SPACING);
      el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, sheet];
      await new Promise((r) => requestAnimationFrame(r));
      const tab = q<HTMLElement>(el, '[role="tab"][data-method="whatsapp"]')!;
      const text = [...tab.childNodes].find((n): n is Text => n instanceof Text)!;
      expect(text.data).to.equal('WhatsApp');
      // One line: every character's box on the same line as the first.
      const top = charRect(text, 0).top;
      for (let i = 1; i < text.data.length; i++) expect(charRect(text, i).top, `"${text.data[i]}" moved to another line`).to.equal(top);
      expect(tab.scrollWidth, 'the tab clips its label').to.be.at.most(tab.clientWidth + 1);
    });
  }

  it("light DOM: a host page rule like the demo's button:hover does not restyle the tabs, Back, the links or Continue (WCAG 1.4.3)", async () => {
    // The demo's own rules, and the same hover colours under a selector of button:hover's specificity
    // (0,1,1) that holds without a pointer: what wins the cascade against it wins against the hover.
    const host = document.createElement('style');
    host.textContent =
      'button{padding:10px 18px;border:1px solid #19303D;background:#19303D;color:#fff}button:hover{background:#2a4656}' +
      'button:not([data-x]){background:#2a4656;color:#fff}';
    document.head.append(host);
    try {
      const el = await mount(config({ enableShadowDOM: false, products: ['otp'], otpOptions: { methods: ['email', 'sms'] } }), 400);
      const card = getComputedStyle(q<HTMLElement>(el, '.ae-root')!).backgroundColor;
      const tab = getComputedStyle(q<HTMLElement>(el, '[role="tab"][aria-selected="false"]')!);
      expect(tab.backgroundColor, 'tab background').to.equal('rgba(0, 0, 0, 0)');
      expect(contrast(tab.color, card), 'tab text on the card').to.be.at.least(4.5);
      const submit = q<HTMLElement>(el, 'button[type="submit"]')!;
      expect(getComputedStyle(submit).backgroundColor, 'Continue keeps the widget colour').to.equal('rgb(25, 48, 61)');
      typeInto(q<HTMLInputElement>(el, 'input[type="email"]')!, uniqueEmail('look-light'));
      submit.click();
      const back = getComputedStyle(await waitFor(() => q<HTMLElement>(el, '[part~="back-button"]'), 'Back'));
      expect(back.backgroundColor, 'Back background').to.equal('rgba(0, 0, 0, 0)');
      expect(contrast(back.color, card), 'Back arrow').to.be.at.least(4.5);
      const link = getComputedStyle(await waitFor(() => q<HTMLElement>(el, '[part~="resend-button"]'), 'resend link'));
      expect(link.backgroundColor, 'link background').to.equal('rgba(0, 0, 0, 0)');
      expect(contrast(link.color, card), 'link text').to.be.at.least(4.5);
    } finally {
      host.remove();
    }
  });

  it('light DOM gets the first paint too; what the user typed on it is handed to the light-DOM widget', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div style="width:320px"></div>`);
    const el = document.createElement('auth-login') as AuthLoginElement;
    el.config = { publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl, products: ['otp'], otpOptions: { methods: ['email'] }, enableShadowDOM: false };
    wrap.append(el);
    // Drawn at connection, before React: the screen is there at once, not a blank box.
    const first = el.shadowRoot!.querySelector<HTMLInputElement>('.ae-root input[type="email"]');
    expect(first, 'first paint in light-DOM mode').to.not.equal(null);
    expect(el.querySelector('[data-ae-light]'), 'no second widget in the page meanwhile').to.equal(null);
    const email = uniqueEmail('look-light-paint');
    typeInto(first!, email);
    const input = await waitFor(() => el.querySelector<HTMLInputElement>('[data-ae-light] input[type="email"]'), 'light-DOM widget');
    expect(input.value).to.equal(email);
    expect(el.shadowRoot!.querySelector('.ae-root'), 'the first paint has gone').to.equal(null);
    await expectAxeClean(el, 'light DOM after the first paint');
  });

  it('at 320 px a toast never covers the focused Back button (WCAG 2.4.11)', async () => {
    const el = await mount(config({ products: ['otp'], otpOptions: { methods: ['email'] } }));
    typeInto(q<HTMLInputElement>(el, 'input[type="email"]')!, uniqueEmail('look-toast'));
    q<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    const back = await waitFor(() => q<HTMLElement>(el, '[part~="back-button"]'), 'Back');
    const resend = await waitFor(() => q<HTMLElement>(el, '[part~="resend-button"]'), 'resend');
    back.focus();
    // The resend's toast ('Email resent'), shown while Back has focus.
    resend.click();
    const toast = await waitFor(() => q<HTMLElement>(el, '.ae-toast'), 'toast');
    expect((widgetRoot(el) as ShadowRoot).activeElement, 'Back keeps focus').to.equal(back);
    expect(intersects(toast.getBoundingClientRect(), back.getBoundingClientRect()), 'toast over Back').to.equal(false);
    // Nor any other control.
    for (const c of qa<HTMLElement>(el, 'input, button:not(.ae-toast-close), a')) {
      expect(intersects(toast.getBoundingClientRect(), c.getBoundingClientRect()), `toast over ${c.outerHTML.slice(0, 60)}`).to.equal(false);
    }
  });

  it('Arabic: ArrowLeft goes to the next tab (right to left), ArrowRight back', async () => {
    const el = await mount(config({ locale: 'ar', products: ['otp'] }));
    await waitFor(() => q(el, '.ae-root[lang="ar"]'), 'Arabic');
    const tab = (m: string) => q<HTMLElement>(el, `[role="tab"][data-method="${m}"]`)!;
    expect(tab('sms').getBoundingClientRect().left, 'the second tab is left of the first').to.be.lessThan(tab('email').getBoundingClientRect().left);
    tab('email').focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => tab('sms').getAttribute('aria-selected') === 'true', 'ArrowLeft selected the next tab');
    expect((widgetRoot(el) as ShadowRoot).activeElement).to.equal(tab('sms'));
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => tab('email').getAttribute('aria-selected') === 'true', 'ArrowRight went back');
  });

  it('Arabic: dial codes read "+20", not "20+" (closed field and list)', async () => {
    const el = await mount(config({ locale: 'ar', products: ['otp'], otpOptions: { methods: ['sms'] } }));
    const country = await waitFor(() => q<HTMLInputElement>(el, '.ae-root[lang="ar"] input[role="combobox"]'), 'country field');
    // An input cannot hold a <bdi>: the plus and digits are isolated left to right in the text.
    expect(country.value).to.contain('\u2066+1\u2069');
    country.focus();
    typeInto(country, '+20');
    const option = await waitFor(() => q<HTMLElement>(el, '[role="option"][data-region="EG"]'), 'Egypt');
    const text = option.firstChild as Text;
    const plus = text.data.indexOf('+');
    expect(text.data.slice(plus, plus + 3)).to.equal('+20');
    expect(charRect(text, plus).left, '"+" is left of "2"').to.be.lessThan(charRect(text, plus + 1).left);
    expect(charRect(text, plus + 1).left, '"2" is left of "0"').to.be.lessThan(charRect(text, plus + 2).left);
  });

  it("the country search's match count is announced (a status region)", async () => {
    const el = await mount(config({ products: ['otp'], otpOptions: { methods: ['sms'] } }));
    const country = await waitFor(() => q<HTMLInputElement>(el, 'input[role="combobox"]'), 'country field');
    const status = q<HTMLElement>(el, '[data-country-matches]')!;
    expect(status.getAttribute('role')).to.equal('status');
    expect(status.textContent).to.equal('');
    country.focus();
    typeInto(country, 'united');
    await waitFor(() => status.textContent !== '', 'count');
    const shown = qa(el, '[role="option"][data-region]').length;
    expect(shown).to.be.greaterThan(1);
    expect(status.textContent).to.equal(`Countries found: ${shown}`);
  });

  for (const [theme, styles] of [
    ['light', undefined],
    ['dark', darkTheme],
  ] as const) {
    it(`the Apple and GitHub marks stand out from their button (${theme})`, async () => {
      const el = await mount(config({ oauthOptions: { providers: [{ type: 'apple' }, { type: 'github' }] } }), 400, styles);
      for (const provider of ['apple', 'github']) {
        const button = q<HTMLElement>(el, `[data-oauth-provider="${provider}"]`)!;
        const mark = button.querySelector('.ae-oauth-mono')!;
        const fill = toRgb(getComputedStyle(mark).fill);
        expect(fill, `${provider} ${theme}`).to.equal(theme === 'dark' ? 'rgb(255, 255, 255)' : 'rgb(0, 0, 0)');
        expect(contrast(fill, getComputedStyle(button).backgroundColor), `${provider} mark on its button`).to.be.at.least(4.5);
      }
    });
  }

  it('secondary and OAuth buttons: a light border, 8 px corners, the system font at 16 px, weight 600 at most', async () => {
    const el = await mount(config(), 400);
    const oauth = getComputedStyle(q<HTMLElement>(el, '.ae-oauth-button')!);
    expect(oauth.borderTopColor).to.equal('rgb(173, 188, 197)');
    expect(oauth.borderTopLeftRadius).to.equal('8px');
    expect(oauth.fontFamily).to.match(/^system-ui/);
    expect(oauth.fontSize).to.equal('16px');
    const submit = getComputedStyle(q<HTMLElement>(el, 'button[type="submit"]')!);
    expect(submit.fontSize).to.equal('16px');
    expect(Number(submit.fontWeight)).to.be.at.most(600);
    expect(getComputedStyle(q<HTMLElement>(el, 'input[type="email"]')!).fontSize).to.equal('16px');
    expect(getComputedStyle(q<HTMLElement>(el, '.ae-root')!).borderTopLeftRadius).to.equal('12px');
  });

  /** Main's password form at 320 px in `locale`: types a new address, continues to the create screen. */
  async function passwordScreen(locale: string, styles?: unknown) {
    const el = await mount(
      config({ locale, products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: `${location.origin}/reset.html` } }),
      320,
      styles,
    );
    await waitFor(() => q(el, `.ae-root[lang="${locale}"] input[type="email"]`), `${locale} texts`);
    typeInto(q<HTMLInputElement>(el, 'input[type="email"]')!, uniqueEmail(`look-pw-${locale}`));
    q<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
    const password = await waitFor(() => q<HTMLInputElement>(el, 'input[autocomplete="new-password"]'), 'new password field');
    return { el, password };
  }

  it('password feedback is in the widget language (French), by its id, not English', async () => {
    const { el, password } = await passwordScreen('fr');
    typeInto(password, 'sunshine1');
    const warning = await waitFor(() => q<HTMLElement>(el, '[data-warning]'), 'warning');
    expect(warning.textContent).to.equal('Ce mot de passe est couramment utilisé.');
    expect(warning.closest('[lang]')!.getAttribute('lang')).to.equal('fr');
    for (const li of qa(el, '[data-suggestions] li')) expect(li.querySelector('[data-untranslated]'), li.textContent ?? '').to.equal(null);
  });

  it('Arabic: the feedback is Arabic, its full stop at the left end (right to left); a strong password is announced', async () => {
    const { el, password } = await passwordScreen('ar');
    typeInto(password, 'sunshine1');
    const warning = await waitFor(() => q<HTMLElement>(el, '[data-warning]'), 'warning');
    expect(warning.textContent).to.equal('هذه كلمة مرور شائعة الاستخدام.');
    expect(getComputedStyle(warning).direction).to.equal('rtl');
    const text = warning.firstChild as Text;
    const stop = charRect(text, text.data.length - 1);
    expect(stop.left, 'the full stop is the leftmost character').to.be.lessThan(charRect(text, 0).left);
    expect(stop.left, 'the full stop is left of the last word').to.be.lessThan(charRect(text, text.data.length - 2).left);
    // Acceptable: said in words inside the feedback's live region.
    typeInto(password, 'Vanilla-Kite-Harbor-91');
    const said = await waitFor(() => q<HTMLElement>(el, '[data-acceptable]'), 'acceptable announced');
    expect(said.textContent).to.equal('كلمة المرور هذه قوية بما يكفي.');
    expect(said.closest('[aria-live="polite"]'), 'inside a live region').to.not.equal(null);
  });

  for (const [theme, styles] of [
    ['light', undefined],
    ['dark', darkTheme],
  ] as const) {
    it(`a disabled Continue keeps a visible outline, >= 3:1 against the card (${theme})`, async () => {
      const { el, password } = await passwordScreen('en', styles);
      typeInto(password, 'sunshine1');
      const submit = await waitFor(() => q<HTMLButtonElement>(el, 'button[type="submit"]:disabled'), 'disabled Continue');
      const card = getComputedStyle(q<HTMLElement>(el, '.ae-root')!).backgroundColor;
      const look = getComputedStyle(submit);
      expect(look.borderTopWidth).to.equal('1px');
      expect(contrast(look.borderTopColor, card), 'outline against the card').to.be.at.least(3);
    });
  }

  for (const mode of ['light', 'dark', 'forced colours'] as const) {
    it(`axe-core: 0 violations with the OAuth row at 320 px (${mode})`, async () => {
      if (mode === 'forced colours') await executeServerCommand('emulate:forced-colors', 'active');
      const el = await mount(config({ locale: 'fr' }), 320, mode === 'dark' ? darkTheme : undefined);
      await waitFor(() => q(el, '.ae-root[lang="fr"] .ae-oauth-button'), 'French');
      await expectAxeClean(el, `Main with OAuth (${mode})`);
    });
  }
});
