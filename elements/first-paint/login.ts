/**
 * `<auth-login>`'s Main screen as lit-html (issue 16 item 1): the DOM React's MainScreen renders for
 * the same config once its groups have settled (same elements, classes, parts, attributes, texts),
 * so the widget's CSS lays both out alike and React's takeover moves nothing. Marks that live in
 * lazily loaded chunks (OAuth and wallet logos) are drawn as empty SVGs of the same box.
 */
import { html as litHtml, nothing, type TemplateResult } from 'lit-html';
import { html } from './html.ts';
import { PROVIDER_NAMES } from '../../react-internals/oauth/providers.ts';
import { DEFAULT_OTP_COUNTRY } from '../../sdk-core/schemas/defaults.ts';
import { hideHeaderText, safeLogoUrl } from '../../react-internals/theme.ts';
import { type EmailVariant, type Group, type MainPlan, type Tab, walletButtons } from './resolve.ts';
import { type FirstPaintKey, type FirstPaintStrings, fill } from './strings.ts';

/** What the Main templates need (index.ts builds it from the element's input). */
export interface MainContext {
  plan: MainPlan;
  styles: unknown;
  strings: FirstPaintStrings;
  tab: Tab | undefined;
  /** Whether the browser offers passkeys in autofill (decides the passkey button's side). */
  passkeyAutofill: boolean;
  /** Unique prefix for this paint's ids (labels, tabs, described-by). */
  ids: string;
  onTab(tab: Tab): void;
  onSubmit(form: string, event: SubmitEvent): void;
  /** The form whose Continue was pressed early (drawn busy as Button.tsx draws it), if any. */
  busy: string | undefined;
}

/** A form's Continue (Button.tsx): while `busy`, focusable and announced busy, with the spinner inside. */
export function submitButton(label: string, busy: boolean): TemplateResult {
  return busy
    ? html`<button type="submit" class="ae-button" part="button primary-button" aria-disabled="true" aria-busy="true" data-busy=""><span class="ae-button-spinner" aria-hidden="true"></span>${label}</button>`
    : html`<button type="submit" class="ae-button" part="button primary-button">${label}</button>`;
}

const TAB_LABEL: Record<Tab, FirstPaintKey> = { email: 'main.tabEmail', sms: 'main.tabText', whatsapp: 'main.tabWhatsApp' };

// One strings array per level, made once: lit caches a template by the identity of its strings.
const HEADINGS = new Map<1 | 2 | 3 | 4 | 5 | 6, TemplateStringsArray>();

/** The screen title at the configured level (Heading.tsx), `h1` to `h6`. */
export function heading(level: 1 | 2 | 3 | 4 | 5 | 6, text: string): TemplateResult {
  let strings = HEADINGS.get(level);
  if (!strings) {
    const parts = [`<h${level} class="ae-header" part="heading" tabindex="-1">`, `</h${level}>`];
    // lit accepts only arrays with `raw`, like a template literal's (its guard against forged templates).
    strings = Object.assign(parts, { raw: parts }) as unknown as TemplateStringsArray;
    HEADINGS.set(level, strings);
  }
  return litHtml(strings, text);
}

/** The 'or' divider (OrDivider.tsx). */
const divider = (s: FirstPaintStrings) => html`<div class="ae-divider" part="divider"><span>${s.text['main.or']}</span></div>`;

/** An empty status line, as the groups keep one mounted for their announcements. */
const status = (text = '') => html`<div class="ae-visually-hidden" role="status">${text}</div>`;

/** The submit handler of one form: the page must not navigate; the element decides what an early Continue does. */
const submit = (ctx: MainContext, form: string) => (e: SubmitEvent) => {
  e.preventDefault();
  ctx.onSubmit(form, e);
};

/** The email field's autocomplete (email-autocomplete.ts): `username webauthn` with passkeys. */
function emailAutocomplete(plan: MainPlan, variant: EmailVariant): string {
  if (plan.products.includes('passkeys')) return 'username webauthn';
  return variant === 'password' ? 'username' : 'email';
}

/** EmailStartForm for the Email tab's variant. */
function emailForm(ctx: MainContext, variant: EmailVariant): TemplateResult {
  const t = ctx.strings.text;
  const id = `${ctx.ids}-email`;
  return html`<form class="ae-form" novalidate @submit=${submit(ctx, 'email')}>
    <label class="ae-label" part="label" for=${id}>${t[variant === 'password' ? 'password.emailLabel' : 'email.label']}</label>
    <input id=${id} class="ae-input" part="input email-input" type="email" dir="ltr" name="email"
      autocomplete=${emailAutocomplete(ctx.plan, variant)} required placeholder=${t['email.placeholder']} data-autofocus="" />
    <div id=${`${id}-error`} class="ae-error" part="error field-error" aria-live="polite"></div>
    ${submitButton(t[variant === 'magicLink' ? 'magicLink.continue' : 'button.continue'], ctx.busy === 'email')}
  </form>`;
}

