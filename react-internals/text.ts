/**
 * Looking texts up in a strings table, for components: kept apart from strings.ts, which assembles
 * the default table from every method (a method's screens import this, never the assembly).
 */
import type { StringKey, Strings } from './strings.ts';

/** Replaces each `{name}` in `template` with `vars[name]`; unknown placeholders stay as written. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** Looks `key` up in `strings` and interpolates `vars` into it. */
export function text(strings: Strings, key: StringKey, vars?: Readonly<Record<string, string | number>>): string {
  return interpolate(strings[key], vars);
}
