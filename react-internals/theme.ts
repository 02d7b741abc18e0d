/**
 * Theme (docs/reference/config.md#theme "Theme"): defaults, the host's `styles` prop validated per property (docs/reference/security.md#widget),
 * exposed as CSS custom properties, and the widget's own rules. Everything is delivered through
 * constructable stylesheets so a strict CSP (`style-src 'self'`) works and nothing goes through
 * an innerHTML sink.
 */

/** Colours and radius of one button variant. */
export interface ButtonStyle {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: string | number;
}

/** The host's `styles` prop. Invalid values are dropped one by one (the rest still apply). */
export interface StyleConfig {
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
  colors?: { primary?: string; secondary?: string; success?: string; error?: string; disabled?: string };
  container?: { backgroundColor?: string; borderColor?: string; borderRadius?: string | number; width?: string | number };
  buttons?: { primary?: ButtonStyle; secondary?: ButtonStyle; disabled?: ButtonStyle };
  inputs?: {
    backgroundColor?: string;
    textColor?: string;
    borderColor?: string;
    placeholderColor?: string;
    borderRadius?: string | number;
  };
}

/**
 * Every design token (CSS custom property) the widget reads, with its docs/reference/config.md#theme default (what each
 * styles is in theme-docs.ts, which the manifest and README are made from). The widget never declares a token: each use is `var(--auth-x, default)`, so a value set
 * on the element, any ancestor or `:root` reaches the widget through the shadow root, and the
 * `styles` property sets the same tokens on the element (docs/reference/house-style.md#styling styling surface). A default
 * may itself be another token (a primary button follows --auth-color-primary unless it is set).
 */
export const THEME_TOKENS = {
  // The platform's own UI font (San Francisco, Segoe UI, Roboto, Cantarell...): what the page around reads in.
  '--auth-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  '--auth-color-primary': '#19303D',
  '--auth-color-secondary': '#5C727D',
  '--auth-color-success': '#0C5A56',
  '--auth-color-error': '#8B1214',
  '--auth-color-disabled': '#F3F5F6',
  '--auth-container-background': '#FFFFFF',
  '--auth-container-border': '#ADBCC5',
  '--auth-container-radius': '12px',
  '--auth-container-width': '400px',
  '--auth-button-primary-background': 'var(--auth-color-primary, #19303D)',
  '--auth-button-primary-text': '#FFFFFF',
  '--auth-button-primary-border': 'var(--auth-color-primary, #19303D)',
  '--auth-button-primary-radius': '8px',
  '--auth-button-primary-hover-overlay': 'color-mix(in srgb, var(--auth-button-primary-text, #FFFFFF) 14%, transparent)',
  '--auth-button-primary-active-overlay': 'color-mix(in srgb, var(--auth-button-primary-text, #FFFFFF) 28%, transparent)',
  '--auth-button-secondary-background': '#FFFFFF',
  '--auth-button-secondary-text': 'var(--auth-color-primary, #19303D)',
  // A light border (the card's), not the primary colour: secondary, OAuth and wallet buttons read as quiet
  // choices beside the one primary action; their text names them, and hover fills them.
  '--auth-button-secondary-border': 'var(--auth-container-border, #ADBCC5)',
  '--auth-button-secondary-radius': '8px',
  '--auth-button-secondary-hover-overlay': 'color-mix(in srgb, var(--auth-button-secondary-text, var(--auth-color-primary, #19303D)) 8%, transparent)',
  '--auth-button-secondary-active-overlay': 'color-mix(in srgb, var(--auth-button-secondary-text, var(--auth-color-primary, #19303D)) 16%, transparent)',
  '--auth-button-disabled-background': '#F3F5F6',
  '--auth-button-disabled-text': '#8296A1',
  // A disabled button keeps a visible outline: 3.08:1 against the white card (WCAG 1.4.11), where a border
  // the colour of its fill left a 1.09:1 hole in the form.
  '--auth-button-disabled-border': '#8296A1',
  '--auth-button-disabled-radius': '8px',
  '--auth-button-height': '45px',
  '--auth-input-background': '#FFFFFF',
  '--auth-input-text': 'var(--auth-color-primary, #19303D)',
  '--auth-input-border': '#5C727D',
  // 5.05:1 on the white input (WCAG 1.4.3 asks 4.5:1; the old #8296A1 gave 3.08:1). docs/reference/config.md#theme fixes no placeholder colour.
  '--auth-input-placeholder': '#5C727D',
  '--auth-input-radius': '8px',
  '--auth-input-height': '47px',
  '--auth-banner-background': 'color-mix(in srgb, var(--auth-color-error, #8B1214) 4%, var(--auth-container-background, #FFFFFF))',
  '--auth-loading-overlay': 'color-mix(in srgb, var(--auth-container-background, #FFFFFF) 70%, transparent)',
  '--auth-toast-text': 'var(--auth-container-background, #FFFFFF)',
} as const satisfies Record<string, string>;