/**
 * The default country's calling code (SPEC §9 default US: +1). The calling-code table stays in the
 * phone chunk; resolve.test.ts checks this against it.
 */
export const DEFAULT_DIAL_CODE = '1';

/** A region's name in `locale` as calling-codes.ts `regionNamer` gives it (Intl.DisplayNames, English fallback, else the code). */
function regionName(locale: string, region: string): string {
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** PhoneOTPForm (its combobox closed, the default country chosen). */
function phoneForm(ctx: MainContext, channel: 'sms' | 'whatsapp'): TemplateResult {
  const s = ctx.strings;
  const id = `${ctx.ids}-${channel}`;
  const region = DEFAULT_OTP_COUNTRY;
  const chosen = fill(s, 'phone.countryChosen', { region: regionName(s.tag, region), dialCode: DEFAULT_DIAL_CODE });
  return html`<form class="ae-form" novalidate @submit=${submit(ctx, channel)}>
    <div class="ae-phone-row">
      <div class="ae-field ae-country">
        <label class="ae-label" part="label" for=${`${id}-country`}>${s.text['phone.countryLabel']}</label>
        <div class="ae-combobox">
          <input id=${`${id}-country`} class="ae-input ae-select" part="input country-select" type="text" role="combobox"
            autocomplete="off" spellcheck="false" aria-autocomplete="list" aria-expanded="false" aria-controls=${`${id}-list`}
            aria-describedby=${`${id}-hint`} data-region=${region} .value=${chosen} />
          <span id=${`${id}-hint`} class="ae-visually-hidden">${s.text['phone.countryHint']}</span>
          <input type="hidden" name="country" .value=${region} />
          <div id=${`${id}-list`} class="ae-listbox" role="listbox" part="country-listbox" aria-label=${s.text['phone.countryLabel']} hidden></div>
        </div>
      </div>
      <div class="ae-field ae-phone">
        <label class="ae-label" part="label" for=${`${id}-phone`}>${s.text['phone.label']}</label>
        <input id=${`${id}-phone`} class="ae-input" part="input phone-input" type="tel" name="phone" inputmode="tel" dir="ltr"
          autocomplete="tel" required placeholder=${s.text['phone.placeholder']} data-autofocus="" />
      </div>
    </div>
    <div id=${`${id}-error`} class="ae-error" part="error field-error" aria-live="polite"></div>
    ${submitButton(s.text['button.continue'], ctx.busy === channel)}
  </form>`;
}

/** The form of one tab. */
function tabForm(ctx: MainContext, tab: Tab): TemplateResult | typeof nothing {
  if (tab === 'email') return ctx.plan.emailVariant ? emailForm(ctx, ctx.plan.emailVariant) : nothing;
  return phoneForm(ctx, tab);
}

/**
 * The shown tab's form, each tab in a template of its own: switching tabs starts the other form
 * afresh (its own field and value, as React's keyed form does), even between Text and WhatsApp,
 * whose forms are alike (lit reuses the DOM of an identical template).
 */
function panel(ctx: MainContext, tab: Tab): TemplateResult {
  const form = tabForm(ctx, tab);
  if (tab === 'email') return html`${form}`;
  return tab === 'sms' ? html`${form}` : html`${form}`;
}

/** Email / Text / WhatsApp as WAI-ARIA tabs (MainScreen's MethodTabs): click, arrows, Home and End select. */
function methodTabs(ctx: MainContext, tabs: readonly Tab[]): TemplateResult {
  const current = ctx.tab && tabs.includes(ctx.tab) ? ctx.tab : (tabs[0] as Tab);
  const tabId = (m: Tab) => `${ctx.ids}-tab-${m}`;
  const panelId = `${ctx.ids}-panel`;
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(current);
    const n = tabs.length;
    const next = { ArrowRight: tabs[(i + 1) % n], ArrowLeft: tabs[(i - 1 + n) % n], Home: tabs[0], End: tabs[n - 1] }[e.key];
    if (!next) return;
    e.preventDefault();
    const list = (e.currentTarget as HTMLElement).parentElement;
    ctx.onTab(next);
    list?.querySelector<HTMLElement>(`[data-method="${next}"]`)?.focus();
  };
  return html`<div class="ae-tabs" role="tablist" aria-label=${ctx.strings.text['main.tabsLabel']} part="tablist">${tabs.map(
    (m) => html`<button type="button" role="tab" id=${tabId(m)} class="ae-tab" part=${m === current ? 'tab tab-selected' : 'tab'}
      aria-selected=${m === current ? 'true' : 'false'} aria-controls=${m === current ? panelId : nothing} tabindex=${m === current ? 0 : -1}
      data-method=${m} @click=${() => ctx.onTab(m)} @keydown=${onKeyDown}>${ctx.strings.text[TAB_LABEL[m]]}</button>`,
  )}</div>
    <div role="tabpanel" id=${panelId} aria-labelledby=${tabId(current)} class="ae-tabpanel" data-method=${current}>${panel(ctx, current)}</div>`;
}

