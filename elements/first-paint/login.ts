/**
 * `<auth-login>`'s Main screen as lit-html (issue 16 item 1): the DOM React's MainScreen renders for
 * the same config once its groups have settled (same elements, classes, parts, attributes, texts),
 * so the widget's CSS lays both out alike and React's takeover moves nothing. Marks that live in
 * lazily loaded chunks (OAuth and wallet logos) are drawn as empty SVGs of the same box.
 */
import { html as litHtml, nothing, type TemplateResult } from 'lit-html';
import { html } from './html.ts';
import { hideHeaderText, safeLogoUrl } from '../../react-internals/theme.ts';
import type { EmailVariant, Group, MainPlan, Tab } from './resolve.ts';
import type { FirstPaintStrings } from './strings.ts';

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
  /** The groups' templates (extras.ts, loaded with the screen's chunk rules when the config has groups). */
  group?: (ctx: MainContext, g: Group, side: 'before' | 'after', hasForms: boolean) => TemplateResult | typeof nothing;
  /** The phone form and the tabs (extras.ts, loaded when the config offers a phone channel). */
  phoneForm?: (ctx: MainContext, channel: 'sms' | 'whatsapp') => TemplateResult;
  tabs?: (ctx: MainContext, tabs: readonly Tab[]) => TemplateResult;
}

/** A form's Continue (Button.tsx): while `busy`, focusable and announced busy, with the spinner inside. */
export function submitButton(label: string, busy: boolean): TemplateResult {
  return busy
    ? html`<button type="submit" class="ae-button" part="button primary-button" aria-disabled="true" aria-busy="true" data-busy=""><span class="ae-button-spinner" aria-hidden="true"></span>${label}</button>`
    : html`<button type="submit" class="ae-button" part="button primary-button">${label}</button>`;
}

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
export const divider = (s: FirstPaintStrings) => html`<div class="ae-divider" part="divider"><span>${s.text['main.or']}</span></div>`;

/** An empty status line, as the groups keep one mounted for their announcements. */
export const status = (text = '') => html`<div class="ae-visually-hidden" role="status">${text}</div>`;

/** The submit handler of one form: the page must not navigate; the element decides what an early Continue does. */
export const submit = (ctx: MainContext, form: string) => (e: SubmitEvent) => {
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

/** The form of one tab. */
export function tabForm(ctx: MainContext, tab: Tab): TemplateResult | typeof nothing {
  if (tab === 'email') return ctx.plan.emailVariant ? emailForm(ctx, ctx.plan.emailVariant) : nothing;
  return ctx.phoneForm?.(ctx, tab) ?? nothing;
}

/** The Main screen (MainScreen.tsx) before any error banner or send. */
export function mainScreen(ctx: MainContext): TemplateResult {
  const { plan, strings: s } = ctx;
  const logo = safeLogoUrl(ctx.styles);
  const hasForms = plan.tabs.length > 0;
  const side = (at: 'before' | 'after') => plan.groups.map((g) => ctx.group?.(ctx, g, at, hasForms) ?? nothing);
  return html`${logo ? html`<img class="ae-logo" part="logo" src=${logo} alt=${s.text['main.logoAlt']} />` : nothing}${
    hideHeaderText(ctx.styles) ? nothing : heading(plan.headingLevel, s.text['main.header'])
  }<div class="ae-main-before">${side('before')}</div>${
    plan.problem
      ? html`<p class="ae-error" part="error" role="alert">${s.text[plan.problem]}</p>`
      : plan.tabs.length > 1
        ? (ctx.tabs?.(ctx, plan.tabs) ?? nothing)
        : plan.tabs[0]
          ? tabForm(ctx, plan.tabs[0])
          : nothing
  }${side('after')}${status(ctx.busy ? s.text['main.loading'] : '')}${ctx.busy ? html`<span hidden part="loading" data-loading=""></span>` : nothing}`;
}
