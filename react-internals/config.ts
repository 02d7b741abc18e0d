/**
 * The host's `config` object (docs/reference/config.md#widget-config "Config"): the core keys here (products, sessionOptions,
 * enableShadowDOM, the client's token and base URL), and each registered method's option objects,
 * typed, checked and read by the method itself (its `config.ts`, listed through methods.ts). Products
 * of methods not shipped yet are accepted by the type and ignored.
 */
import { DEFAULT_SESSION_DURATION_MINUTES as SPEC_DEFAULT_SESSION_DURATION_MINUTES } from '../sdk-core/schemas/defaults.ts';
import { isRecord, listOf, optionsAt, positive } from './config-parse.ts';
import type { UiMethodEntry } from './method.ts';
import { type MethodConfig, type MethodOptions, type MethodProduct, UI_METHODS } from './methods.ts';

export type { EmailMagicLinksOptions, ResolvedEmailMagicLinksOptions } from './magic-links/config.ts';
export type { OTPMethod, OTPOptions } from './otps/config.ts';
export type { OAuthOptions, OAuthProviderOptions, OneTapPosition } from './oauth/config.ts';
export type { PasswordOptions } from './passwords/config.ts';
export { isRecord };

/** docs/reference/config.md#products products whose sign-in method has not shipped in this version: none any more (every product has its method). */
export type UnavailableProduct = never;

/** Products a login widget can offer (docs/reference/config.md#products). */
export type Product = MethodProduct | UnavailableProduct;

/** Session options (docs/reference/config.md#session-options sessionOptions). */
export interface SessionOptions {
  /** Length of the session created on success; default 30 (docs/reference/constants.md#sign-in-defaults). */
  sessionDurationMinutes?: number;
}

/** The core keys of the `<auth-login>` config. */
export interface CoreLoginConfig {
  /** Products to offer; default `['otp']` with the email method. */
  products?: Product[];
  sessionOptions?: SessionOptions;
  /** False renders in light DOM (password managers can see inputs); default true. */
  enableShadowDOM?: boolean;
  /** Public token the element creates its own client with (when no `client` property is set). */
  publicToken?: string;
  /** API base URL for that client, e.g. `http://localhost:8787` for the reference server. */
  apiBaseUrl?: string;
  /** Level (1-6) of each screen's title; default 1. Set 2 or deeper when the page has its own h1 above the widget. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * BCP 47 language of the widget's texts (its `lang` attribute). Default: the chosen locale's tag; with
   * no pack chosen, "en", or the page's when `strings` are overridden. Also picks the pack when `locale`
   * is not given (README "Languages").
   */
  lang?: string;
  /**
   * The widget's language, a BCP 47 tag (`fr`, `pt-BR`, `ar`...): en, fr, de, es, pt-BR, it, nl, ja,
   * zh-CN, ko and ar ship. Default: the host document's `lang`, else English (README "Languages").
   */
  locale?: string;
}

/** Config of the `<auth-login>` widget: the core keys and every method's option objects (emailMagicLinksOptions, otpOptions, passwordOptions, ...). */
export type LoginConfig = CoreLoginConfig & MethodOptions;

/** Default session duration in minutes (docs/reference/constants.md#sign-in-defaults). */
export const DEFAULT_SESSION_DURATION_MINUTES = SPEC_DEFAULT_SESSION_DURATION_MINUTES;

/** The core part of the config as the widget uses it. */
export interface CoreResolvedConfig {
  products: Product[];
  sessionDurationMinutes: number;
  enableShadowDOM: boolean;
  /** Title level, 1-6 (default 1). */
  headingLevel: 1 | 2 | 3 | 4 | 5 | 6;
  /** The configured language, if any. */
  lang?: string;
}

/** The config as the widget uses it: shape-checked, defaults filled (each method reads its own part). */
export type ResolvedLoginConfig = CoreResolvedConfig & MethodConfig;

/** Products accepted by the type, warned about and ignored until their method ships (config-check.ts). */
export const UNAVAILABLE_PRODUCTS: readonly Product[] = [] satisfies UnavailableProduct[];
/** Products the widget can render today: every registered method's, in the registry's (docs/reference/config.md#products) order. */
export const AVAILABLE_PRODUCTS: readonly Product[] = UI_METHODS.flatMap((m): readonly MethodProduct[] => m.products);
/** Every product name of docs/reference/config.md#products. */
export const PRODUCTS: readonly Product[] = [...AVAILABLE_PRODUCTS, ...UNAVAILABLE_PRODUCTS];

const METHODS: readonly UiMethodEntry[] = UI_METHODS;

/** Checks a config that may come from a JSON attribute (so: anything) and fills defaults. */
export function resolveLoginConfig(raw: unknown): ResolvedLoginConfig {
  const c = isRecord(raw) ? raw : {};
  const core: CoreResolvedConfig = {
    products: listOf(c['products'], PRODUCTS) ?? ['otp'],
    sessionDurationMinutes: positive(optionsAt(c, 'sessionOptions')['sessionDurationMinutes']) ?? DEFAULT_SESSION_DURATION_MINUTES,
    enableShadowDOM: c['enableShadowDOM'] !== false,
    headingLevel: headingLevelOf(c['headingLevel']),
  };
  const lang = c['lang'];
  // A BCP 47 tag (letters, digits, hyphens); anything else is ignored (config-check warns).
  if (typeof lang === 'string' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(lang)) core.lang = lang;
  return Object.assign(core, ...METHODS.map((m) => m.resolve(c)));
}

/** `headingLevel` as 1-6; anything else is the default 1. */
function headingLevelOf(v: unknown): 1 | 2 | 3 | 4 | 5 | 6 {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6 ? (v as 1 | 2 | 3 | 4 | 5 | 6) : 1;
}

/** docs/reference/config.md#configuration-errors product-combination errors, as a strings key; null when the config is usable. */
export function configProblem(c: ResolvedLoginConfig): 'config.passkeysAlone' | 'config.emlAndOtp' | null {
  if (c.products.length === 1 && c.products[0] === 'passkeys') return 'config.passkeysAlone';
  if (c.products.includes('emailMagicLinks') && c.products.includes('otp') && c.otpMethods.includes('email')) {
    return 'config.emlAndOtp';
  }
  return null;
}
