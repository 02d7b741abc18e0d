/**
 * The host's `config` object (SPEC §3 "Config"). Only the parts the implemented screens read are
 * typed in detail; the rest is accepted and ignored until its method lands.
 */

/** Products a login widget can offer (SPEC §3). */
export type Product = 'emailMagicLinks' | 'passwords' | 'otp' | 'oauth' | 'passkeys' | 'crypto';

/** Channels of the OTP product. */
export type OTPMethod = 'email' | 'sms' | 'whatsapp';

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

const PRODUCTS: readonly Product[] = ['emailMagicLinks', 'passwords', 'otp', 'oauth', 'passkeys', 'crypto'];
const OTP_METHODS: readonly OTPMethod[] = ['email', 'sms', 'whatsapp'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** One thing wrong with a host's config (or styles / strings): where, and what. */
export interface ConfigIssue {
  /** The path of the field at fault, e.g. `config.products[1]`. */
  field: string;
  /** What is wrong, naming the field and what would be accepted. */
  message: string;
}

/** What checking a config found: warnings (ignored parts) and, when nothing can be rendered, the fatal problem. */
export interface ConfigReport {
  warnings: ConfigIssue[];
  fatal: ConfigIssue | null;
}

/**
 * Products SPEC §3 names whose sign-in method has not shipped in this version (OAuth and crypto
 * wallets land with their own issues): accepted by the type, warned about, and ignored.
 */
export const UNAVAILABLE_PRODUCTS: readonly Product[] = ['oauth', 'crypto'];
/** Products the widget can render today. */
export const AVAILABLE_PRODUCTS: readonly Product[] = PRODUCTS.filter((p) => !UNAVAILABLE_PRODUCTS.includes(p));

/** How a field is checked: a scalar kind, a list of allowed strings, or a nested option object. */
type Rule = 'string' | 'url' | 'positiveNumber' | 'boolean' | 'domain' | { readonly oneOf: readonly string[] } | Shape;
type Shape = { readonly [key: string]: Rule };
/** The keys a widget's config may hold, each with its check. */
export type ConfigShape = Shape;

const EMAIL_MAGIC_LINKS_SHAPE: Shape = {
  loginRedirectURL: 'url',
  loginExpirationMinutes: 'positiveNumber',
  signupRedirectURL: 'url',
  signupExpirationMinutes: 'positiveNumber',
  createUserAsPending: 'boolean',
  domainHint: 'domain',
};
const OTP_SHAPE: Shape = {
  methods: { oneOf: OTP_METHODS },
  expirationMinutes: 'positiveNumber',
  loginTemplateId: 'string',
  signupTemplateId: 'string',
  locale: 'string',
};
const SESSION_SHAPE: Shape = { sessionDurationMinutes: 'positiveNumber' };
const PASSWORD_SHAPE: Shape = {
  loginRedirectURL: 'url',
  resetPasswordRedirectURL: 'url',
  resetPasswordExpirationMinutes: 'positiveNumber',
  resetPasswordTemplateId: 'string',
  locale: 'string',
};

/** Every key `<auth-login>` (and `<auth-reset-password>`) reads, with its check. */
export const LOGIN_CONFIG_SHAPE: Shape = {
  publicToken: 'string',
  apiBaseUrl: 'url',
  products: { oneOf: PRODUCTS },
  emailMagicLinksOptions: EMAIL_MAGIC_LINKS_SHAPE,
  otpOptions: OTP_SHAPE,
  sessionOptions: SESSION_SHAPE,
  passwordOptions: PASSWORD_SHAPE,
  // SPEC §3 names oauthOptions; accepted so a config written for the provider's SDK does not
  // warn twice, but the OAuth product itself is reported as not available yet.
  oauthOptions: {},
  enableShadowDOM: 'boolean',
};

/** The keys `<auth-passkey-registration>` reads. */
export const PASSKEY_REGISTRATION_CONFIG_SHAPE: Shape = {
  publicToken: 'string',
  apiBaseUrl: 'url',
  sessionOptions: SESSION_SHAPE,
  enableShadowDOM: 'boolean',
};

const quoteList = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');
const describe = (v: unknown) => (typeof v === 'string' ? `"${v}"` : Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v);

/** Checks `value` at `path` against `rule`, adding what is wrong to `out`. */
function checkRule(path: string, value: unknown, rule: Rule, out: ConfigIssue[]): void {
  const bad = (message: string) => out.push({ field: path, message: `${path} ${message}` });
  if (typeof rule === 'string') {
    switch (rule) {
      case 'string':
        if (typeof value !== 'string' || value === '') bad(`must be a non-empty string, not ${describe(value)}; it is ignored`);
        return;
      case 'url':
        if (typeof value !== 'string' || !URL.canParse(value)) bad(`must be an absolute URL, not ${describe(value)}; it is ignored`);
        return;
      case 'positiveNumber':
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) bad(`must be a positive number, not ${describe(value)}; the default is used`);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') bad(`must be true or false, not ${describe(value)}; the default is used`);
        return;
      case 'domain':
        if (typeof value !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value.trim())) bad(`must be a bare domain such as "example.com", not ${describe(value)}; it is ignored`);
        return;
    }
  }
  if ('oneOf' in rule && Array.isArray(rule.oneOf)) {
    const allowed = rule.oneOf as readonly string[];
    if (!Array.isArray(value)) {
      bad(`must be an array of ${quoteList(allowed)}, not ${describe(value)}`);
      return;
    }
    value.forEach((item, i) => {
      if (typeof item !== 'string' || !allowed.includes(item)) {
        out.push({ field: `${path}[${i}]`, message: `${path}[${i}] ${describe(item)} is not one of ${quoteList(allowed)}; it is ignored` });
      }
    });
    return;
  }
  const shape = rule as Shape;
  if (!isRecord(value)) {
    bad(`must be an object, not ${describe(value)}; it is ignored`);
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    const sub = shape[key];
    if (!Object.hasOwn(shape, key) || sub === undefined) {
      const known = Object.keys(shape);
      out.push({
        field: `${path}.${key}`,
        message: `${path}.${key} is not an option${known.length ? `; expected one of ${quoteList(known)}` : ''}. It is ignored`,
      });
      continue;
    }
    if (v === undefined) continue;
    checkRule(`${path}.${key}`, v, sub, out);
  }
}

