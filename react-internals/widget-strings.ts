/**
 * The widget's table of texts (docs/reference/house-style.md#strings "Strings"): the shell's texts here, and the texts of each
 * sign-in method whose chunk is loaded (registry.ts: a method's `strings` come with its chunk, so an
 * email-passcode widget carries none of the other methods' texts). The full English table of every
 * method, the public `DEFAULT_STRINGS`, is strings.ts's (the host `strings` check and the package).
 */
import type { ErrorType } from '../sdk-core/schemas/errors.ts';
import { FIRST_SCREEN_SHELL_STRINGS } from './core-strings.ts';
import type { LocalePack, PluralCategory } from './i18n/pack.ts';
import { loadedUiMethods, registryVersion } from './registry.ts';
import type { StringKey, Strings } from './strings.ts';
import { setLocaleOf } from './text.ts';

/** What the `errorType.*` texts may be: a key per `error_type` the server emits (sdk-core/schemas/errors.ts). */
export type ErrorTypeStrings = { readonly [T in ErrorType as `errorType.${T}`]?: string };

/**
 * Messages by error_type (docs/reference/errors.md#messages-by-error-type); unknown types show the server's error_message instead. Each key
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

/** The texts of the widget shell and of what every method shares. Quoted reference texts are verbatim. */
export const CORE_STRINGS = {
  // Main screen (docs/reference/elements/auth-login.md#main-screen "Main screen"), configuration errors shown in place of the form (docs/reference/config.md#configuration-errors), watermark (docs/reference/elements/auth-login.md#screens)
  ...FIRST_SCREEN_SHELL_STRINGS,
  'button.back': 'Back',

  // Resend toasts: the email one is shared by the OTP and password resends.
  'toast.emailResent': 'Email resent',
  'toast.close': 'Dismiss',

  // Generic screens (docs/reference/elements/auth-login.md#generic-screens "Generic")
  'generic.successTitle': 'Success!',
  'generic.successText': 'You have successfully logged in.',
  'generic.errorTitle': 'Looks like there was an error!',

  // Error classes (docs/reference/errors.md#error-classes)
  'error.unreachable': 'Unable to contact our servers.',
  'error.invalidJson': 'Invalid JSON response from our servers.',
  'error.noResponse': 'Invalid or no response from server',
  'error.invalidResponse': 'Invalid response from our servers.',
  'error.noSession': 'There is no session currently available. Make sure the user is authenticated with a valid session.',
  // Also shown for the server's pkce_mismatch (not in docs/reference/errors.md#messages-by-error-type's list; its own text names PKCE internals).
  'error.pkceVerifierMissing': 'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.',

  ...ERROR_TYPE_STRINGS,
} as const satisfies Record<string, string>;

const PLURAL_CATEGORIES: ReadonlySet<string> = new Set<PluralCategory>(['zero', 'one', 'two', 'few', 'many', 'other']);

let table: { version: number; texts: Readonly<Record<string, string>> } | null = null;

/** The English texts of the shell and of every loaded method (rebuilt when a method loads). */
export function widgetStrings(): Strings {
  const version = registryVersion();
  if (table?.version !== version) table = { version, texts: Object.assign({}, CORE_STRINGS, ...loadedUiMethods().map((m) => m.strings)) };
  return table.texts as Strings;
}

/** True when `key` is a plural variant `base#category` of a key of `texts` (i18n/pack.ts). */
export function isPluralVariantOf(texts: Readonly<Record<string, string>>, key: string): boolean {
  const at = key.lastIndexOf('#');
  return at > 0 && Object.hasOwn(texts, key.slice(0, at)) && PLURAL_CATEGORIES.has(key.slice(at + 1));
}

/**
 * The table a widget shows: English, then the locale pack's texts (a key the pack lacks stays English),
 * then the host's overrides on top, ignoring unknown keys and non-string values. The result remembers
 * its locale (text.ts `localeOf`) for plurals and Intl formatting. `english` is the table the keys
 * are taken from: by default the shell's and the loaded methods' (a text of a method not loaded is
 * never shown).
 */
export function resolveStrings(overrides?: unknown, pack?: LocalePack, locale = 'en', english: Readonly<Record<string, string>> = widgetStrings()): Strings {
  if ((typeof overrides !== 'object' || overrides === null) && !pack) return english as Strings;
  const merged: Record<string, string> = { ...english };
  for (const [key, value] of Object.entries(pack ?? {})) {
    if ((Object.hasOwn(english, key) || isPluralVariantOf(english, key)) && typeof value === 'string') merged[key] = value;
  }
  if (typeof overrides === 'object' && overrides !== null) {
    for (const [key, value] of Object.entries(overrides)) {
      // Only known keys: a typo in a host's table should not silently add dead entries.
      if (Object.hasOwn(english, key) && typeof value === 'string') {
        merged[key] = value;
        // The host's own text wins over the pack's plural variants of the same key.
        for (const c of PLURAL_CATEGORIES) delete merged[`${key}#${c}`];
      }
    }
  }
  setLocaleOf(merged, locale);
  return merged as Strings;
}

/** True when `key` names a text of the shell or of a loaded method (used to map server error types to keys). */
export function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(widgetStrings(), key);
}
