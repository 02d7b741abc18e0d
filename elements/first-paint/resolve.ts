/**
 * Which parts Main shows for a config, without React or the method registry (which pulls every
 * method's screens): small pure equivalents of config.ts `resolveLoginConfig` / `configProblem` and
 * login/methods.ts `mainMethods` / `formFor` / `mainGroups` for the first paint. resolve.test.ts
 * checks that they agree with React's for many configs.
 */
import { isRecord, listOf } from '../../react-internals/config-parse.ts';
import { resolveCryptoConfig } from '../../react-internals/crypto-wallets/config.ts';
import { type ResolvedOAuthProvider, resolveOAuthOptions } from '../../react-internals/oauth/config.ts';
import { type OTPMethod, resolveOtpConfig } from '../../react-internals/otps/config.ts';

/** A product of SPEC §3, in the registry's order (react-internals/methods.ts). */
export type FirstPaintProduct = 'emailMagicLinks' | 'passwords' | 'otp' | 'oauth' | 'passkeys' | 'crypto';
/** The products in the registry's order (config.ts PRODUCTS). */
export const FIRST_PAINT_PRODUCTS: readonly FirstPaintProduct[] = ['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto'];

/** A tab of Main. */
export type Tab = 'email' | 'sms' | 'whatsapp';
/** The Email tab's form: the best-ranked email form (passwords 0, magic links 1, email OTP 2). */
export type EmailVariant = 'password' | 'magicLink' | 'otp';
/** Main's groups beside the forms, in the registry's `order` (wallets -1, passkeys 0, OAuth 1). */
export type Group = 'crypto' | 'passkeys' | 'oauth';

/** What Main draws for a config. */
export interface MainPlan {
  products: FirstPaintProduct[];
  /** SPEC §1 product-combination error (a strings key) shown instead of the forms, or null. */
  problem: 'config.passkeysAlone' | 'config.emlAndOtp' | null;
  /** The offered tabs in SPEC order (tabs show only when there are several). */
  tabs: Tab[];
  /** The Email tab's form, or null without an email method. */
  emailVariant: EmailVariant | null;
  /** The groups beside the forms, in order (none when there is a problem). */
  groups: Group[];
  oauthProviders: ResolvedOAuthProvider[];
  /** How many OAuth buttons share the button area with the wallets (SPEC §2 6-button rule). */
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
  const { otpMethods } = resolveOtpConfig(c);
  const otp = (m: OTPMethod) => has('otp') && otpMethods.includes(m);
  const oauth = resolveOAuthOptions(c['oauthOptions']);
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
    if (has('oauth') && oauth.providers.length > 0) groups.push('oauth');
  }
  const lang = c['lang'];
  return {
    products,
    problem,
    tabs,
    emailVariant,
    groups,
    oauthProviders: oauth.providers,
    cryptoOAuthProviderCount: resolveCryptoConfig(c).cryptoOAuthProviderCount,
    headingLevel: headingLevelOf(c['headingLevel']),
    lang: typeof lang === 'string' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : undefined,
  };
}