/** One design token. */
export type ThemeProperty = keyof typeof THEME_TOKENS;

/** The default of each token, resolved to plain values (docs/reference/config.md#theme defaults). */
export const THEME_DEFAULTS: Readonly<Record<ThemeProperty, string>> = Object.fromEntries(
  Object.entries(THEME_TOKENS).map(([name, value]) => [name, plainDefault(value)]),
) as Record<ThemeProperty, string>;

/** `var(--x, fallback)` defaults resolved to their innermost fallback (for the plain-value table). */
function plainDefault(value: string): string {
  const m = /^var\(--[\w-]+,\s*(.+)\)$/.exec(value);
  return m?.[1] ? plainDefault(m[1]) : value;
}

/**
 * Rewrites each `var(--auth-x)` in `css` to `var(--auth-x, <default>)`, so rules read inherited
 * tokens and fall back to the defaults without the widget declaring any token.
 */
export function withTokenFallbacks(css: string): string {
  return css.replace(/var\((--auth-[a-z0-9-]+)\)/g, (whole, name: string) =>
    Object.hasOwn(THEME_TOKENS, name) ? `var(${name}, ${THEME_TOKENS[name as ThemeProperty]})` : whole,
  );
}

// --- The `styles` validator (docs/reference/security.md#widget "theme values validated per property") ---------------------
// A value is set with style.setProperty (never as CSS text), so it cannot leave its declaration;
// the grammar below still keeps it to what a theme needs, and refuses anything that could load or
// run something (url(), expression(), image-set()) or look like markup or CSS syntax.

