/**
 * The config checks (docs/reference/security.md#widget: bad input gets a clear, specific error): every key a widget reads,
 * with the kind of value it takes, and the messages naming each ignored field. Loaded lazily by the
 * element when a config is set (its own chunk): diagnostics, not the first paint.
 */
import { LOCALES, matchLocale } from './i18n/locales.ts';
import { AVAILABLE_PRODUCTS, isRecord, PRODUCTS, type Product, resolveLoginConfig, UNAVAILABLE_PRODUCTS } from './config.ts';
import type { ConfigIssue, Rule, Shape, UiMethodEntry } from './method.ts';
import { UI_METHODS } from './methods.ts';

export type { ConfigIssue };
export { AVAILABLE_PRODUCTS, UNAVAILABLE_PRODUCTS };

const METHODS: readonly UiMethodEntry[] = UI_METHODS;

/** What checking a config found: warnings (ignored parts) and, when nothing can be rendered, the fatal problem. */
export interface ConfigReport {
  warnings: ConfigIssue[];
  fatal: ConfigIssue | null;
}

const SESSION_SHAPE: Shape = { sessionDurationMinutes: 'positiveNumber' };
/** Every key `<auth-login>` (and `<auth-reset-password>`) reads, with its check. */
export const LOGIN_CONFIG_SHAPE: Shape = {
  publicToken: 'string',
  apiBaseUrl: 'url',
  products: { oneOf: PRODUCTS },
  // Each method's option objects (emailMagicLinksOptions, passwordOptions, otpOptions, ...).
  ...Object.assign({}, ...METHODS.map((m) => m.options)),
  sessionOptions: SESSION_SHAPE,
  enableShadowDOM: 'boolean',
  headingLevel: 'positiveNumber',
  lang: 'string',
  locale: 'string',
};

/** The keys a widget that reads no products reads: the client's and the session's (every element but the login-type ones). */
export const CLIENT_CONFIG_SHAPE: Shape = {
  publicToken: 'string',
  apiBaseUrl: 'url',
  sessionOptions: SESSION_SHAPE,
  enableShadowDOM: 'boolean',
  headingLevel: 'positiveNumber',
  lang: 'string',
  locale: 'string',
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
        if (typeof value !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value.trim()))
          bad(`must be a bare domain such as "example.com", not ${describe(value)}; it is ignored`);
        return;
      case 'stringList':
        if (!Array.isArray(value)) bad(`must be an array of strings, not ${describe(value)}; it is ignored`);
        else
          for (const [i, item] of value.entries()) {
            if (typeof item !== 'string') out.push({ field: `${path}[${i}]`, message: `${path}[${i}] must be a string, not ${describe(item)}; it is ignored` });
          }
        return;
      case 'stringMap':
        if (!isRecord(value)) bad(`must be an object of strings, not ${describe(value)}; it is ignored`);
        else
          for (const [k, v] of Object.entries(value)) {
            if (typeof v !== 'string') out.push({ field: `${path}.${k}`, message: `${path}.${k} must be a string, not ${describe(v)}; it is ignored` });
          }
        return;
    }
  }
  if ('enum' in rule && Array.isArray(rule.enum)) {
    const allowed = rule.enum as readonly string[];
    if (typeof value !== 'string' || !allowed.includes(value)) bad(`must be one of ${quoteList(allowed)}, not ${describe(value)}; the default is used`);
    return;
  }
  if ('items' in rule && isRecord(rule.items)) {
    const shape = rule.items as Shape;
    if (!Array.isArray(value)) {
      bad(`must be an array, not ${describe(value)}; it is ignored`);
      return;
    }
    for (const [i, item] of value.entries()) checkRule(`${path}[${i}]`, item, shape, out);
    return;
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
 * Checks a host config for everything the widget would otherwise ignore in silence (docs/reference/security.md#widget:
 * bad input gets a clear, specific error): unknown keys at any level, values of the wrong kind,
 * unknown or not-yet-available products, empty method lists. `fatal` is set when the widget would
 * have nothing to show (no usable product, or only products whose method offers nothing for this
 * config: the entry's `offersNothing`); the docs/reference/config.md#configuration-errors product-combination
 * errors stay with the Main screen, which words them as the reference says.
 */
export function checkLoginConfig(raw: unknown, shape: Shape = LOGIN_CONFIG_SHAPE, readsProducts: boolean = Object.hasOwn(shape, 'products')): ConfigReport {
  const warnings: ConfigIssue[] = [];
  if (raw === undefined || raw === null) return { warnings, fatal: null };
  if (!isRecord(raw)) {
    return { warnings, fatal: { field: 'config', message: `config must be an object, not ${describe(raw)}` } };
  }
  checkRule('config', raw, shape, warnings);
  // A well-formed tag with no pack: said, so a host does not wonder why the widget is not in Swedish.
  const locale = raw['locale'];
  if (typeof locale === 'string' && locale !== '' && !matchLocale(locale)) {
    warnings.push({
      field: 'config.locale',
      message: `config.locale "${locale}" has no language pack; the page's language or English is used. Shipped: ${quoteList(LOCALES)}`,
    });
  }
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
      fatal = {
        field: 'config.products',
        message: `config.products has no product this widget can show; use at least one of ${quoteList(AVAILABLE_PRODUCTS)}`,
      };
    }
  } else if (products !== undefined) {
    fatal = { field: 'config.products', message: `config.products must be an array of ${quoteList(AVAILABLE_PRODUCTS)}, not ${describe(products)}` };
  }
  if (!fatal) {
    const resolved = resolveLoginConfig(raw);
    for (const m of METHODS) {
      if (!m.products.some((p) => resolved.products.includes(p as Product))) continue;
      const issue = m.offersNothing?.(raw, resolved);
      if (!issue) continue;
      // A product that offers nothing (OTP with no usable channel): fatal when nothing else is configured either.
      const others = resolved.products.filter((p) => !m.products.includes(p) && AVAILABLE_PRODUCTS.includes(p));
      if (others.length === 0 && !fatal) fatal = issue;
      else issues.push(issue);
    }
  }
  return { warnings: issues, fatal };
}

/** Which keys a widget reads: `login` (products and every method's options) or `client` (the client and session keys only). */
export type ConfigShapeName = 'login' | 'client';

/** The shapes by name (the element table names one per tag). */
export const CONFIG_SHAPES: Readonly<Record<ConfigShapeName, Shape>> = {
  login: LOGIN_CONFIG_SHAPE,
  client: CLIENT_CONFIG_SHAPE,
};
