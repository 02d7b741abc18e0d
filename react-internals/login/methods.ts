/** Which sign-in forms Main offers, derived from the configured products (SPEC §2 "Main screen"). */
import type { ResolvedLoginConfig } from '../config.ts';

/** A tab of Main: Email, Text (SMS) or WhatsApp. */
export type MainMethod = 'email' | 'sms' | 'whatsapp';

/** What the Email tab runs. */
export type EmailVariant = 'password' | 'magicLink' | 'otp';

/**
 * The Email tab's flow: a password product turns it into the password flow (SPEC §2), else email
 * magic links, else email OTP; null when no email method is configured.
 */
export function emailVariant(config: ResolvedLoginConfig): EmailVariant | null {
  if (config.products.includes('passwords')) return 'password';
  if (config.products.includes('emailMagicLinks')) return 'magicLink';
  if (config.products.includes('otp') && config.otpMethods.includes('email')) return 'otp';
  return null;
}

/** Main's methods in SPEC order (Email, Text, WhatsApp); tabs show only when there are several. */
export function mainMethods(config: ResolvedLoginConfig): MainMethod[] {
  const methods: MainMethod[] = [];
  if (emailVariant(config)) methods.push('email');
  if (config.products.includes('otp')) {
    if (config.otpMethods.includes('sms')) methods.push('sms');
    if (config.otpMethods.includes('whatsapp')) methods.push('whatsapp');
  }
  return methods;
}

/** The tab after `current` moved by a key (SPEC's tabs follow the WAI-ARIA tabs pattern); null for other keys. */
export function tabAfterKey(methods: readonly MainMethod[], current: MainMethod, key: string): MainMethod | null {
  const i = methods.indexOf(current);
  const n = methods.length;
  if (n === 0 || i < 0) return null;
  switch (key) {
    case 'ArrowRight':
      return methods[(i + 1) % n] ?? null;
    case 'ArrowLeft':
      return methods[(i - 1 + n) % n] ?? null;
    case 'Home':
      return methods[0] ?? null;
    case 'End':
      return methods[n - 1] ?? null;
    default:
      return null;
  }
}
