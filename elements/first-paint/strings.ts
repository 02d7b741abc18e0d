/**
 * The texts of the first screens, without React's string table (strings.ts assembles it from every
 * method through methods.ts): English from the methods' own data modules, the locale pack on top
 * when the widget is not in English (loaded asynchronously, the pack React will use too), then the
 * host's `strings` overrides, the same precedence as react-internals/widget-strings.ts `resolveStrings`.
 */
import { isRecord } from '../../react-internals/config-parse.ts';
import { FIRST_SCREEN_SHELL_STRINGS } from '../../react-internals/core-strings.ts';
import { CRYPTO_FIRST_SCREEN_STRINGS } from '../../react-internals/crypto-wallets/first-screen-strings.ts';
import { choose, isRtl, type Locale, loadedPack, loadPack } from '../../react-internals/i18n/locales.ts';
import { IDP_FIRST_SCREEN_STRINGS } from '../../react-internals/idp/first-screen-strings.ts';
import { MAGIC_LINK_FIRST_SCREEN_STRINGS } from '../../react-internals/magic-links/first-screen-strings.ts';
import { OAUTH_STRINGS } from '../../react-internals/oauth/strings.ts';
import { OTP_FIRST_SCREEN_STRINGS } from '../../react-internals/otps/first-screen-strings.ts';
import { PASSKEY_FIRST_SCREEN_STRINGS } from '../../react-internals/passkeys/first-screen-strings.ts';
import { PASSWORD_FIRST_SCREEN_STRINGS } from '../../react-internals/passwords/first-screen-strings.ts';

/**
 * The English texts the first screens can show: each method's first-screen texts (its
 * first-screen-strings.ts, which its strings.ts spreads into React's table) and the OAuth texts.
 */
const ENGLISH = {
  ...FIRST_SCREEN_SHELL_STRINGS,
  ...OTP_FIRST_SCREEN_STRINGS,
  ...MAGIC_LINK_FIRST_SCREEN_STRINGS,
  ...PASSWORD_FIRST_SCREEN_STRINGS,
  ...PASSKEY_FIRST_SCREEN_STRINGS,
  ...OAUTH_STRINGS,
  ...CRYPTO_FIRST_SCREEN_STRINGS,
  ...IDP_FIRST_SCREEN_STRINGS,
} as const;

/** A key of the first screens' texts. */
export type FirstPaintKey = keyof typeof ENGLISH;

/** The first screens' texts and the language facts React's shell derives from the same inputs. */
export interface FirstPaintStrings {
  /** One text per key, English where the pack and the host say nothing. */
  readonly text: { readonly [K in FirstPaintKey]: string };
  /** The pack's plural variants (`key#one`...) of those keys, unless the host overrode the key. */
  readonly plurals: Readonly<Record<string, string>>;
  /** The shipped pack shown (`en`, `fr`, `ar`...). */
  readonly locale: Locale;
  /** The tag to format with (the host's, e.g. `ar-EG`), as i18n/locales.ts `choose` gives it. */
  readonly tag: string;
  /** The root's `lang` as LoginWidget sets it (undefined: no attribute). */
  readonly lang: string | undefined;
  /** The root's `dir`. */
  readonly dir: 'ltr' | 'rtl';
}

/** The root's `lang` (LoginWidget `widgetLang`): config.lang, else the pack's tag, else 'en' unless the host overrides texts. */
function rootLang(configured: unknown, tag: string, hostStrings: unknown): string | undefined {
  if (typeof configured === 'string' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(configured)) return configured;
  if (tag !== 'en') return tag;
  return hostStrings && typeof hostStrings === 'object' && Object.keys(hostStrings).length > 0 ? undefined : 'en';
}

function build(pack: Readonly<Record<string, string | undefined>>, hostStrings: unknown, locale: Locale, tag: string, configLang: unknown): FirstPaintStrings {
  const text: Record<string, string> = { ...ENGLISH };
  const plurals: Record<string, string> = {};
  const host = isRecord(hostStrings) ? hostStrings : {};
  for (const key of Object.keys(ENGLISH)) {
    const fromPack = pack[key];
    if (typeof fromPack === 'string') text[key] = fromPack;
    const fromHost = host[key];
    if (typeof fromHost === 'string') text[key] = fromHost;
  }
  // The pack's plural variants (`key#one`...) of these keys, read from the pack's own keys (not
  // every key times every category: that was a tenth of the first paint's script time at 4x CPU).
  // The host's own text wins over the pack's plural variants of the same key (strings.ts).
  for (const [variant, value] of Object.entries(pack)) {
    const at = variant.indexOf('#');
    if (at < 0 || typeof value !== 'string') continue;
    const key = variant.slice(0, at);
    if (Object.hasOwn(ENGLISH, key) && PLURAL_CATEGORIES.includes(variant.slice(at + 1)) && typeof host[key] !== 'string') plurals[variant] = value;
  }
  return { text: text as FirstPaintStrings['text'], plurals, locale, tag, lang: rootLang(configLang, tag, hostStrings), dir: isRtl(locale) ? 'rtl' : 'ltr' };
}

/**
 * The first screens' texts for a config, the host's `strings` and the document's language: at once
 * when the pack is English or already loaded, else a promise of them once the pack arrives (React's
 * shell waits for the same pack; a pack that fails to load leaves English, as there).
 */
export function firstPaintStrings(config: unknown, hostStrings: unknown, lang: string): FirstPaintStrings | Promise<FirstPaintStrings> {
  const c = isRecord(config) ? config : {};
  const { locale, tag } = choose(c['locale'] ?? c['lang'], lang);
  const ready = loadedPack(locale);
  if (ready) return build(ready, hostStrings, locale, tag, c['lang']);
  return loadPack(locale).then(
    (pack) => build(pack, hostStrings, locale, tag, c['lang']),
    () => build({}, hostStrings, locale, tag, c['lang']),
  );
}

const RTL_TAG = /^(?:ar|fa|he|ur)(?:-|$)/i;
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * `key`'s text with `{name}` placeholders filled (react-internals/text.ts `text`): in a right-to-left
 * table each inserted string is bidi-isolated (FSI ... PDI) as there; a numeric `count` picks the
 * pack's plural variant (Intl.PluralRules) and is written in the locale's digits.
 */
export function fill(strings: FirstPaintStrings, key: FirstPaintKey, vars: Readonly<Record<string, string | number>>): string {
  const rtl = RTL_TAG.test(strings.tag);
  const count = vars['count'];
  let template = strings.text[key];
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(vars)) out[name] = typeof v === 'string' ? (rtl ? `\u2068${v}\u2069` : v) : String(v);
  if (typeof count === 'number') {
    template = strings.plurals[`${key}#${new Intl.PluralRules(strings.tag).select(count)}`] ?? template;
    out['count'] = new Intl.NumberFormat(strings.tag).format(count);
  }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(out, name) ? (out[name] as string) : whole));
}