/** Whether the page's address carries an OAuth redirect (OAuthButtons: the row is busy redeeming it). */
const hasOAuthRedirect = () => new URLSearchParams(globalThis.location?.search ?? '').get('stytch_token_type') === 'oauth';

/** OAuthButtons' row (before the forms); One Tap as its loading box. */
function oauthRow(ctx: MainContext, hasForms: boolean): TemplateResult {
  const s = ctx.strings;
  const redeeming = hasOAuthRedirect();
  return html`<div class="ae-oauth" data-oauth="">${ctx.plan.oauthProviders.map((p) =>
    p.one_tap && !redeeming
      ? html`<section class="ae-one-tap" part="one-tap" data-one-tap=${p.position} aria-label=${s.text['oauth.oneTapLabel']} aria-busy="true"><span class="ae-spinner" aria-hidden="true"></span><span class="ae-visually-hidden" role="status">${s.text['oauth.oneTapLoading']}</span>${
          p.position === 'embedded' ? html`<div class="ae-one-tap-slot"></div>` : nothing
        }</section>`
      : html`<button type="button" class="ae-button ae-button-secondary ae-oauth-button" part=${`button secondary-button oauth-button oauth-button-${p.type}`}
          data-oauth-provider=${p.type} aria-disabled=${redeeming ? 'true' : nothing}><svg class="ae-oauth-logo" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"></svg><span>${fill(s, 'oauth.continueWith', { provider: PROVIDER_NAMES[p.type] })}</span></button>`,
  )}</div>${status()}${hasForms ? divider(s) : nothing}`;
}

/** WalletButtons (before the forms): at most 6 - providers - 1 wallets, the rest behind 'other'. */
function walletRow(ctx: MainContext, hasForms: boolean): TemplateResult {
  const s = ctx.strings;
  const { shown, other } = walletButtons(ctx.plan.cryptoOAuthProviderCount);
  return html`<div class="ae-wallets" data-crypto-wallets="">${shown.map(
    (w) =>
      html`<button type="button" class="ae-button ae-button-secondary ae-wallet-button" part="button secondary-button wallet-button" data-wallet=${w.option}><svg class="ae-wallet-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"></svg>${fill(s, 'crypto.continueWith', { wallet: s.text[w.label as FirstPaintKey] })}</button>`,
  )}${
    other
      ? html`<button type="button" class="ae-button ae-button-secondary ae-wallet-button" part="button secondary-button wallet-button" data-crypto-other="">${s.text['crypto.otherWallets']}</button>`
      : nothing
  }</div>${hasForms ? divider(s) : nothing}`;
}

/** PasskeyLoginSection at its side: first unless autofill is offered beside a form (SPEC §2). */
function passkeySection(ctx: MainContext, side: 'before' | 'after', hasForms: boolean): TemplateResult | typeof nothing {
  const buttonFirst = !(ctx.passkeyAutofill && hasForms);
  if ((side === 'before') !== buttonFirst) return nothing;
  const s = ctx.strings;
  return html`${side === 'after' && hasForms ? divider(s) : nothing}<button type="button" class="ae-button ae-button-secondary"
      part="button secondary-button passkey-button" data-passkey-button="">${s.text['passkey.loginButton']}</button>${status()}${
        side === 'before' && hasForms ? divider(s) : nothing
      }`;
}

function group(ctx: MainContext, g: Group, side: 'before' | 'after', hasForms: boolean): TemplateResult | typeof nothing {
  if (g === 'passkeys') return passkeySection(ctx, side, hasForms);
  if (side !== 'before') return nothing;
  return g === 'oauth' ? oauthRow(ctx, hasForms) : walletRow(ctx, hasForms);
}

/** The Main screen (MainScreen.tsx) before any error banner or send. */
export function mainScreen(ctx: MainContext): TemplateResult {
  const { plan, strings: s } = ctx;
  const logo = safeLogoUrl(ctx.styles);
  const hasForms = plan.tabs.length > 0;
  const side = (at: 'before' | 'after') => plan.groups.map((g) => group(ctx, g, at, hasForms));
  return html`${logo ? html`<img class="ae-logo" part="logo" src=${logo} alt=${s.text['main.logoAlt']} />` : nothing}${
    hideHeaderText(ctx.styles) ? nothing : heading(plan.headingLevel, s.text['main.header'])
  }<div class="ae-main-before">${side('before')}</div>${
    plan.problem
      ? html`<p class="ae-error" part="error" role="alert">${s.text[plan.problem]}</p>`
      : plan.tabs.length > 1
        ? methodTabs(ctx, plan.tabs)
        : plan.tabs[0]
          ? tabForm(ctx, plan.tabs[0])
          : nothing
  }${side('after')}${status(ctx.busy ? s.text['main.loading'] : '')}${ctx.busy ? html`<span hidden part="loading" data-loading=""></span>` : nothing}`;
}
