/**
 * Which language a widget speaks (issue 19): the locale packs we ship, how a host's tag maps onto one,
 * and the lazy loader. Each pack is its own `import()` chunk, so a page loads only the language it shows;
 * English is the built-in table (strings.ts) and loads nothing.
 */
import type { LocalePack } from './pack.ts';

/** The locales with a pack, English first (the default and the fallback of every missing key). */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'it', 'nl', 'ja', 'zh-CN', 'ko', 'ar'] as const;

/** A shipped locale. */
export type Locale = (typeof LOCALES)[number];

/** Locales written right to left (the widget sets `dir="rtl"` on its root). */
const RTL: ReadonlySet<string> = new Set(['ar']);

/** True when `locale` is written right to left. */
export const isRtl = (locale: string): boolean => RTL.has(locale);

/**
 * The shipped locale for a BCP 47 tag (`fr-CA` -> fr, `pt` / `pt-PT` -> pt-BR, `zh` / `zh-Hans-SG` ->
 * zh-CN), or null when none fits. Traditional Chinese (`zh-TW`, `zh-Hant`) gets null, not Simplified:
 * a reader of one script should not be handed the other silently; the caller falls back to English.
 */
export function matchLocale(tag: unknown): Locale | null {
  if (typeof tag !== 'string' || tag.trim() === '') return null;
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return null;
  }
  const lang = parsed.language.toLowerCase();
  if (lang === 'zh') return parsed.maximize().script === 'Hans' ? 'zh-CN' : null;
  if (lang === 'pt') return 'pt-BR';
  return (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : null;
}

/**
 * The `lang` of the nearest ancestor of `node` that has one, crossing shadow roots up to their hosts,
 * then the document's `<html lang>`; '' when none says.
 */
export function hostLang(node: Node | null): string {
  let el: Element | null = node instanceof Element ? node : (node?.parentElement ?? null);
  while (el) {
    const found = el.closest('[lang]');
    if (found) return found.getAttribute('lang') ?? '';
    const root = el.getRootNode();
    el = root instanceof ShadowRoot ? root.host : null;
  }
  return typeof document === 'undefined' ? '' : document.documentElement.lang;
}

/**
 * The locale a widget shows: the `locale` option when it names a shipped pack, else the host
 * document's language, else English (README "Languages").
 */
export function chooseLocale(option: unknown, documentLang: string): Locale {
  return choose(option, documentLang).locale;
}

/**
 * The pack and the tag to format with: the tag as the host wrote it when it chose the pack, so
 * `ar-EG` shows Egypt's Arabic-Indic digits and `de-CH` Swiss grouping while both read the ar / de pack.
 */
export function choose(option: unknown, documentLang: string): { locale: Locale; tag: string } {
  for (const candidate of [option, documentLang]) {
    const locale = matchLocale(candidate);
    if (locale) return { locale, tag: canonicalTag(candidate as string) ?? locale };
  }
  return { locale: 'en', tag: 'en' };
}

const canonicalTag = (tag: string): string | null => {
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
};

// One import() per pack: bundlers emit a chunk each and the page fetches only the one asked for.
const LOADERS: Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: LocalePack }>>> = {
  fr: () => import('./packs/fr.ts'),
  de: () => import('./packs/de.ts'),
  es: () => import('./packs/es.ts'),
  'pt-BR': () => import('./packs/pt-BR.ts'),
  it: () => import('./packs/it.ts'),
  nl: () => import('./packs/nl.ts'),
  ja: () => import('./packs/ja.ts'),
  'zh-CN': () => import('./packs/zh-CN.ts'),
  ko: () => import('./packs/ko.ts'),
  ar: () => import('./packs/ar.ts'),
};

const loaded = new Map<Locale, LocalePack>([['en', {}]]);

/** The pack of `locale` if it is already loaded (English always is: it is the built-in table). */
export const loadedPack = (locale: Locale): LocalePack | undefined => loaded.get(locale);

/** Loads the pack of `locale` once (later calls share the first load). */
export async function loadPack(locale: Locale): Promise<LocalePack> {
  const have = loaded.get(locale);
  if (have) return have;
  const pack = (await LOADERS[locale as Exclude<Locale, 'en'>]()).default;
  loaded.set(locale, pack);
  return pack;
}
