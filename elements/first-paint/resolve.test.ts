/**
 * The first paint's pure equivalents agree with React's: mainPlan against config.ts and
 * login/methods.ts for every product combination and option mix, and firstPaintStrings against
 * strings.ts resolveStrings + text.ts for English, packs and host overrides.
 */
import { expect } from '@open-wc/testing';
import { configProblem, resolveLoginConfig } from '../../react-internals/config.ts';
import { choose, loadPack } from '../../react-internals/i18n/locales.ts';
import { widgetLang } from '../../react-internals/login/LoginWidget.tsx';
import { emailVariant, mainGroups, mainMethods } from '../../react-internals/login/methods.ts';
import { loadAllUiMethods, loadedUiMethods } from '../../react-internals/registry.ts';
import { resolveStrings, type StringKey } from '../../react-internals/strings.ts';
import { text } from '../../react-internals/text.ts';
import { DEFAULT_REGION, dialCodeOf } from '../../react-internals/otps/phone/calling-codes.ts';
import { DEFAULT_DIAL_CODE } from './extras.ts';
import { mainPlan, walletButtons } from './resolve.ts';
import { splitWallets } from '../../react-internals/crypto-wallets/wallets.ts';
import { firstPaintRules, firstScreen } from './index.ts';
import { render } from 'lit-html';
import { PROVIDER_URL } from '../../react-internals/components/Watermark.tsx';
import { type FirstPaintKey, fill, firstPaintStrings } from './strings.ts';

const GROUP_OF: Record<string, string> = { 'crypto-wallets': 'crypto', webauthn: 'passkeys', oauth: 'oauth' };

/** Every subset of the products, each with a few option mixes (and some malformed values). */
function configs(): unknown[] {
  const products = ['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto'];
  const otpMethods = [undefined, ['email'], ['sms'], ['sms', 'whatsapp'], ['whatsapp', 'email', 'sms'], [], ['fax']];
  const providers = [
    undefined,
    [],
    [{ type: 'google', one_tap: true }],
    [{ type: 'github', one_tap: true }, { type: 'nope' }, { type: 'github' }, 'x', { type: 'google', one_tap: true, position: 'floating' }],
    'google',
    [{ type: 'google', one_tap: 'yes', position: 'side' }, { type: 'constructor' }, { type: 'toString' }],
  ];
  const out: unknown[] = [undefined, null, 'x', {}, { products: 'otp' }, { products: ['unknown'] }, { headingLevel: 7 }, { headingLevel: 4, lang: 'fr-CA' }];
  for (let mask = 0; mask < 1 << products.length; mask++) {
    const list = products.filter((_, i) => mask & (1 << i));
    otpMethods.forEach((methods, i) => {
      out.push({
        products: i % 2 ? [...list].reverse() : list,
        otpOptions: methods === undefined ? undefined : { methods },
        oauthOptions: { providers: providers[(mask + i) % providers.length] },
      });
    });
  }
  return out;
}

