/**
 * The first screen of each Auth Elements tag drawn with lit-html, before React has loaded (issue 16
 * item 1). The element renders {@link firstScreen} into its shadow root with the same stylesheets
 * React uses (theme.ts rulesSheet and themeSheet, plus {@link firstPaintRules}); React then replaces
 * the DOM, taking over what the user typed. The templates produce the DOM React's first settled
 * render has for the same config (parity.test.ts compares both, element by element and box by box).
 */
import { nothing, type TemplateResult } from 'lit-html';
import { withTokenFallbacks } from '../../react-internals/theme.ts';
import { html } from './html.ts';
import { mainScreen } from './login.ts';
import { mainPlan, type Tab } from './resolve.ts';
import type { FirstPaintStrings } from './strings.ts';

export { type FirstPaintKey, type FirstPaintStrings, firstPaintStrings } from './strings.ts';
export { type MainPlan, mainPlan } from './resolve.ts';

/** The part of the bootstrap the first paint can use when the element has it cached (the watermark). */
export interface FirstPaintBootstrap {
  disable_sdk_watermark?: boolean;
  server_product?: { name?: unknown; url?: unknown } | null;
  /** The project's LUDS policy: the reset form lists its rules before the first check (StrengthFeedback). */
  password_config?: { luds_minimum_count?: number; luds_complexity?: number } | null;
}

/** What the element gives the first paint. */
export interface FirstPaintInput {
  /** The element's tag (`auth-login`, `auth-reset-password`, `auth-passkey-registration`, `auth-idp-consent`). */
  tag: string;
  /** The host's config (parsed; anything, checked here as React checks it). */
  config: Record<string, unknown> | undefined;
  /** The host's `styles` (logo, hideHeaderText; the tokens are in the adopted theme sheet). */
  styles: unknown;
  /** From {@link firstPaintStrings}. */
  strings: FirstPaintStrings;
  /**
   * The element's own property values, as definitions.ts `start` gets them: `passwordResetTokenType` (or
   * what `capture` kept; reset: 'login' shows the link login's progress),
   * `signedIn` (passkey registration: false shows the unauthenticated message; default true).
   */
  values: Record<string, unknown>;
  /** The selected tab; undefined = the first offered. */
  tab: 'email' | 'sms' | 'whatsapp' | undefined;
  /** A tab was picked (click, arrows, Home, End): re-render with it. */
  onTab(tab: 'email' | 'sms' | 'whatsapp'): void;
  /** A form was submitted (the template has called preventDefault); `form` is its tab, or `reset`. */
  onSubmit(form: string, event: SubmitEvent): void;
  /**
   * Whether the browser offers passkeys in autofill (`PublicKeyCredential.isConditionalMediationAvailable()`);
   * it places the passkey button (after the form when true). Default: whether the browser has that function.
   */
  passkeyAutofill?: boolean;
  /** The bootstrap, when already known: the watermark shows as React shows it. Default: none yet. */
  bootstrap?: FirstPaintBootstrap | null;
  /**
   * The element's fatal config problem (its config check's message): drawn as element.tsx
   * `ConfigProblem` draws it, instead of any screen.
   */
  problem?: string;
  /**
   * The form (`email`, `sms`, `whatsapp`, `reset`) whose Continue was pressed before React arrived:
   * its button is drawn busy (spinner, aria-busy) until React takes the submit over.
   */
  busy?: string;
  /** No client and none can be made (no publicToken): LoginWidget's 'Missing client' message. */
  missingClient?: boolean;
}

let paints = 0;

/** Main's groups and the other tags' screens, once loaded (extras.ts, through {@link firstPaintRules}). */
let extras: typeof import('./extras.ts') | undefined;

/** The screen React starts each tag on (the root's `data-screen`). */
const START_SCREEN: Readonly<Record<string, string>> = {
  'auth-login': 'Main',
  'auth-reset-password': 'PasswordResetForm',
  'auth-passkey-registration': 'PasskeyRegistrationStart',
  'auth-idp-consent': 'IDPConsent',
  'auth-user-profile': 'UserProfile',
};

