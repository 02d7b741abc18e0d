/**
 * The host's `config` object (SPEC §3 "Config"). Only the parts the implemented screens read are
 * typed in detail; the rest is accepted and ignored until its method lands. The products are the
 * registered methods' (methods.ts) and those of methods not shipped yet.
 */
import { type MethodProduct, UI_METHODS } from './methods.ts';
import { OTP_METHODS, type OTPType } from './otps/state.ts';

export { OTP_METHODS };

/** SPEC §3 products whose sign-in method has not shipped in this version (OAuth and crypto wallets land with their own issues). */
export type UnavailableProduct = 'oauth' | 'crypto';

/** Products a login widget can offer (SPEC §3). */
export type Product = MethodProduct | UnavailableProduct;

/** Channels of the OTP product. */
export type OTPMethod = OTPType;

/** OTP options (SPEC §3 otpOptions). */
export interface OTPOptions {
  methods?: OTPMethod[];
  /** Minutes a code stays valid; default 5 (SPEC §9). */
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** Password options (SPEC §3 passwordOptions; the fields of the reset email, SPEC §7 reset/start). */
export interface PasswordOptions {
  /** Where the reset email's "log in without changing your password" link points (allowlisted). */
  loginRedirectURL?: string;
  /** Where the reset email's link points: a page hosting `<auth-reset-password>` (allowlisted). */
  resetPasswordRedirectURL?: string;
  /** Minutes the reset link stays valid; default 30 (SPEC §9). */
  resetPasswordExpirationMinutes?: number;
  /** Email template of the reset email. */
  resetPasswordTemplateId?: string;
  /** Language of the reset email. */
  locale?: string;
}

/** Session options (SPEC §3 sessionOptions). */
export interface SessionOptions {
  /** Length of the session created on success; default 30 (SPEC §9). */
  sessionDurationMinutes?: number;
}

/** Email magic-link options (SPEC §3 emailMagicLinksOptions). */
export interface EmailMagicLinksOptions {
  /** Where the link of an existing user points (must be on the project's redirect allowlist). */
  loginRedirectURL?: string;
  /** Minutes a login link stays valid; default 30 (SPEC §9). */
  loginExpirationMinutes?: number;
  /** Where the link of a new user points. */
  signupRedirectURL?: string;
  /** Minutes a sign-up link stays valid; default 30 (SPEC §9). */
  signupExpirationMinutes?: number;
  /** Create new users with status pending until they click; default false. */
  createUserAsPending?: boolean;
  /** Sender domain the confirmation screen's mailbox links search for, e.g. `acme.com`. */
  domainHint?: string;
}

/** Config of the `<auth-login>` widget. */
export interface LoginConfig {
  /** Products to offer; default `['otp']` with the email method. */
  products?: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  otpOptions?: OTPOptions;
  sessionOptions?: SessionOptions;
  passwordOptions?: PasswordOptions;
  /** False renders in light DOM (password managers can see inputs); default true. */
  enableShadowDOM?: boolean;
  /** Public token the element creates its own client with (when no `client` property is set). */
  publicToken?: string;
  /** API base URL for that client, e.g. `http://localhost:8787` for the reference server. */
  apiBaseUrl?: string;
}

/** Default OTP expiry in minutes (SPEC §9). */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** Default session duration in minutes (SPEC §9). */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
/** Default magic-link expiry in minutes, login and sign-up (SPEC §9). */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

/** emailMagicLinksOptions with defaults filled. */
export interface ResolvedEmailMagicLinksOptions {
  loginRedirectURL?: string;
  loginExpirationMinutes: number;
  signupRedirectURL?: string;
  signupExpirationMinutes: number;
  createUserAsPending: boolean;
  domainHint?: string;
}

/** The config as the widget uses it: shape-checked, defaults filled. */
export interface ResolvedLoginConfig {
  products: Product[];
  emailMagicLinks: ResolvedEmailMagicLinksOptions;
  otpMethods: OTPMethod[];
  otpExpirationMinutes: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
  sessionDurationMinutes: number;
  enableShadowDOM: boolean;
  /** passwordOptions, shape-checked (absent fields stay absent: the server picks its defaults). */
  passwords: PasswordOptions;
}

/** Products accepted by the type, warned about and ignored until their method ships (config-check.ts). */
export const UNAVAILABLE_PRODUCTS: readonly Product[] = ['oauth', 'crypto'] satisfies UnavailableProduct[];
/** Products the widget can render today: every registered method's, in the registry's (SPEC §3) order. */
export const AVAILABLE_PRODUCTS: readonly Product[] = UI_METHODS.flatMap((m): readonly MethodProduct[] => m.products);
/** Every product name of SPEC §3. */
export const PRODUCTS: readonly Product[] = [...AVAILABLE_PRODUCTS, ...UNAVAILABLE_PRODUCTS];

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const listOf = <T extends string>(v: unknown, allowed: readonly T[]): T[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is T => allowed.includes(x as T)) : undefined;

/** Checks emailMagicLinksOptions (anything) and fills the SPEC §3 defaults. */
export function resolveEmailMagicLinksOptions(raw: unknown): ResolvedEmailMagicLinksOptions {
  const o = isRecord(raw) ? raw : {};
  const resolved: ResolvedEmailMagicLinksOptions = {
    loginExpirationMinutes: positive(o['loginExpirationMinutes']) ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signupExpirationMinutes: positive(o['signupExpirationMinutes']) ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    createUserAsPending: o['createUserAsPending'] === true,
  };
  const loginRedirectURL = str(o['loginRedirectURL']);
  const signupRedirectURL = str(o['signupRedirectURL']);
  // A hint is a bare domain; anything else (a URL, an address) would make a useless search.
  const hint = str(o['domainHint'])?.trim().toLowerCase();
  if (loginRedirectURL) resolved.loginRedirectURL = loginRedirectURL;
  if (signupRedirectURL) resolved.signupRedirectURL = signupRedirectURL;
  if (hint && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hint)) resolved.domainHint = hint;
  return resolved;
}

