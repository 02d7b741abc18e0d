/**
 * The first-paint templates not every page needs (issue 16): Main's groups (the OAuth row, the
 * wallet buttons, the passkey button) and the first screens of `<auth-reset-password>`,
 * `<auth-passkey-registration>` and `<auth-idp-consent>`, with the chunk rules they need. A
 * chunk of its own, loaded by index.ts `firstPaintRules` before the element paints such a screen,
 * so the first load of an email or phone form carries none of it.
 */
import { nothing, type TemplateResult } from 'lit-html';
import { PROVIDER_NAMES } from '../../react-internals/oauth/providers.ts';
import { html } from './html.ts';
import type { FirstPaintInput } from './index.ts';
import { DEFAULT_OTP_COUNTRY } from '../../sdk-core/schemas/defaults.ts';
import { divider, heading, type MainContext, status, submit, submitButton, tabForm } from './login.ts';
import { type Group, type Tab, walletButtons } from './resolve.ts';
import { loadedPack } from '../../react-internals/i18n/locales.ts';
import { PROFILE_STRINGS } from '../../react-internals/profile/strings.ts';
import { resolveSections } from '../../react-internals/profile/sections.ts';
import { type FirstPaintKey, fill } from './strings.ts';
import { isolateDialCode } from '../../react-internals/otps/phone/dial-code.ts';

export { CRYPTO_RULES, OAUTH_RULES, PASSWORD_RULES } from './chunk-rules.ts';

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

/** PasskeyLoginSection at its side: first unless autofill is offered beside a form (docs/reference/methods/webauthn.md#screens). */
function passkeySection(ctx: MainContext, side: 'before' | 'after', hasForms: boolean): TemplateResult | typeof nothing {
  const buttonFirst = !(ctx.passkeyAutofill && hasForms);
  if ((side === 'before') !== buttonFirst) return nothing;
  const s = ctx.strings;
  return html`${side === 'after' && hasForms ? divider(s) : nothing}<button type="button" class="ae-button ae-button-secondary"
      part="button secondary-button passkey-button" data-passkey-button="">${s.text['passkey.loginButton']}</button>${status()}${
        side === 'before' && hasForms ? divider(s) : nothing
      }`;
}

/** A group's template at one side of Main's forms. */
export function group(ctx: MainContext, g: Group, side: 'before' | 'after', hasForms: boolean): TemplateResult | typeof nothing {
  if (g === 'passkeys') return passkeySection(ctx, side, hasForms);
  if (side !== 'before') return nothing;
  return g === 'oauth' ? oauthRow(ctx, hasForms) : walletRow(ctx, hasForms);
}

/**
 * The reset link's type as definitions.ts RESET_PASSWORD_DEFINITION `start` reads it: the property,
 * else what `capture` took from the address (' addressTokenType'), else the address itself.
 */
function resetTokenType(values: Record<string, unknown>): string {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (str(values['passwordResetTokenType'])) return str(values['passwordResetTokenType']);
  if (' addressToken' in values) return str(values[' addressTokenType']);
  return new URLSearchParams(globalThis.location?.search ?? '').get('stytch_token_type') ?? '';
}

/** `<auth-reset-password>`'s first screen (PasswordResetForm): the new-password form, or the link login's progress. */
function resetScreen(input: FirstPaintInput, ids: string, level: 1 | 2 | 3 | 4 | 5 | 6): TemplateResult {
  const t = input.strings.text;
  if (resetTokenType(input.values) === 'login') {
    return html`${heading(level, t['password.resetTitle'])}<div class="ae-form" role="status"><p class="ae-helper" part="helper">${t['password.resetLoggingIn']}</p><div class="ae-progress" part="progress"><span></span></div></div><div class="ae-error" part="error" role="alert"></div>`;
  }
  const id = `${ids}-password`;
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    input.onSubmit('reset', e);
  };
  return html`${heading(level, t['password.resetTitle'])}<form class="ae-form" novalidate @submit=${onSubmit}>
    <label class="ae-label" part="label" for=${id}>${t['password.newLabel']}</label>
    <div class="ae-pw-field">
      <input id=${id} class="ae-input" part="input password-input" type="password" name="password" autocomplete="new-password"
        autocapitalize="off" autocorrect="off" spellcheck="false" required aria-describedby=${`${id}-feedback`} data-autofocus="" />
      <button type="button" class="ae-pw-toggle" part="button password-toggle" aria-label=${t['password.show']} aria-pressed="false" aria-controls=${id}
        ><svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" fill="currentColor"></path></svg></button>
    </div>
    <div id=${`${id}-feedback`} class="ae-pw-feedback" aria-live="polite">${luds(input)}</div>
    <div id=${`${id}-error`} class="ae-error" part="error field-error" role="alert"></div>
    ${
      input.busy === 'reset'
        ? submitButton(t['button.continue'], true)
        : html`<button type="submit" class="ae-button" part="button primary-button" disabled>${t['button.continue']}</button>`
    }
  </form>`;
}

/** StrengthFeedback before the first check: the LUDS rules when the bootstrap names the policy, else nothing yet. */
function luds(input: FirstPaintInput): TemplateResult | typeof nothing {
  const cfg = input.bootstrap?.password_config;
  if (!cfg) return nothing;
  const s = input.strings;
  const rule = (label: string) => html`<li><span data-requirement="">${label}</span></li>`;
  return html`<ul class="ae-pw-list" data-luds="">${rule(fill(s, 'password.ludsLength', { count: cfg.luds_minimum_count ?? 8 }))}${rule(
    fill(s, 'password.ludsComplexity', { count: cfg.luds_complexity ?? 3 }),
  )}</ul>`;
}

