/**
 * Looking texts up in a strings table, for components: kept apart from strings.ts, which assembles
 * the default table from every method (a method's screens import this, never the assembly).
 */
import type { StringKey, Strings } from './strings.ts';

/** Tags of right-to-left languages (the shipped one is ar; the others are here for hosts' own tables). */
const RTL_TAG = /^(?:ar|fa|he|ur)(?:-|$)/i;

/** The language of each resolved table (resolveStrings records it), for plurals and Intl formatting. */
const LOCALE_OF = new WeakMap<object, string>();

/** Records that `strings` is in `locale` (strings.ts). */
export function setLocaleOf(strings: object, locale: string): void {
  LOCALE_OF.set(strings, locale);
}

/** The locale of a resolved table; 'en' for the built-in one and for tables resolveStrings did not make. */
export function localeOf(strings: object): string {
  return LOCALE_OF.get(strings) ?? 'en';
}

/** Replaces each `{name}` in `template` with `vars[name]`; unknown placeholders stay as written. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/**
 * Looks `key` up in `strings` and interpolates `vars` into it. With a numeric `count`, a pack's plural
 * variant `key#<category>` (Intl.PluralRules in the table's locale) wins over the plain text, and the
 * count is written in the locale's digits.
 */
export function text(strings: Strings, key: StringKey, vars?: Readonly<Record<string, string | number>>): string {
  const locale = localeOf(strings);
  // In a right-to-left text, an inserted address or number is isolated (FSI ... PDI, Unicode bidi):
  // otherwise 'ar@example.com.' shows its final period at the wrong end.
  if (vars && RTL_TAG.test(locale)) vars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? `\u2068${v}\u2069` : v]));
  const count = vars?.['count'];
  if (typeof count !== 'number') return interpolate(strings[key], vars);
  const table = strings as unknown as Readonly<Record<string, string | undefined>>;
  const variant = table[`${key}#${new Intl.PluralRules(locale).select(count)}`];
  return interpolate(variant ?? strings[key], { ...vars, count: new Intl.NumberFormat(locale).format(count) });
}
