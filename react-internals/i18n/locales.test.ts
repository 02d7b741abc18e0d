import { expect } from '@open-wc/testing';
import { checkLoginConfig } from '../config-check.ts';
import { formatCountdown } from '../otps/countdown.ts';
import { DEFAULT_STRINGS, isPluralVariant, resolveStrings } from '../strings.ts';
import { localeOf, text } from '../text.ts';
import { formatDate, formatList, formatNumber } from './format.ts';
import { choose, chooseLocale, hostLang, isRtl, LOCALES, loadPack, matchLocale } from './locales.ts';
import type { LocalePack } from './pack.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = DEFAULT_STRINGS as unknown as Record<string, string>;

describe('locale packs (issue 19)', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale}: every English key, no other key, the same placeholders`, async () => {
      const pack = (await loadPack(locale)) as Record<string, string>;
      const missing = Object.keys(english).filter((k) => typeof pack[k] !== 'string' || pack[k].trim() === '');
      const extra = Object.keys(pack).filter((k) => !Object.hasOwn(english, k) && !isPluralVariant(k));
      expect(missing, `${locale} lacks`).to.deep.equal([]);
      expect(extra, `${locale} has unknown keys`).to.deep.equal([]);
      const mismatched = Object.entries(pack).flatMap(([k, v]) => {
        const base = k.includes('#') ? k.slice(0, k.lastIndexOf('#')) : k;
        const want = placeholders(english[base] ?? '');
        const got = placeholders(v);
        // A plural variant may spell its number out ('حرف واحد'): it may leave {count} out, nothing else.
        const ok = k.includes('#')
          ? JSON.stringify(got) === JSON.stringify(want) || JSON.stringify(got) === JSON.stringify(want.filter((p) => p !== 'count'))
          : JSON.stringify(got) === JSON.stringify(want);
        return ok ? [] : [`${k}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`];
      });
      expect(mismatched, `${locale} placeholders`).to.deep.equal([]);
    });
  }

  it('keeps brand and product names as they are', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const pack = (await loadPack(locale)) as LocalePack;
      expect(pack['watermark.provider'], locale).to.equal('Stytch');
      expect(pack['crypto.walletMetamask'], locale).to.equal('Metamask');
      expect(pack['magicLink.openGmail'], locale).to.contain('Gmail');
    }
  });

  it('matches host tags onto the shipped packs, and nothing else', () => {
    expect(matchLocale('fr-CA')).to.equal('fr');
    expect(matchLocale('pt')).to.equal('pt-BR');
    expect(matchLocale('pt-PT')).to.equal('pt-BR');
    expect(matchLocale('zh')).to.equal('zh-CN');
    expect(matchLocale('zh-Hans-SG')).to.equal('zh-CN');
    expect(matchLocale('zh-TW')).to.equal(null);
    expect(matchLocale('de_AT')).to.equal('de');
    expect(matchLocale('sv')).to.equal(null);
    expect(matchLocale('not a tag!')).to.equal(null);
    expect(matchLocale(42)).to.equal(null);
    expect(chooseLocale('ja', 'de')).to.equal('ja');
    expect(chooseLocale('sv', 'de')).to.equal('de');
    expect(chooseLocale(undefined, '')).to.equal('en');
    expect(isRtl('ar')).to.equal(true);
    expect(isRtl('fr')).to.equal(false);
  });

  it('reads the nearest lang, across a shadow root, then <html lang>', () => {
    const outer = document.createElement('div');
    outer.lang = 'es';
    const host = document.createElement('div');
    outer.append(host);
    document.body.append(outer);
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).append(inner);
    try {
      expect(hostLang(inner)).to.equal('es');
      outer.removeAttribute('lang');
      expect(hostLang(inner)).to.equal(document.documentElement.lang);
    } finally {
      outer.remove();
    }
  });

  it('layers the host overrides on the pack, and English under a missing key', async () => {
    const fr = await loadPack('fr');
    const partial: LocalePack = { 'main.header': fr['main.header'] };
    const s = resolveStrings({ 'button.continue': 'Allez' }, partial, 'fr');
    expect(s['main.header']).to.equal('Inscription ou connexion');
    expect(s['button.continue']).to.equal('Allez');
    expect(s['otp.title']).to.equal('Enter passcode');
    expect(localeOf(s)).to.equal('fr');
  });

  it('picks plural variants by Intl.PluralRules and writes counts in the locale digits', async () => {
    const ar = resolveStrings(undefined, await loadPack('ar'), 'ar');
    expect(text(ar, 'password.ludsLength', { count: 1 })).to.equal('يجب ألا تقل عن حرف واحد');
    expect(text(ar, 'password.ludsLength', { count: 2 })).to.equal('يجب ألا تقل عن حرفين');
    expect(text(ar, 'password.ludsLength', { count: 8 })).to.equal(`يجب ألا تقل عن ${formatNumber('ar', 8)} أحرف`);
    expect(text(ar, 'password.ludsLength', { count: 12 })).to.equal(`يجب ألا تقل عن ${formatNumber('ar', 12)} حرفًا`);
    const fr = resolveStrings(undefined, await loadPack('fr'), 'fr');
    expect(text(fr, 'password.ludsLength', { count: 1 })).to.equal('Au moins 1 caractère');
    expect(text(fr, 'password.ludsLength', { count: 8 })).to.equal('Au moins 8 caractères');
    // A host's own text for the key wins over the pack's variants.
    const own = resolveStrings({ 'password.ludsLength': '{count}+' }, await loadPack('fr'), 'fr');
    expect(text(own, 'password.ludsLength', { count: 1 })).to.equal('1+');
  });

  it('formats the countdown, numbers, dates and lists through Intl', () => {
    expect(formatCountdown(299)).to.equal('4:59');
    expect(formatCountdown(9, 'fr')).to.equal('0:09');
    expect(formatCountdown(299, 'ar')).to.equal(`${formatNumber('ar', 4)}:${formatNumber('ar', 59)}`);
    // CLDR: ar writes Latin digits by default, ar-EG Arabic-Indic ones; the widget formats with the host's tag.
    expect(formatCountdown(299, 'ar-EG')).to.equal('٤:٥٩');
    expect(choose('ar-EG', '')).to.deep.equal({ locale: 'ar', tag: 'ar-EG' });
    expect(choose(undefined, 'de_CH')).to.deep.equal({ locale: 'de', tag: 'de-CH' });
    expect(formatList('fr', ['a', 'b', 'c'])).to.equal('a, b et c');
    expect(formatList('en', ['a', 'b', 'c'])).to.equal('a, b, and c');
    expect(formatDate('de', Date.UTC(2026, 0, 15, 12))).to.match(/15\.01\.2026|15\. Jan/);
  });

  it('warns about a config.locale with no pack, and not about one with a pack', () => {
    const sv = checkLoginConfig({ locale: 'sv' });
    expect(sv.warnings.map((w) => w.field)).to.deep.equal(['config.locale']);
    expect(sv.warnings[0]?.message).to.contain('"sv" has no language pack');
    expect(checkLoginConfig({ locale: 'pt-PT' }).warnings).to.deep.equal([]);
    expect(checkLoginConfig({ locale: 7 }).warnings.map((w) => w.field)).to.deep.equal(['config.locale']);
  });

  it('isolates inserted values in right-to-left texts only (bidi: an address keeps its period at its end)', async () => {
    const ar = resolveStrings(undefined, await loadPack('ar'), 'ar');
    expect(text(ar, 'otp.sentTo', { destination: 'ar@example.com' })).to.equal('أرسلنا رمز مرور من 6 أرقام إلى \u2068ar@example.com\u2069.');
    const fr = resolveStrings(undefined, await loadPack('fr'), 'fr');
    expect(text(fr, 'otp.sentTo', { destination: 'a@b.fr' })).to.equal('Un code à 6 chiffres vous a été envoyé à a@b.fr.');
  });
});
