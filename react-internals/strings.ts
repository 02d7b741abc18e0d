/**
 * The one English table of every user-facing text (docs/reference/house-style.md#strings "Strings"): the shell's texts
 * (widget-strings.ts) and each sign-in method's own (its `strings.ts`, listed in method-tables.ts).
 * Components never hold literal text: they look a key up (`text` in text.ts), so hosts can translate or
 * reword any of it through the `strings` prop (a partial object of the same keys). The widget itself
 * resolves its texts in widget-strings.ts, over the methods it has loaded; this full table is the
 * package's `DEFAULT_STRINGS` and what a host's `strings` are checked against.
 */
import type { LocalePack } from './i18n/pack.ts';
import { METHOD_STRINGS } from './method-tables.ts';
import type { MethodStrings } from './methods.ts';
import { CORE_STRINGS, isPluralVariantOf, resolveStrings as resolveOver } from './widget-strings.ts';

export { CORE_STRINGS, type ErrorTypeStrings } from './widget-strings.ts';

/** The default table: the core texts and every registered method's (keys are unique: strings.test.ts). */
export type DefaultStrings = typeof CORE_STRINGS & MethodStrings;

/** Default English texts, keyed by a stable id. Quoted reference texts are verbatim. */
export const DEFAULT_STRINGS: DefaultStrings = Object.assign({}, CORE_STRINGS, ...METHOD_STRINGS);

/** Id of one user-facing text. */
export type StringKey = keyof DefaultStrings;

/** A complete table of texts, one per key. */
export type Strings = { readonly [K in StringKey]: string };

/** What a host passes as the `strings` prop: any subset of keys, each a replacement text. */
export type StringOverrides = Partial<Record<StringKey, string>>;

/** True when `key` is a plural variant `base#category` of a key of the table (i18n/pack.ts). */
export function isPluralVariant(key: string): boolean {
  return isPluralVariantOf(DEFAULT_STRINGS, key);
}

/** widget-strings.ts `resolveStrings` over the full table (every method's texts). */
export function resolveStrings(overrides?: unknown, pack?: LocalePack, locale = 'en'): Strings {
  return resolveOver(overrides, pack, locale, DEFAULT_STRINGS);
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