const FORBIDDEN = /url\(|expression\(|image-set\(|image\(|element\(|[;{}<>\\@!]|\/\*/i;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_FN = /^(?:rgb|hsl)a?\(\s*[\d.%\s,/+-]+\)$/i;
const NAMED = /^[a-z]{3,30}$/i;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i;
const UNIT = /^(?:px|rem|em|%|vw|vh|vmin|vmax|ch|ex|cqw|cqh|svw|svh|dvw|dvh|lvw|lvh)/i;
const FONT = /^[\w\s,'"-]{1,200}$/;

/** What kind of value a token takes. */
export type ValueKind = 'color' | 'length' | 'font';

/** A tiny recursive-descent reader over one value: `var()`, `calc()` (lengths) and plain values. */
class ValueReader {
  i = 0;
  constructor(readonly s: string) {}
  ws(): void {
    while (this.s[this.i] === ' ') this.i++;
  }
  eat(text: string): boolean {
    if (this.s.slice(this.i, this.i + text.length).toLowerCase() !== text) return false;
    this.i += text.length;
    return true;
  }
  /** Index of the `)` closing the group that starts at `from` (just after its `(`), or -1. */
  closing(from: number): number {
    let depth = 1;
    for (let j = from; j < this.s.length; j++) {
      if (this.s[j] === '(') depth++;
      else if (this.s[j] === ')' && --depth === 0) return j;
    }
    return -1;
  }
  /** var(--name) or var(--name, fallback) where the fallback is a value of `kind`. */
  variable(kind: ValueKind): boolean {
    if (!this.eat('var(')) return false;
    const end = this.closing(this.i);
    if (end < 0) return false;
    const inner = this.s.slice(this.i, end);
    this.i = end + 1;
    const m = /^\s*--[A-Za-z0-9_-]{1,100}\s*(?:,(.*))?$/s.exec(inner);
    if (!m) return false;
    return m[1] === undefined || isSafeValue(m[1], kind);
  }
  /** calc( sum ) with numbers, units, + - * /, parentheses, nested var() and calc(). */
  calc(): boolean {
    if (!this.eat('calc(')) return false;
    if (!this.sum()) return false;
    this.ws();
    return this.eat(')');
  }
  sum(): boolean {
    if (!this.product()) return false;
    for (;;) {
      const save = this.i;
      this.ws();
      // CSS needs blanks around + and - in calc(); * and / may stand alone.
      if ((this.eat('+ ') || this.eat('- ')) && this.product()) continue;
      this.i = save;
      return true;
    }
  }
  product(): boolean {
    if (!this.unit()) return false;
    for (;;) {
      const save = this.i;
      this.ws();
      if ((this.eat('*') || this.eat('/')) && this.unit()) continue;
      this.i = save;
      return true;
    }
  }
  unit(): boolean {
    this.ws();
    if (this.s[this.i] === '(') {
      this.i++;
      if (!this.sum()) return false;
      this.ws();
      return this.eat(')');
    }
    if (this.s.slice(this.i, this.i + 4).toLowerCase() === 'var(') return this.variable('length');
    if (this.s.slice(this.i, this.i + 5).toLowerCase() === 'calc(') return this.calc();
    const n = NUMBER.exec(this.s.slice(this.i));
    if (!n) return false;
    this.i += n[0].length;
    const u = UNIT.exec(this.s.slice(this.i));
    if (u) this.i += u[0].length;
    return true;
  }
}

/** True when `raw` is a safe value of `kind`: a plain value, `var(--x[, fallback])`, or (lengths) `calc()`. */
export function isSafeValue(raw: string, kind: ValueKind): boolean {
  const v = raw.trim();
  if (v === '' || v.length > 300 || FORBIDDEN.test(v)) return false;
  const lower = v.toLowerCase();
  if (lower.startsWith('var(') || (kind === 'length' && lower.startsWith('calc('))) {
    const r = new ValueReader(v);
    const ok = lower.startsWith('var(') ? r.variable(kind) : r.calc();
    return ok && r.i === v.length;
  }
  switch (kind) {
    case 'color':
      return HEX.test(v) || COLOR_FN.test(v) || NAMED.test(v);
    case 'length': {
      const n = NUMBER.exec(v);
      if (!n || n[0].startsWith('-')) return false;
      const rest = v.slice(n[0].length);
      return (rest === '' && Number(n[0]) === 0) || UNIT.exec(rest)?.[0].length === rest.length;
    }
    case 'font':
      return FONT.test(v);
  }
}

/** The CSS text of a theme value: numbers are pixels; undefined when the value is not safe for `kind`. */
function cssValue(v: unknown, kind: ValueKind): string | undefined {
  if (kind === 'length' && typeof v === 'number') return Number.isFinite(v) && v >= 0 && v < 10000 ? `${v}px` : undefined;
  if (typeof v === 'string' && isSafeValue(v, kind)) return v.trim();
  return undefined;
}

const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Where each `styles` field lands: its token and kind (docs/reference/config.md#theme Theme). */
const BUTTON_FIELDS = (variant: 'primary' | 'secondary' | 'disabled') =>
  ({
    backgroundColor: [`--auth-button-${variant}-background`, 'color'],
    textColor: [`--auth-button-${variant}-text`, 'color'],
    borderColor: [`--auth-button-${variant}-border`, 'color'],
    borderRadius: [`--auth-button-${variant}-radius`, 'length'],
  }) as const;
/** How `styles` fields map onto tokens: [token, kind], a nested group, or a non-token field. */
export type FieldMap = { readonly [key: string]: readonly [ThemeProperty, ValueKind] | FieldMap | 'boolean' | 'logo' };
/** Where each `styles` field lands (docs/reference/config.md#theme Theme): its token and the kind of value it takes. */
export const STYLE_FIELDS: FieldMap = {
  fontFamily: ['--auth-font-family', 'font'],
  hideHeaderText: 'boolean',
  logo: { logoImageUrl: 'logo' },
  colors: {
    primary: ['--auth-color-primary', 'color'],
    secondary: ['--auth-color-secondary', 'color'],
    success: ['--auth-color-success', 'color'],
    error: ['--auth-color-error', 'color'],
    disabled: ['--auth-color-disabled', 'color'],
  },
  container: {
    backgroundColor: ['--auth-container-background', 'color'],
    borderColor: ['--auth-container-border', 'color'],
    borderRadius: ['--auth-container-radius', 'length'],
    width: ['--auth-container-width', 'length'],
  },
  buttons: { primary: BUTTON_FIELDS('primary'), secondary: BUTTON_FIELDS('secondary'), disabled: BUTTON_FIELDS('disabled') },
  inputs: {
    backgroundColor: ['--auth-input-background', 'color'],
    textColor: ['--auth-input-text', 'color'],
    borderColor: ['--auth-input-border', 'color'],
    placeholderColor: ['--auth-input-placeholder', 'color'],
    borderRadius: ['--auth-input-radius', 'length'],
  },
};

const KIND_WORDS: Record<ValueKind, string> = {
  color: 'a colour (hex, rgb(), hsl(), a colour name, or var(--x, fallback))',
  length: 'a length (a number of pixels, e.g. "8px", "1rem", "50%", calc() or var(--x, fallback))',
  font: 'a font list (letters, digits, spaces, commas, quotes and hyphens)',
};

/** One dropped or unknown `styles` field. */
export interface StyleIssue {
  field: string;
  message: string;
}

/**
 * Validates `styles` per property (docs/reference/security.md#widget): returns the tokens that passed, and an issue naming
 * each field that was dropped (a value of the wrong kind, an unsafe value, an unknown key).
 */
export function checkStyles(styles: unknown): { tokens: Partial<Record<ThemeProperty, string>>; issues: StyleIssue[] } {
  const tokens: Partial<Record<ThemeProperty, string>> = {};
  const issues: StyleIssue[] = [];
  if (styles === undefined || styles === null) return { tokens, issues };
  if (typeof styles !== 'object' || Array.isArray(styles)) {
    issues.push({ field: 'styles', message: 'styles must be an object; it is ignored' });
    return { tokens, issues };
  }
  const walk = (path: string, value: Record<string, unknown>, fields: FieldMap) => {
    for (const [key, v] of Object.entries(value)) {
      const field = `${path}.${key}`;
      const spec = fields[key];
      if (!Object.hasOwn(fields, key) || spec === undefined) {
        issues.push({
          field,
          message: `${field} is not a style option; expected one of ${Object.keys(fields)
            .map((k) => `"${k}"`)
            .join(', ')}. It is ignored`,
        });
        continue;
      }
      if (v === undefined) continue;
      if (spec === 'boolean') {
        if (typeof v !== 'boolean') issues.push({ field, message: `${field} must be true or false; it is ignored` });
      } else if (spec === 'logo') {
        if (typeof v !== 'string' || (v !== '' && safeLogoUrl({ logo: { logoImageUrl: v } }) === null)) {
          issues.push({ field, message: `${field} must be an https URL (http only on localhost); no logo is shown` });
        }
      } else if (Array.isArray(spec)) {
        const [token, kind] = spec as readonly [ThemeProperty, ValueKind];
        const css = cssValue(v, kind);
        if (css === undefined) {
          issues.push({ field, message: `${field} ${JSON.stringify(v) ?? String(v)} is not ${KIND_WORDS[kind]}; it is dropped` });
        } else tokens[token] = css;
      } else if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        walk(field, v as Record<string, unknown>, spec as FieldMap);
      } else {
        issues.push({ field, message: `${field} must be an object; it is ignored` });
      }
    }
  };
  walk('styles', styles as Record<string, unknown>, STYLE_FIELDS);
  return { tokens, issues };
}

/** Validates `styles` per property; returns only the custom properties that passed. */
export function themeProperties(styles: unknown): Partial<Record<ThemeProperty, string>> {
  const out = checkStyles(styles).tokens;
  // A primary colour also themes the primary button and input text unless those are given (the
  // token defaults follow --auth-color-primary too; this keeps a host's explicit value first).
  const primary = out['--auth-color-primary'];
  if (primary) {
    out['--auth-button-primary-background'] ??= primary;
    out['--auth-button-primary-border'] ??= primary;
    out['--auth-button-secondary-text'] ??= primary;
    out['--auth-input-text'] ??= primary;
  }
  return out;
}

/**
 * A dark theme for the `styles` property. The README lists the same values as `--auth-*` tokens for
 * hosts that theme with CSS (test/package/readme.test.ts keeps the two equal).
 * @example
 * import { darkTheme } from 'auth-elements';
 * login.styles = darkTheme;
 */
export const darkTheme: StyleConfig = {
  colors: { primary: '#E8EEF1', secondary: '#A7B6BE', success: '#6FD3C7', error: '#FF9A9C', disabled: '#2A3A44' },
  container: { backgroundColor: '#13212A', borderColor: '#3B4F5A' },
  buttons: {
    primary: { backgroundColor: '#E8EEF1', textColor: '#13212A', borderColor: '#E8EEF1' },
    // A quiet border on secondary buttons (as the light theme's), and a disabled button's outline at 5.08:1 on the card.
    secondary: { backgroundColor: '#13212A', textColor: '#E8EEF1', borderColor: '#4A606C' },
    disabled: { backgroundColor: '#2A3A44', textColor: '#7F929C', borderColor: '#7F929C' },
  },
  inputs: { backgroundColor: '#1B2C36', textColor: '#E8EEF1', borderColor: '#7F929C', placeholderColor: '#94A7B1' },
};

/** The logo URL if it is safe to load: https only (http on localhost/loopback for development). */
export function safeLogoUrl(styles: unknown): string | null {
  const raw = rec(rec(styles)['logo'])['logoImageUrl'];
  if (typeof raw !== 'string' || raw === '') return null;
  try {
    const u = new URL(raw);
    if (u.protocol === 'https:') return u.href;
    if (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)) return u.href;
  } catch {
    // not a URL: no logo
  }
  return null;
}

/** True when the host asked to hide the header text. */
export const hideHeaderText = (styles: unknown): boolean => rec(styles)['hideHeaderText'] === true;

/**
 * Where the widget's rules are scoped in light DOM (elements/host.tsx wraps the widget in this element).
 * One attribute of specificity, not zero (`:where`): a host's plain element rules such as the demo's
 * `button:hover` (0,1,1) would otherwise beat the tab and link buttons' own (0,1,0) and restyle them
 * (1.37:1 text, WCAG 1.4.3); scoped, each rule is at least (0,2,0). Specificity rather than cascade
 * layers: layered rules lose to every unlayered host rule, whatever their specificity. A host rule that
 * names the widget's classes or parts more specifically still wins (docs/reference/config.md#shadow-dom).
 */
export const LIGHT_SCOPE = '[data-ae-light]';

/**
 * The widget's rules. `.ae-root::after` is an invisible strut (no height, 20 breakable spaces of 20 px
 * word spacing): it asks for the container width token's 400 px as the card's widest preferred width
 * (max-content) and for one space as its narrowest (min-content), so a shrink-to-fit container (an
 * auto-width table cell) gives the card the room there is, as it did when 18 px inputs asked for it,
 * and a 320 px grid or flex cell can still hold it. Toasts are in the card's flow, last (after the watermark), not laid over it: an
 * overlay covered the focused Back button at 320 px for up to 4 s (WCAG 2.4.11); in flow a toast can
 * obscure nothing, and nothing above it moves. The list's -20px margin takes back the card's gap
 * while it is empty (it stays mounted: a live region must exist before its text arrives).
 * `scope` prefixes every selector: '' inside a shadow root, {@link LIGHT_SCOPE} in light DOM.
 */
export function widgetCss(scope: string): string {
  const s = scope ? `${scope} ` : '';
  return withTokenFallbacks(`
${s}.ae-root{box-sizing:border-box;font-family:var(--auth-font-family);color:var(--auth-color-primary);background:var(--auth-container-background);border:1px solid var(--auth-container-border);border-radius:var(--auth-container-radius);width:100%;min-width:0;max-width:100%;padding:clamp(16px, 6%, 24px) clamp(12px, 8%, 32px);display:flex;flex-direction:column;gap:20px;position:relative;overflow-wrap:anywhere}
${s}.ae-root *,${s}.ae-root *::before,${s}.ae-root *::after{box-sizing:border-box}
${s}.ae-root::after{content:"                    ";display:block;height:0;margin-top:-20px;overflow:hidden;font-size:10px;line-height:0;word-spacing:20px;white-space:break-spaces;pointer-events:none}
${s}.ae-header{margin:0;font-size:24px;font-weight:600;line-height:1.25;text-align:center;outline:none}
${s}.ae-text{margin:0;font-size:16px;line-height:1.5;color:var(--auth-color-primary)}
${s}.ae-helper{margin:0;font-size:14px;line-height:1.4;color:var(--auth-color-secondary)}
${s}.ae-error{margin:0;font-size:14px;line-height:1.4;color:var(--auth-color-error)}
${s}.ae-banner{padding:12px 16px;border-radius:8px;border:1px solid var(--auth-color-error);color:var(--auth-color-error);background:var(--auth-banner-background);font-size:14px}
${s}.ae-logo{display:block;margin:0 auto;max-height:50px;max-width:100px}
${s}.ae-form{display:flex;flex-direction:column;gap:12px;margin:0}
${s}.ae-form>div:empty{margin-top:-12px}
${s}.ae-label{font-size:14px;font-weight:600}
${s}.ae-input{width:100%;min-height:var(--auth-input-height);padding:8px 12px;line-height:1.4;font:inherit;font-size:16px;color:var(--auth-input-text);background:var(--auth-input-background);border:1px solid var(--auth-input-border);border-radius:var(--auth-input-radius)}
${s}.ae-input::placeholder{color:var(--auth-input-placeholder)}
${s}.ae-input[aria-invalid="true"]{border-color:var(--auth-color-error)}
${s}.ae-input:hover:not(:disabled):not([readonly]){border-color:var(--auth-color-primary)}
${s}.ae-input:disabled{background:var(--auth-color-disabled)}
${s}.ae-input[readonly]{background:var(--auth-color-disabled);border-style:dashed;color:var(--auth-color-secondary);cursor:default}
${s}.ae-button{width:100%;min-height:var(--auth-button-height);padding:6px 16px;display:inline-flex;align-items:center;justify-content:center;gap:10px;line-height:1.3;font:inherit;font-size:16px;font-weight:600;cursor:pointer;transition:background-color .15s,box-shadow .15s;color:var(--auth-button-primary-text);background:var(--auth-button-primary-background);border:1px solid var(--auth-button-primary-border);border-radius:var(--auth-button-primary-radius)}
${s}.ae-button:not(:disabled):not([aria-disabled="true"]):hover{background-image:linear-gradient(var(--auth-button-primary-hover-overlay),var(--auth-button-primary-hover-overlay))}
${s}.ae-button:not(:disabled):not([aria-disabled="true"]):active{background-image:linear-gradient(var(--auth-button-primary-active-overlay),var(--auth-button-primary-active-overlay))}
${s}.ae-button:disabled{cursor:default;color:var(--auth-button-disabled-text);background:var(--auth-button-disabled-background);border-color:var(--auth-button-disabled-border);border-radius:var(--auth-button-disabled-radius)}
${s}.ae-button[aria-busy="true"]{cursor:progress}
${s}.ae-button-spinner{flex:none;width:1em;height:1em;border:2px solid currentColor;border-inline-end-color:transparent;border-radius:50%;animation:ae-spin .8s linear infinite}
${s}.ae-link{padding:0;font:inherit;font-size:14px;font-weight:600;background:none;border:none;color:var(--auth-color-primary);text-decoration:underline;cursor:pointer}
${s}.ae-link[aria-disabled="true"],${s}.ae-link:disabled{cursor:default;text-decoration:none;color:var(--auth-color-secondary)}
${s}.ae-link:not([aria-disabled="true"]):not(:disabled):hover{text-decoration-thickness:2px}
${s}.ae-back:hover{background:var(--auth-color-disabled)}
${s}.ae-back{align-self:flex-start;display:inline-flex;padding:4px;margin:-4px;background:none;border:none;cursor:pointer;color:var(--auth-color-primary);border-radius:4px}
${s}.ae-root :focus-visible{outline:2px solid var(--auth-color-primary);outline-offset:2px}
${s}.ae-progress{height:4px;border-radius:2px;background:var(--auth-color-disabled);overflow:hidden}
${s}.ae-progress>span{display:block;height:100%;width:40%;background:var(--auth-color-primary);animation:ae-progress 1.4s ease-in-out infinite}
@keyframes ae-progress{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
${s}[dir="rtl"] .ae-flip-rtl{transform:scaleX(-1)}
${s}[dir="rtl"] .ae-progress>span{animation-direction:reverse}
${s}.ae-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
${s}.ae-center{text-align:center;align-items:center}
${s}.ae-check{display:block;margin:0 auto;color:var(--auth-color-success)}
${s}.ae-watermark{margin:0;font-size:12px;text-align:center;color:var(--auth-color-secondary)}
${s}.ae-watermark a{color:inherit;font-weight:600}
${s}.ae-toasts{display:flex;flex-direction:column;align-items:center;gap:8px;margin:-20px 0 0;padding:0;list-style:none}${s}.ae-toasts>:first-child{margin-top:20px}
${s}.ae-toast-close{flex:none;min-width:24px;min-height:24px;padding:0;font:inherit;font-size:18px;line-height:1;color:inherit;background:none;border:none;border-radius:4px;cursor:pointer}
${s}.ae-toast-close::before{content:"\\00D7"}
${s}.ae-toast :focus-visible{outline-color:currentColor}
${s}.ae-toast{display:flex;align-items:center;gap:12px;pointer-events:auto;max-width:100%;padding-block:10px;padding-inline:16px 12px;border-radius:8px;font-family:var(--auth-font-family);font-size:14px;color:var(--auth-toast-text);box-shadow:0 2px 8px rgba(0,0,0,.2)}
${s}.ae-toast[data-kind="success"]{background:var(--auth-color-success)}
${s}.ae-toast[data-kind="error"]{background:var(--auth-color-error)}
${s}.ae-tabs{display:flex;flex-wrap:wrap;border-bottom:1px solid var(--auth-container-border)}
${s}.ae-tab:hover{color:var(--auth-color-primary)}
${s}.ae-tab{flex:1;min-width:min-content;overflow-wrap:normal;padding:10px 4px;margin-bottom:-1px;font:inherit;font-size:16px;color:var(--auth-color-secondary);background:none;border:none;border-bottom:2px solid transparent;cursor:pointer}
${s}.ae-tab[aria-selected="true"]{color:var(--auth-color-primary);font-weight:600;border-bottom-color:var(--auth-color-primary)}
${s}.ae-divider{display:flex;align-items:center;gap:12px;font-size:14px;color:var(--auth-color-secondary)}
${s}.ae-divider::before,${s}.ae-divider::after{content:"";flex:1;border-top:1px solid var(--auth-container-border)}
${s}.ae-main-before{display:contents}${s}.ae-main-before>.ae-divider:not(:last-child){display:none}
${s}.ae-phone-row{display:flex;flex-wrap:wrap;gap:8px}
${s}.ae-phone-row>.ae-country{flex:1 1 9rem}
${s}.ae-phone-row>.ae-phone{flex:1.5 1 11rem}
${s}.ae-field{display:flex;flex-direction:column;gap:12px;min-width:0}
${s}.ae-select{padding:0 8px;font-size:16px;text-overflow:ellipsis}
${s}.ae-check{animation:ae-pop .3s ease-out}
@keyframes ae-pop{from{transform:scale(.6);opacity:0}to{transform:scale(1);opacity:1}}
${s}.ae-mailboxes{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
${s}.ae-button-secondary{display:flex;align-items:center;justify-content:center;text-decoration:none;color:var(--auth-button-secondary-text);background:var(--auth-button-secondary-background);border-color:var(--auth-button-secondary-border);border-radius:var(--auth-button-secondary-radius)}
${s}.ae-button-secondary:not(:disabled):not([aria-disabled="true"]):hover{background-image:linear-gradient(var(--auth-button-secondary-hover-overlay),var(--auth-button-secondary-hover-overlay))}
${s}.ae-button-secondary:not(:disabled):not([aria-disabled="true"]):active{background-image:linear-gradient(var(--auth-button-secondary-active-overlay),var(--auth-button-secondary-active-overlay))}
${s}.ae-spinner{width:36px;height:36px;border:4px solid var(--auth-color-disabled);border-top-color:var(--auth-color-primary);border-radius:50%;animation:ae-spin .8s linear infinite}
@keyframes ae-spin{to{transform:rotate(360deg)}}
${s}.ae-slots{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:8px;max-width:22rem;margin-top:calc(-12px - var(--auth-input-height))}
${s}.ae-slot{display:grid;place-items:center;height:var(--auth-input-height);font-size:20px;font-weight:600;color:var(--auth-input-text);background:var(--auth-input-background);border:1px solid var(--auth-input-border);border-radius:var(--auth-input-radius)}
${s}.ae-form>.ae-otp{position:relative;z-index:1;height:var(--auth-input-height);border:0;background:none;color:transparent;caret-color:transparent;outline:none}
${s}.ae-otp:focus~.ae-slots>.ae-slot[data-active]{border-color:var(--auth-color-primary);box-shadow:0 0 0 1px var(--auth-color-primary)}
${s}.ae-otp[aria-invalid="true"]~.ae-slots>.ae-slot{border-color:var(--auth-color-error)}
${s}.ae-otp[readonly]~.ae-slots>.ae-slot{background:var(--auth-color-disabled);color:var(--auth-color-secondary)}
${s}.ae-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){${s}.ae-progress>span{animation:none;width:100%;opacity:.6}${s}.ae-spinner,${s}.ae-button-spinner{animation-duration:3s}${s}.ae-check{animation:none}${s}.ae-button{transition:none}}
@media (forced-colors:active){${s}.ae-tab[aria-selected="true"]{border-bottom:3px solid Highlight;color:Highlight}${s}.ae-progress{border:1px solid CanvasText;background:Canvas}${s}.ae-progress>span{background:Highlight;forced-color-adjust:none}${s}.ae-spinner,${s}.ae-button-spinner{border-color:CanvasText;border-inline-end-color:Canvas;forced-color-adjust:none}${s}.ae-spinner{border-top-color:Highlight}${s}.ae-button[aria-disabled="true"],${s}.ae-button:disabled{color:GrayText;border-color:GrayText}${s}.ae-link:disabled{color:GrayText}${s}.ae-toast{border:1px solid CanvasText}${s}.ae-input[readonly]{border-style:dashed}${s}.ae-form>.ae-otp{forced-color-adjust:none;color:transparent;background:transparent}${s}.ae-otp:focus~.ae-slots>.ae-slot[data-active]{border:2px solid Highlight}}
`);
}

// One shared sheet per scope: the rules never change, only the custom properties do.
const ruleSheets = new Map<string, CSSStyleSheet>();

/** The shared rules sheet for `scope` (built once). */
export function rulesSheet(scope: string): CSSStyleSheet {
  let sheet = ruleSheets.get(scope);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss(scope));
    ruleSheets.set(scope, sheet);
  }
  return sheet;
}

/**
 * The sheet on `selector` (`:host` in shadow DOM): the element's box, and the tokens the `styles`
 * property sets (no defaults: they are `var()` fallbacks in the rules, so tokens set on an ancestor
 * or `:root` still apply). Values go through `style.setProperty`, never through CSS text, so a
 * value cannot inject rules.
 */
export function themeSheet(selector: string, styles: unknown): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${selector}{}`);
  const rule = sheet.cssRules[0];
  if (rule instanceof CSSStyleRule) {
    for (const [name, value] of Object.entries(themeProperties(styles))) rule.style.setProperty(name, value);
    // :host defaults to inline. The widget is a block as wide as its container up to the
    // container width token, and may shrink below it (grid and flex items, table cells):
    // min-width 0 lifts the automatic minimum that made it overflow a 320 px cell.
    rule.style.setProperty('display', 'block');
    rule.style.setProperty('box-sizing', 'border-box');
    rule.style.setProperty('width', '100%');
    rule.style.setProperty('min-width', '0');
    rule.style.setProperty('max-width', withTokenFallbacks('var(--auth-container-width)'));
  }
  return sheet;
}