describe('first paint: pure resolution agrees with React (issue 16)', () => {
  // The state machine and Main's parts of a method are in its chunk (registry.ts): load them all.
  before(() => loadAllUiMethods());

  it(`mainPlan gives React's tabs, Email variant, groups and config problem for ${configs().length} configs`, () => {
    for (const raw of configs()) {
      const resolved = resolveLoginConfig(raw);
      const plan = mainPlan(raw);
      const problem = configProblem(resolved);
      const groups = problem ? [] : mainGroups(resolved).map((g) => GROUP_OF[loadedUiMethods().find((m) => m.main === g)?.name ?? '']);
      const react = {
        products: resolved.products,
        problem,
        tabs: mainMethods(resolved),
        emailVariant: emailVariant(resolved),
        groups,
        oauthProviders: resolved.oauth.providers.map((p) => ({ type: p.type, one_tap: p.one_tap, position: p.position })),
        cryptoOAuthProviderCount: resolved.cryptoOAuthProviderCount,
        headingLevel: resolved.headingLevel,
        lang: resolved.lang,
      };
      expect(plan, JSON.stringify(raw)).to.deep.equal(react);
    }
  });

  it("the wallet buttons follow wallets.ts's 6-button rule and labels", () => {
    for (let providers = 0; providers <= 8; providers++) {
      const mine = walletButtons(providers);
      const theirs = splitWallets(providers);
      expect(mine.shown).to.deep.equal(theirs.shown.map((w) => ({ option: w.option, label: w.label })));
      expect(mine.other).to.equal(theirs.rest.length > 0);
    }
  });

  it('firstPaintRules: none (at once) for an email form; the groups, phone, other screens and their rules on demand', async () => {
    expect(firstPaintRules('auth-login', { products: ['otp'], otpOptions: { methods: ['email'] } })).to.deep.equal([]);
    expect(firstPaintRules('auth-login', { products: ['emailMagicLinks'] })).to.deep.equal([]);
    // A phone channel, a group or another tag: their templates come in the extras chunk (no rules of their own).
    expect(await firstPaintRules('auth-login', { products: ['otp'], otpOptions: { methods: ['email', 'sms'] } })).to.deep.equal([]);
    expect(await firstPaintRules('auth-passkey-registration', {})).to.deep.equal([]);
    const both = await firstPaintRules('auth-login', { products: ['crypto', 'oauth', 'otp'], oauthOptions: { providers: [{ type: 'github' }] } });
    expect(both.map((css) => css.includes('.ae-oauth{') && !css.includes('.ae-wallets{'))).to.deep.equal([true, false]);
    expect(both[1]).to.include('.ae-wallets{');
    const reset = await firstPaintRules('auth-reset-password', {});
    expect(reset).to.have.length(1);
    expect(reset[0]).to.include('.ae-pw-field');
  });

  it("the phone form's default country and calling code are the phone chunk's", () => {
    expect(dialCodeOf(DEFAULT_REGION)).to.equal(DEFAULT_DIAL_CODE);
  });

  it('the watermark names and links the provider as Watermark.tsx does when the server names no product of its own', async () => {
    const strings = await firstPaintStrings({}, undefined, 'en');
    const div = document.createElement('div');
    for (const server_product of [null, { name: 'X', url: 'http://insecure.example/' }, { name: ' ', url: 'https://a.example/' }]) {
      const input = {
        tag: 'auth-login',
        config: {},
        styles: undefined,
        strings,
        values: {},
        tab: undefined,
        onTab: () => undefined,
        onSubmit: () => undefined,
      };
      render(firstScreen({ ...input, bootstrap: { disable_sdk_watermark: false, server_product } }), div);
      const a = div.querySelector('.ae-watermark a');
      expect([a?.getAttribute('href'), a?.textContent]).to.deep.equal([PROVIDER_URL, 'Stytch']);
    }
  });

  it("firstPaintStrings: English, packs (fr, ar) and host overrides give React's texts", async () => {
    const keys = Object.keys((await firstPaintStrings({}, undefined, 'en')).text) as FirstPaintKey[];
    const overrides = { 'main.header': 'Hi', 'password.ludsLength': 'At least {count}', 'not.a.key': 'x', 'email.label': 3 };
    for (const [config, docLang, host] of [
      [{}, 'en', undefined],
      [{}, 'en', overrides],
      [{ locale: 'fr' }, 'en', undefined],
      [{}, 'fr-CA', overrides],
      [{ locale: 'ar-EG' }, 'en', undefined],
      [{ lang: 'de' }, 'en', undefined],
      [{ lang: 'en-GB' }, 'en', overrides],
      [{}, 'de-CH', undefined],
      [{}, 'xx', overrides],
    ] as const) {
      const mine = await firstPaintStrings(config, host, docLang);
      const { locale, tag } = choose((config as Record<string, unknown>)['locale'] ?? (config as Record<string, unknown>)['lang'], docLang);
      const theirs = resolveStrings(host, locale === 'en' ? undefined : await loadPack(locale), tag);
      for (const key of keys) expect(mine.text[key], `${key} in ${JSON.stringify(config)}`).to.equal(theirs[key as StringKey]);
      for (const count of [1, 2, 8]) {
        expect(fill(mine, 'password.ludsLength', { count })).to.equal(text(theirs, 'password.ludsLength', { count }));
      }
      expect(fill(mine, 'oauth.continueWith', { provider: 'GitHub' })).to.equal(text(theirs, 'oauth.continueWith', { provider: 'GitHub' }));
      expect(mine.dir).to.equal(locale === 'ar' ? 'rtl' : 'ltr');
      // The root's lang as LoginWidget sets it.
      expect(mine.lang).to.equal(resolveLoginConfig(config).lang ?? (tag === 'en' ? widgetLang(undefined, host) : tag));
    }
  });
});
