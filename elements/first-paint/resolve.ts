/**
 * Which parts Main shows for a config, without React or the method registry (which pulls every
 * method's screens): small pure equivalents of config.ts `resolveLoginConfig` / `configProblem` and
 * login/methods.ts `mainMethods` / `formFor` / `mainGroups` for the first paint. resolve.test.ts
 * checks that they agree with React's for many configs.
 */
import type { OAuthProvider } from '../../sdk-core/oauth/providers.ts';
import { isRecord, listOf } from '../../react-internals/config-parse.ts';
import { PROVIDER_NAMES } from '../../react-internals/oauth/providers.ts';

/** A product of docs/reference/config.md#products, in the registry's order (react-internals/methods.ts). */
export type FirstPaintProduct = 'emailMagicLinks' | 'passwords' | 'otp' | 'oauth' | 'passkeys' | 'crypto';
/** The products in the registry's order (config.ts PRODUCTS). */
export const FIRST_PAINT_PRODUCTS: readonly FirstPaintProduct[] = ['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto'];

/** A tab of Main. */
export type Tab = 'email' | 'sms' | 'whatsapp';
/** The Email tab's form: the best-ranked email form (passwords 0, magic links 1, email OTP 2). */
export type EmailVariant = 'password' | 'magicLink' | 'otp';
/** Main's groups beside the forms, in the registry's `order` (wallets -1, passkeys 0, OAuth 1). */
export type Group = 'crypto' | 'passkeys' | 'oauth';

/** An OAuth provider as the row draws it (oauth/config.ts `resolveOAuthOptions`, the fields the first paint reads). */
export interface PlanProvider {
  type: OAuthProvider;
  /** Google One Tap in place of the button (docs/reference/methods/oauth.md#screens: Google only). */
  one_tap: boolean;
  position: 'embedded' | 'floating';
}

/** A wallet button: its option (docs/reference/methods/crypto-wallets.md#data) and its label's key. */
export interface PlanWallet {
  option: string;
  label: `crypto.wallet${string}`;
}

/** The wallets in docs/reference/config.md#products's order (crypto-wallets/wallets.ts WALLETS). */
const WALLET_OPTIONS = ['Phantom', 'Vessel', 'Binance', 'Coinbase', 'Metamask', 'OtherEthereum', 'OtherSolana'] as const;

/** The wallet buttons beside `oauthProviders` OAuth buttons and whether 'other' follows (wallets.ts splitWallets: 6 - providers - 1). */
export function walletButtons(oauthProviders: number): { shown: PlanWallet[]; other: boolean } {
  const max = Math.max(0, 6 - oauthProviders - 1);
  const all = WALLET_OPTIONS.map((option) => ({ option, label: `crypto.wallet${option}` as const }));
  return all.length <= max ? { shown: all, other: false } : { shown: all.slice(0, max), other: true };
}

/** oauthOptions.providers as the row reads them: known types, first of each, in order (resolveOAuthOptions). */
function oauthProviders(raw: unknown): PlanProvider[] {
  const list = isRecord(raw) && Array.isArray(raw['providers']) ? raw['providers'] : [];
  const out: PlanProvider[] = [];
  for (const p of list) {
    if (!isRecord(p)) continue;
    const type = p['type'];
    if (typeof type !== 'string' || !Object.hasOwn(PROVIDER_NAMES, type) || out.some((x) => x.type === type)) continue;
    out.push({
      type: type as OAuthProvider,
      one_tap: type === 'google' && p['one_tap'] === true,
      position: p['position'] === 'floating' ? 'floating' : 'embedded',
    });
  }
  return out;
}

/** What Main draws for a config. */
export interface MainPlan {
  products: FirstPaintProduct[];
  /** docs/reference/config.md#configuration-errors product-combination error (a strings key) shown instead of the forms, or null. */
  problem: 'config.passkeysAlone' | 'config.emlAndOtp' | null;
  /** The offered tabs in reference order (tabs show only when there are several). */
  tabs: Tab[];
  /** The Email tab's form, or null without an email method. */
  emailVariant: EmailVariant | null;
  /** The groups beside the forms, in order (none when there is a problem). */
  groups: Group[];
  oauthProviders: PlanProvider[];
  /** How many OAuth buttons share the button area with the wallets (docs/reference/elements/auth-login.md#main-screen 6-button rule). */
  cryptoOAuthProviderCount: number;
  headingLevel: 1 | 2 | 3 | 4 | 5 | 6;
  /** config.lang when it is a BCP 47 tag. */
  lang: string | undefined;
}

/** `headingLevel` as 1-6; anything else is the default 1 (config.ts). */
function headingLevelOf(v: unknown): 1 | 2 | 3 | 4 | 5 | 6 {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6 ? (v as 1 | 2 | 3 | 4 | 5 | 6) : 1;
}

/** Main's plan for a host config (anything: checked as config.ts checks it). */
export function mainPlan(raw: unknown): MainPlan {
  const c = isRecord(raw) ? raw : {};
  const products = listOf(c['products'], FIRST_PAINT_PRODUCTS) ?? ['otp'];
  const has = (p: FirstPaintProduct) => products.includes(p);
  // otps/config.ts resolveOtpConfig: the known channels of otpOptions.methods, default email.
  const otpOptions = isRecord(c['otpOptions']) ? c['otpOptions'] : {};
  const otpMethods = listOf(otpOptions['methods'], ['email', 'sms', 'whatsapp'] as const) ?? ['email'];
  const otp = (m: Tab) => has('otp') && otpMethods.includes(m);
  const providers = oauthProviders(c['oauthOptions']);
  // crypto-wallets/config.ts: every configured provider entry counts, as there.
  const rawProviders = isRecord(c['oauthOptions']) && Array.isArray(c['oauthOptions']['providers']) ? c['oauthOptions']['providers'] : [];
  const problem =
    products.length === 1 && products[0] === 'passkeys' ? 'config.passkeysAlone' : has('emailMagicLinks') && otp('email') ? 'config.emlAndOtp' : null;
  const emailVariant: EmailVariant | null = has('passwords') ? 'password' : has('emailMagicLinks') ? 'magicLink' : otp('email') ? 'otp' : null;
  const tabs: Tab[] = [];
  if (emailVariant) tabs.push('email');
  if (otp('sms')) tabs.push('sms');
  if (otp('whatsapp')) tabs.push('whatsapp');
  const groups: Group[] = [];
  if (!problem) {
    if (has('crypto')) groups.push('crypto');
    if (has('passkeys')) groups.push('passkeys');
    if (has('oauth') && providers.length > 0) groups.push('oauth');
  }
  const lang = c['lang'];
  return {
    products,
    problem,
    tabs,
    emailVariant,
    groups,
    oauthProviders: providers,
    cryptoOAuthProviderCount: Array.isArray(c['products']) && c['products'].includes('oauth') ? rawProviders.length : 0,
    headingLevel: headingLevelOf(c['headingLevel']),
    lang: typeof lang === 'string' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : undefined,
  };
}