/** `<auth-passkey-registration>`'s first screen (RegistrationStart), or its message without a session. */
function passkeyRegistrationScreen(input: FirstPaintInput, level: 1 | 2 | 3 | 4 | 5 | 6): TemplateResult {
  const t = input.strings.text;
  if (input.values['signedIn'] === false) {
    return html`<p class="ae-error" part="error" role="alert" data-passkey-unauthenticated="">${t['passkeyRegistration.unauthenticated']}</p>`;
  }
  return html`<div class="ae-form">${heading(level, t['passkeyRegistration.startTitle'])}<p class="ae-text" part="text">${t['passkeyRegistration.startText']}</p>
    <div class="ae-error" part="error" role="alert" data-passkey-error=""></div>
    <button type="button" class="ae-button" part="button primary-button" data-autofocus="" data-passkey-create="">${t['passkeyRegistration.create']}</button>
    <button type="button" class="ae-button ae-button-secondary" part="button secondary-button" data-passkey-skip="">${t['passkeyRegistration.skip']}</button>
    <div class="ae-visually-hidden" role="status"></div></div>`;
}

/** `<auth-idp-consent>`'s first screen: the consent screen's loading state, as React renders it before the server answers. */
function idpScreen(input: FirstPaintInput): TemplateResult {
  return html`<div class="ae-form" data-idp-state="loading"><p class="ae-helper" part="helper" role="status" data-idp-status="loading">${input.strings.text['idp.loading']}</p></div>`;
}

/**
 * `<auth-user-profile>`'s first screen: the page's title, the loading line (a status, so it is announced)
 * and the configured sections' titles as skeletons, until React has the user and draws the sections.
 */
function profileScreen(input: FirstPaintInput, level: 1 | 2 | 3 | 4 | 5 | 6): TemplateResult {
  const config = input.config && typeof input.config === 'object' ? (input.config as Record<string, unknown>) : {};
  // The texts in the widget's language (its pack is loaded before the first paint), else English; the host's
  // own wording of them shows once React takes over.
  const pack = loadedPack(input.strings.locale) ?? {};
  const title = (key: keyof typeof PROFILE_STRINGS): string => pack[key] ?? PROFILE_STRINGS[key];
  return html`<div class="ae-form ae-profile" data-profile-skeleton="">${heading(level, title('profile.title'))}<p class="ae-helper" part="helper" role="status" data-profile-loading="">${title('profile.loading')}</p>${resolveSections(
    config['sections'],
  ).map((s) => html`<div class="ae-profile-section" data-skeleton=""><p class="ae-label" part="label">${title(`profile.section.${s}`)}</p></div>`)}</div>`;
}

/** The first screen of a tag other than `<auth-login>`. */
export function otherScreen(input: FirstPaintInput, ids: string, level: 1 | 2 | 3 | 4 | 5 | 6): TemplateResult {
  if (input.tag === 'auth-reset-password') return resetScreen(input, ids, level);
  if (input.tag === 'auth-passkey-registration') return passkeyRegistrationScreen(input, level);
  if (input.tag === 'auth-user-profile') return profileScreen(input, level);
  return idpScreen(input);
}

/**
 * The default country's calling code (docs/reference/constants.md#sign-in-defaults default US: +1). The calling-code table stays in the
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
export function phoneForm(ctx: MainContext, channel: 'sms' | 'whatsapp'): TemplateResult {
  const s = ctx.strings;
  const id = `${ctx.ids}-${channel}`;
  const region = DEFAULT_OTP_COUNTRY;
  const chosen = isolateDialCode(fill(s, 'phone.countryChosen', { region: regionName(s.tag, region), dialCode: DEFAULT_DIAL_CODE }), DEFAULT_DIAL_CODE);
  return html`<form class="ae-form" novalidate @submit=${submit(ctx, channel)}>
    <div class="ae-phone-row">
      <div class="ae-field ae-country">
        <label class="ae-label" part="label" for=${`${id}-country`}>${s.text['phone.countryLabel']}</label>
        <div class="ae-combobox">
          <input id=${`${id}-country`} class="ae-input ae-select" part="input country-select" type="text" role="combobox"
            autocomplete="off" spellcheck="false" aria-autocomplete="list" aria-expanded="false" aria-controls=${`${id}-list`}
            aria-describedby=${`${id}-hint`} data-region=${region} .value=${chosen} />
          <span id=${`${id}-hint`} class="ae-visually-hidden">${s.text['phone.countryHint']}</span>
          <span class="ae-visually-hidden" role="status" data-country-matches=""></span>
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

const TAB_LABEL: Record<Tab, FirstPaintKey> = { email: 'main.tabEmail', sms: 'main.tabText', whatsapp: 'main.tabWhatsApp' };

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
export function methodTabs(ctx: MainContext, tabs: readonly Tab[]): TemplateResult {
  const current = ctx.tab && tabs.includes(ctx.tab) ? ctx.tab : (tabs[0] as Tab);
  const tabId = (m: Tab) => `${ctx.ids}-tab-${m}`;
  const panelId = `${ctx.ids}-panel`;
  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.indexOf(current);
    const n = tabs.length;
    // Mirrored right to left, as MainScreen's tabAfterKey: ArrowLeft goes to the next tab.
    const rtl = getComputedStyle(e.currentTarget as Element).direction === 'rtl';
    const after = tabs[(i + 1) % n];
    const before = tabs[(i - 1 + n) % n];
    const next = { ArrowRight: rtl ? before : after, ArrowLeft: rtl ? after : before, Home: tabs[0], End: tabs[n - 1] }[e.key];
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
