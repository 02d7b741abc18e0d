/**
 * The one English table of every user-facing text (DESIGN §4 "Strings"): the core texts here, and
 * each sign-in method's own (its `strings`, in its folder), assembled from the method registry.
 * Components never hold literal text: they look a key up (`text` in text.ts), so hosts can translate or
 * reword any of it through the `strings` prop (a partial object of the same keys).
 */
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import type { LocalePack, PluralCategory } from './i18n/pack.ts';
import { type MethodStrings, UI_METHODS } from './methods.ts';
import { setLocaleOf } from './text.ts';
import { FIRST_SCREEN_SHELL_STRINGS } from './core-strings.ts';

/** What the `errorType.*` texts may be: a key per `error_type` the server emits (sdk-core/schemas/errors.ts). */
export type ErrorTypeStrings = { readonly [T in ErrorType as `errorType.${T}`]?: string };

/**
 * Messages by error_type (SPEC §8); unknown types show the server's error_message instead. Each key
 * names an `error_type` the server emits: a key naming none fails the type check.
 */
const ERROR_TYPE_STRINGS = {
  'errorType.invalid_email': 'Email format is invalid.',
  'errorType.invalid_phone_number': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'errorType.unsubscribed_phone_number': "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.",
  'errorType.inactive_email':
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'errorType.unauthorized_credentials': 'Unauthorized credentials.',
  'errorType.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'errorType.email_not_found': 'Email not found.',
  'errorType.unable_to_auth_magic_link': 'The magic link could not be authenticated because it was either already used or expired. Please try again.',
  'errorType.no_user_password': 'Password not found for this user. Please try again.',
  'errorType.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'errorType.reset_password': 'Password must be reset.',
  'errorType.oauth_token_not_found': 'OAuth Token could not be found.',
  'errorType.invalid_code': 'Code format is invalid, please try again.',
  'errorType.member_password_not_found': 'Member password not found.',
  'errorType.oauth_flow_callback_error': 'An error was encountered in the callback of the OAuth flow. Please try again.',
  'errorType.unauthorized_action': 'Unauthorized action.',
  'errorType.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'errorType.invalid_session_token': 'Invalid session token.',
  'errorType.session_not_found': 'Session not found.',
  'errorType.invalid_phone_number_country_code': "The phone number's country code is invalid, unsupported, or disabled.",
  'errorType.otp_code_not_found': 'Invalid passcode, please try again.',
  'errorType.duplicate_member_phone_number': 'A member with the specified phone number already exists for this organization.',
} as const satisfies ErrorTypeStrings;

/** The texts of the widget shell and of what every method shares. Quoted SPEC texts are verbatim. */
export const CORE_STRINGS = {
  // Main screen (SPEC §2 "Main screen"), configuration errors shown in place of the form (SPEC §1), watermark (SPEC §2)
  ...FIRST_SCREEN_SHELL_STRINGS,
  'button.back': 'Back',

  // Resend toasts: the email one is shared by the OTP and password resends.
  'toast.emailResent': 'Email resent',
  'toast.close': 'Dismiss',

  // Generic screens (SPEC §2 "Generic")
  'generic.successTitle': 'Success!',
  'generic.successText': 'You have successfully logged in.',
  'generic.errorTitle': 'Looks like there was an error!',

  // Error classes (SPEC §8)
  'error.unreachable': 'Unable to contact our servers.',
  'error.invalidJson': 'Invalid JSON response from our servers.',
  'error.noResponse': 'Invalid or no response from server',
  'error.invalidResponse': 'Invalid response from our servers.',
  'error.noSession': 'There is no session currently available. Make sure the user is authenticated with a valid session.',
  // Also shown for the server's pkce_mismatch (not in SPEC §8's list; its own text names PKCE internals).
  'error.pkceVerifierMissing': 'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.',

  ...ERROR_TYPE_STRINGS,
} as const satisfies Record<string, string>;

/** The default table: the core texts and every registered method's (keys are unique: strings.test.ts). */
export type DefaultStrings = typeof CORE_STRINGS & MethodStrings;

/** Default English texts, keyed by a stable id. Quoted SPEC texts are verbatim. */
export const DEFAULT_STRINGS: DefaultStrings = Object.assign({}, CORE_STRINGS, ...UI_METHODS.map((m) => m.strings));

/** Id of one user-facing text. */
export type StringKey = keyof DefaultStrings;

/** A complete table of texts, one per key. */
export type Strings = { readonly [K in StringKey]: string };

/** What a host passes as the `strings` prop: any subset of keys, each a replacement text. */
export type StringOverrides = Partial<Record<StringKey, string>>;

const PLURAL_CATEGORIES: ReadonlySet<string> = new Set<PluralCategory>(['zero', 'one', 'two', 'few', 'many', 'other']);

/** True when `key` is a plural variant `base#category` of a key of the table (i18n/pack.ts). */
export function isPluralVariant(key: string): boolean {
  const at = key.lastIndexOf('#');
  return at > 0 && Object.hasOwn(DEFAULT_STRINGS, key.slice(0, at)) && PLURAL_CATEGORIES.has(key.slice(at + 1));
}

/**
 * The table a widget shows: English, then the locale pack's texts (a key the pack lacks stays English),
 * then the host's overrides on top, ignoring unknown keys and non-string values. The result remembers
 * its locale (text.ts `localeOf`) for plurals and Intl formatting.
 */
export function resolveStrings(overrides?: unknown, pack?: LocalePack, locale = 'en'): Strings {
  if ((typeof overrides !== 'object' || overrides === null) && !pack) return DEFAULT_STRINGS;
  const merged: Record<string, string> = { ...DEFAULT_STRINGS };
  for (const [key, value] of Object.entries(pack ?? {})) {
    if ((Object.hasOwn(DEFAULT_STRINGS, key) || isPluralVariant(key)) && typeof value === 'string') merged[key] = value;
  }
  if (typeof overrides === 'object' && overrides !== null) {
    for (const [key, value] of Object.entries(overrides)) {
      // Only known keys: a typo in a host's table should not silently add dead entries.
      if (Object.hasOwn(DEFAULT_STRINGS, key) && typeof value === 'string') {
        merged[key] = value;
        // The host's own text wins over the pack's plural variants of the same key.
        for (const c of PLURAL_CATEGORIES) delete merged[`${key}#${c}`];
      }
    }
  }
  setLocaleOf(merged, locale);
  return merged as Strings;
}

/** What is wrong with a host's `strings`: unknown keys and non-text values, each naming the key. */
export function checkStringOverrides(overrides: unknown): { field: string; message: string }[] {
  if (typeof overrides !== 'object' || overrides === null) return [];
  const issues: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    const field = `strings[${JSON.stringify(key)}]`;
    if (!Object.hasOwn(DEFAULT_STRINGS, key))
      issues.push({ field, message: `${field} is not a text of the widget; it is ignored (the keys are listed in DEFAULT_STRINGS)` });
    else if (typeof value !== 'string') issues.push({ field, message: `${field} must be a string; the default text is used` });
  }
  return issues;
}

/** True when `key` names a text of the table (used to map server error types to keys). */
export function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(DEFAULT_STRINGS, key);
}