const hasAutofillApi = () =>
  typeof (globalThis as { PublicKeyCredential?: { isConditionalMediationAvailable?: unknown } }).PublicKeyCredential?.isConditionalMediationAvailable ===
  'function';

/** The watermark (Watermark.tsx): only when the bootstrap says it is on; its link is https only. */
function watermark(s: FirstPaintStrings, b: FirstPaintBootstrap | null | undefined): TemplateResult | typeof nothing {
  if (b?.disable_sdk_watermark !== false) return nothing;
  let name = s.text['watermark.provider'];
  let url = 'https://stytch.com/';
  const p = b.server_product;
  if (p && typeof p.name === 'string' && p.name.trim() !== '' && typeof p.url === 'string') {
    try {
      const u = new URL(p.url);
      if (u.protocol === 'https:') {
        name = p.name.trim().slice(0, 60);
        url = u.href;
      }
    } catch {
      // not a URL: the provider's mark, as React shows it
    }
  }
  return html`<p class="ae-watermark" part="watermark">${s.text['watermark.poweredBy']} <a href=${url} target="_blank" rel="noopener noreferrer">${name}</a></p>`;
}

/** The first screen of `input.tag` inside the widget's root (LoginWidget's `.ae-root`, watermark and toast region). */
export function firstScreen(input: FirstPaintInput): TemplateResult {
  if (input.problem !== undefined) {
    return html`<div class="ae-root" part="container" data-config-error=""><p class="ae-error" part="error" role="alert">${input.problem}</p></div>`;
  }
  const ids = `ae-fp${++paints}`;
  const plan = mainPlan(input.config);
  const s = input.strings;
  const screen = START_SCREEN[input.tag] ?? 'Main';
  let body: TemplateResult;
  if (input.missingClient) body = html`<p class="ae-error" part="error" role="alert">${s.text['config.missingClient']}</p>`;
  else if (input.tag !== 'auth-login') body = extras?.otherScreen(input, ids, plan.headingLevel) ?? html``;
  else
    body = mainScreen({
      plan,
      styles: input.styles,
      strings: s,
      tab: input.tab as Tab | undefined,
      passkeyAutofill: input.passkeyAutofill ?? hasAutofillApi(),
      ids,
      onTab: input.onTab,
      onSubmit: input.onSubmit,
      busy: input.busy,
      ...(extras ? { group: extras.group, phoneForm: extras.phoneForm, tabs: extras.methodTabs } : {}),
    });
  return html`<div class="ae-root" part="container" data-screen=${screen} lang=${plan.lang ?? s.lang ?? nothing} dir=${s.dir}>${body}${
    screen === 'IDPConsent' || screen === 'UserProfile' || input.missingClient ? nothing : watermark(s, input.bootstrap)
  }<div class="ae-toasts" role="status" aria-live="polite" part="toasts"></div></div>`;
}

/**
 * CSS of lazily loaded chunks that the first screen of `tag` with `config` needs (the OAuth row, the
 * wallet buttons, the password field), token fallbacks filled as chunk-styles.ts fills them: the
 * element adopts these beside rulesSheet and themeSheet before it paints (React's chunks adopt the
 * same rules later). [] at once when the screen needs none (an email or phone form: the budgeted
 * first load carries no chunk CSS); else a promise, as the rules come in a small chunk of their own.
 */
export function firstPaintRules(tag: string, config: unknown): string[] | Promise<string[]> {
  const plan = mainPlan(config);
  const groups = tag === 'auth-login' ? plan.groups : [];
  // An email form alone needs nothing more; groups, a phone channel (tabs) and the other tags' screens do.
  if (tag === 'auth-login' && groups.length === 0 && plan.tabs.every((t) => t === 'email')) return [];
  // The other tags' screens and Main's groups come in the same small chunk as their rules.
  return import('./extras.ts').then((m) => {
    extras = m;
    const oauth = groups.includes('oauth');
    const crypto = groups.includes('crypto');
    return (tag === 'auth-reset-password' ? [m.PASSWORD_RULES] : [...(oauth ? [m.OAUTH_RULES] : []), ...(crypto ? [m.CRYPTO_RULES] : [])]).map(
      withTokenFallbacks,
    );
  });
}
