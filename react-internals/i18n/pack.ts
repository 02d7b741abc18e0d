/** The shape of a locale pack: the English table's keys, and plural variants of keys that take a count. */
import type { StringKey } from '../strings.ts';

/** CLDR plural categories (Intl.PluralRules#select). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * A locale pack: a text per key of the English table (a key it lacks falls back to English at run time;
 * the completeness test fails on it), plus optional `key#category` variants that `text()` picks by
 * `Intl.PluralRules` when the text is given a numeric `{count}`.
 */
export type LocalePack = { readonly [K in StringKey]?: string } & { readonly [K in `${StringKey}#${PluralCategory}`]?: string };