/** Checks a config that may come from a JSON attribute (so: anything) and fills defaults. */
export function resolveLoginConfig(raw: unknown): ResolvedLoginConfig {
  const c = isRecord(raw) ? raw : {};
  const otp = isRecord(c['otpOptions']) ? c['otpOptions'] : {};
  const session = isRecord(c['sessionOptions']) ? c['sessionOptions'] : {};
  const resolved: ResolvedLoginConfig = {
    products: listOf(c['products'], PRODUCTS) ?? ['otp'],
    emailMagicLinks: resolveEmailMagicLinksOptions(c['emailMagicLinksOptions']),
    otpMethods: listOf(otp['methods'], OTP_METHODS) ?? ['email'],
    otpExpirationMinutes: positive(otp['expirationMinutes']) ?? DEFAULT_OTP_EXPIRATION_MINUTES,
    sessionDurationMinutes: positive(session['sessionDurationMinutes']) ?? DEFAULT_SESSION_DURATION_MINUTES,
    enableShadowDOM: c['enableShadowDOM'] !== false,
    passwords: resolvePasswordOptions(c['passwordOptions']),
  };
  const loginTemplateId = str(otp['loginTemplateId']);
  const signupTemplateId = str(otp['signupTemplateId']);
  const locale = str(otp['locale']);
  if (loginTemplateId) resolved.loginTemplateId = loginTemplateId;
  if (signupTemplateId) resolved.signupTemplateId = signupTemplateId;
  if (locale) resolved.locale = locale;
  return resolved;
}

/** SPEC §1 product-combination errors, as a strings key; null when the config is usable. */
export function configProblem(c: ResolvedLoginConfig): 'config.passkeysAlone' | 'config.emlAndOtp' | null {
  if (c.products.length === 1 && c.products[0] === 'passkeys') return 'config.passkeysAlone';
  if (c.products.includes('emailMagicLinks') && c.products.includes('otp') && c.otpMethods.includes('email')) {
    return 'config.emlAndOtp';
  }
  return null;
}

/** Checks passwordOptions (anything, e.g. from a JSON attribute), keeping only well-typed fields. */
export function resolvePasswordOptions(raw: unknown): PasswordOptions {
  const o = isRecord(raw) ? raw : {};
  const out: PasswordOptions = {};
  const loginRedirectURL = str(o['loginRedirectURL']);
  const resetPasswordRedirectURL = str(o['resetPasswordRedirectURL']);
  const resetPasswordExpirationMinutes = positive(o['resetPasswordExpirationMinutes']);
  const resetPasswordTemplateId = str(o['resetPasswordTemplateId']);
  const locale = str(o['locale']);
  if (loginRedirectURL) out.loginRedirectURL = loginRedirectURL;
  if (resetPasswordRedirectURL) out.resetPasswordRedirectURL = resetPasswordRedirectURL;
  if (resetPasswordExpirationMinutes) out.resetPasswordExpirationMinutes = resetPasswordExpirationMinutes;
  if (resetPasswordTemplateId) out.resetPasswordTemplateId = resetPasswordTemplateId;
  if (locale) out.locale = locale;
  return out;
}
