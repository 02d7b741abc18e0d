/**
 * Lead's stand-in for the first screens (replaced by the i16-paint branch): the email form of Main
 * for `<auth-login>` only, enough to build and test the handover.
 */
import { html, nothing, type TemplateResult } from 'lit-html';

/** The texts the first screens show. */
export type FirstPaintStrings = Readonly<Record<string, string>>;

/** What a first screen is drawn from. */
export interface FirstPaintInput {
  tag: string;
  config: Record<string, unknown> | undefined;
  styles: unknown;
  strings: FirstPaintStrings;
  values: Record<string, unknown>;
  tab: 'email' | 'sms' | 'whatsapp' | undefined;
  onTab(tab: 'email' | 'sms' | 'whatsapp'): void;
  onSubmit(form: string, event: SubmitEvent): void;
}

const ENGLISH: FirstPaintStrings = {
  'main.header': 'Sign up or log in',
  'email.label': 'Email',
  'email.placeholder': 'example@email.com',
  'button.continue': 'Continue',
};

/** The texts of the first screens (English plus the host's overrides). */
export function firstPaintStrings(_config: unknown, hostStrings: unknown, _lang: string | undefined): FirstPaintStrings | Promise<FirstPaintStrings> {
  return { ...ENGLISH, ...(hostStrings && typeof hostStrings === 'object' ? (hostStrings as Record<string, string>) : {}) };
}

/** The first screen of an element. */
export function firstScreen(input: FirstPaintInput): TemplateResult | typeof nothing {
  if (input.tag !== 'auth-login') return nothing;
  const t = input.strings;
  return html`<div class="ae-root" part="container" data-screen="Main" lang="en" dir="ltr">
    <h1 class="ae-header" part="heading" tabindex="-1">${t['main.header']}</h1>
    <div class="ae-main-before"></div>
    <form class="ae-form" novalidate @submit=${(e: SubmitEvent) => input.onSubmit('email', e)}>
      <label class="ae-label" part="label" for="ae-fp-email">${t['email.label']}</label>
      <input id="ae-fp-email" class="ae-input" part="input email-input" type="email" dir="ltr" name="email" autocomplete="email" required placeholder=${t['email.placeholder']} data-autofocus="" />
      <div class="ae-error" part="error field-error" aria-live="polite"></div>
      <button type="submit" class="ae-button" part="button primary-button">${t['button.continue']}</button>
    </form>
    <div class="ae-visually-hidden" role="status"></div>
    <div class="ae-toasts" role="status" aria-live="polite" part="toasts"></div>
  </div>`;
}
