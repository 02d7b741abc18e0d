/**
 * Which forms and groups Main offers, derived from the configured products and the registered
 * methods' `forms` and `main` (docs/reference/elements/auth-login.md#main-screen "Main screen"): those of the loaded methods (registry.ts),
 * which are every method the config's products use.
 */
import type { ResolvedLoginConfig } from '../config.ts';
import type { MainForm, MainGroup, MainTab } from '../method.ts';
import { loadedUiMethods, registryVersion } from '../registry.ts';

/** A tab of Main: Email, Text (SMS) or WhatsApp. */
export type MainMethod = MainTab;

/** What the Email tab runs: the `variant` of the winning form ('password', 'magicLink' or 'otp'). */
export type EmailVariant = string;

/** Main's tabs in reference order; tabs show only when there are several. */
const TABS: readonly MainTab[] = ['email', 'sms', 'whatsapp'];
let parts: { version: number; forms: readonly MainForm[]; groups: readonly MainGroup[] } | null = null;
/** The loaded methods' forms (best rank first) and groups (in order). */
const mainParts = () => {
  const version = registryVersion();
  if (parts?.version !== version) {
    const methods = loadedUiMethods();
    parts = {
      version,
      forms: methods.flatMap((m) => m.forms ?? []).sort((a, b) => a.rank - b.rank),
      groups: methods.flatMap((m) => (m.main ? [m.main] : [])).sort((a, b) => a.order - b.order),
    };
  }
  return parts;
};

/** The form `tab` shows for this config: the best-ranked one the config offers; null when none. */
export function formFor(config: ResolvedLoginConfig, tab: MainTab): MainForm | null {
  return mainParts().forms.find((f) => f.tab === tab && f.when(config)) ?? null;
}

/**
 * The Email tab's flow: a password product turns it into the password flow (docs/reference/elements/auth-login.md#main-screen), else email
 * magic links, else email OTP; null when no email method is configured.
 */
export function emailVariant(config: ResolvedLoginConfig): EmailVariant | null {
  return formFor(config, 'email')?.variant ?? null;
}

/** Main's methods in reference order (Email, Text, WhatsApp); tabs show only when there are several. */
export function mainMethods(config: ResolvedLoginConfig): MainMethod[] {
  return TABS.filter((tab) => formFor(config, tab) !== null);
}

/** The groups Main shows beside its forms for this config, in order. */
export function mainGroups(config: ResolvedLoginConfig): MainGroup[] {
  return mainParts().groups.filter((g) => g.when(config));
}

/**
 * The tab after `current` moved by a key (the reference's tabs follow the WAI-ARIA tabs pattern); null for other keys.
 * Right to left (`rtl`), the tabs run from the right, so ArrowLeft goes to the next tab (APG: arrows follow the visual order).
 */
export function tabAfterKey(methods: readonly MainMethod[], current: MainMethod, key: string, rtl = false): MainMethod | null {
  const i = methods.indexOf(current);
  const n = methods.length;
  if (n === 0 || i < 0) return null;
  switch (key) {
    case rtl ? 'ArrowLeft' : 'ArrowRight':
      return methods[(i + 1) % n] ?? null;
    case rtl ? 'ArrowRight' : 'ArrowLeft':
      return methods[(i - 1 + n) % n] ?? null;
    case 'Home':
      return methods[0] ?? null;
    case 'End':
      return methods[n - 1] ?? null;
    default:
      return null;
  }
}