/**
 * Checks a host config for everything the widget would otherwise ignore in silence (DESIGN §3:
 * bad input gets a clear, specific error): unknown keys at any level, values of the wrong kind,
 * unknown or not-yet-available products, empty method lists. `fatal` is set when the widget would
 * have nothing to show (no usable product, no usable OTP method); the SPEC §1 product-combination
 * errors stay with the Main screen, which words them as SPEC says.
 */
export function checkLoginConfig(
  raw: unknown,
  shape: Shape = LOGIN_CONFIG_SHAPE,
  readsProducts: boolean = Object.hasOwn(shape, 'products'),
): ConfigReport {
  const warnings: ConfigIssue[] = [];
  if (raw === undefined || raw === null) return { warnings, fatal: null };
  if (!isRecord(raw)) {
    return { warnings, fatal: { field: 'config', message: `config must be an object, not ${describe(raw)}` } };
  }
  checkRule('config', raw, shape, warnings);
  // Products and methods (only for widgets that read them).
  if (!readsProducts) return { warnings, fatal: null };
  // The "not one of" warnings for products are replaced by the fuller message below.
  const issues = warnings.filter((w) => !w.field.startsWith('config.products['));
  let fatal: ConfigIssue | null = null;
  const products = raw['products'];
  if (products !== undefined && Array.isArray(products)) {
    products.forEach((p, i) => {
      const field = `config.products[${i}]`;
      if (typeof p === 'string' && UNAVAILABLE_PRODUCTS.includes(p as Product)) {
        issues.push({ field, message: `${field} "${p}" is not available yet in this version (its sign-in method has not shipped); it is ignored` });
      } else if (typeof p !== 'string' || !PRODUCTS.includes(p as Product)) {
        issues.push({
          field,
          message: `${field} ${describe(p)} is not a product; expected one of ${quoteList(AVAILABLE_PRODUCTS)}. It is ignored`,
        });
      }
    });
    const usable = products.filter((p): p is Product => AVAILABLE_PRODUCTS.includes(p as Product));
    if (products.length === 0) {
      fatal = { field: 'config.products', message: `config.products is empty; list at least one of ${quoteList(AVAILABLE_PRODUCTS)}` };
    } else if (usable.length === 0) {
      fatal = { field: 'config.products', message: `config.products has no product this widget can show; use at least one of ${quoteList(AVAILABLE_PRODUCTS)}` };
    }
  } else if (products !== undefined) {
    fatal = { field: 'config.products', message: `config.products must be an array of ${quoteList(AVAILABLE_PRODUCTS)}, not ${describe(products)}` };
  }
  if (!fatal) {
    const resolved = resolveLoginConfig(raw);
    const otp = isRecord(raw['otpOptions']) ? raw['otpOptions'] : {};
    const methods = otp['methods'];
    if (resolved.products.includes('otp') && Array.isArray(methods) && resolved.otpMethods.length === 0) {
      const issue = {
        field: 'config.otpOptions.methods',
        message: `config.otpOptions.methods ${methods.length === 0 ? 'is empty' : 'has no known method'}; list at least one of ${quoteList(OTP_METHODS)}`,
      };
      // OTP with no method offers nothing: fatal when nothing else is configured either.
      const others = resolved.products.filter((p) => p !== 'otp' && AVAILABLE_PRODUCTS.includes(p));
      if (others.length === 0) fatal = issue;
      else issues.push(issue);
    }
  }
  return { warnings: issues, fatal };
}
