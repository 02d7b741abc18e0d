/**
 * Theme (SPEC §3 "Theme"): defaults, the host's `styles` prop validated per property (DESIGN §3),
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

/** Names of the custom properties the widget reads; hosts may set them on the element too. */
export const THEME_DEFAULTS = {
  '--auth-font-family': 'Arial, Helvetica, sans-serif',
  '--auth-color-primary': '#19303D',
  '--auth-color-secondary': '#5C727D',
  '--auth-color-success': '#0C5A56',
  '--auth-color-error': '#8B1214',
  '--auth-color-disabled': '#F3F5F6',
  '--auth-container-background': '#FFFFFF',
  '--auth-container-border': '#ADBCC5',
  '--auth-container-radius': '8px',
  '--auth-container-width': '400px',
  '--auth-button-primary-background': '#19303D',
  '--auth-button-primary-text': '#FFFFFF',
  '--auth-button-primary-border': '#19303D',
  '--auth-button-primary-radius': '4px',
  '--auth-button-secondary-background': '#FFFFFF',
  '--auth-button-secondary-text': '#19303D',
  '--auth-button-secondary-border': '#19303D',
  '--auth-button-secondary-radius': '4px',
  '--auth-button-disabled-background': '#F3F5F6',
  '--auth-button-disabled-text': '#8296A1',
  '--auth-button-disabled-border': '#F3F5F6',
  '--auth-button-disabled-radius': '4px',
  '--auth-button-height': '45px',
  '--auth-input-background': '#FFFFFF',
  '--auth-input-text': '#19303D',
  '--auth-input-border': '#5C727D',
  '--auth-input-placeholder': '#8296A1',
  '--auth-input-radius': '4px',
  '--auth-input-height': '47px',
} as const;

/** One themable custom property. */
export type ThemeProperty = keyof typeof THEME_DEFAULTS;

// Colours: hex, rgb()/hsl() with plain numeric arguments, or a named colour. No url(), var(),
// semicolons or braces, so a value can never escape its declaration.
const COLOR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%\s,/+-]+\)|[a-z]{3,30})$/i;
const LENGTH = /^\d{1,4}(\.\d{1,3})?(px|rem|em|%|vw)$/;
const FONT = /^[\w\s,'"-]{1,200}$/;

const isColor = (v: unknown): v is string => typeof v === 'string' && COLOR.test(v.trim());
/** A length as CSS text; numbers are pixels. */
const toLength = (v: unknown): string | undefined => {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 10000) return `${v}px`;
  if (typeof v === 'string' && LENGTH.test(v.trim())) return v.trim();
  return undefined;
};
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Validates `styles` per property; returns only the custom properties that passed. */
export function themeProperties(styles: unknown): Partial<Record<ThemeProperty, string>> {
  const s = rec(styles);
  const out: Partial<Record<ThemeProperty, string>> = {};
  const color = (prop: ThemeProperty, v: unknown) => {
    if (isColor(v)) out[prop] = v.trim();
  };
  const length = (prop: ThemeProperty, v: unknown) => {
    const l = toLength(v);
    if (l) out[prop] = l;
  };
  if (typeof s['fontFamily'] === 'string' && FONT.test(s['fontFamily'])) out['--auth-font-family'] = s['fontFamily'];
  const colors = rec(s['colors']);
  color('--auth-color-primary', colors['primary']);
  color('--auth-color-secondary', colors['secondary']);
  color('--auth-color-success', colors['success']);
  color('--auth-color-error', colors['error']);
  color('--auth-color-disabled', colors['disabled']);
  // A primary colour also themes the primary button and input text unless those are given.
  if (out['--auth-color-primary']) {
    out['--auth-button-primary-background'] = out['--auth-color-primary'];
    out['--auth-button-primary-border'] = out['--auth-color-primary'];
    out['--auth-button-secondary-text'] = out['--auth-color-primary'];
    out['--auth-input-text'] = out['--auth-color-primary'];
  }
  const container = rec(s['container']);
  color('--auth-container-background', container['backgroundColor']);
  color('--auth-container-border', container['borderColor']);
  length('--auth-container-radius', container['borderRadius']);
  length('--auth-container-width', container['width']);
  const buttons = rec(s['buttons']);
  for (const variant of ['primary', 'secondary', 'disabled'] as const) {
    const b = rec(buttons[variant]);
    color(`--auth-button-${variant}-background`, b['backgroundColor']);
    color(`--auth-button-${variant}-text`, b['textColor']);
    color(`--auth-button-${variant}-border`, b['borderColor']);
    length(`--auth-button-${variant}-radius`, b['borderRadius']);
  }
  const inputs = rec(s['inputs']);
  color('--auth-input-background', inputs['backgroundColor']);
  color('--auth-input-text', inputs['textColor']);
  color('--auth-input-border', inputs['borderColor']);
  color('--auth-input-placeholder', inputs['placeholderColor']);
  length('--auth-input-radius', inputs['borderRadius']);
  return out;
}

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
 * The widget's rules. `scope` prefixes every selector: '' inside a shadow root, a zero-specificity
 * `:where(...)` in light DOM so the rules stay on the widget and host CSS can still win.
 */
export function widgetCss(scope: string): string {
  const s = scope ? `${scope} ` : '';
  return `
${s}.ae-root{box-sizing:border-box;font-family:var(--auth-font-family);color:var(--auth-color-primary);background:var(--auth-container-background);border:1px solid var(--auth-container-border);border-radius:var(--auth-container-radius);width:var(--auth-container-width);max-width:100%;padding:24px 32px;display:flex;flex-direction:column;gap:20px;position:relative}
${s}.ae-root *,${s}.ae-root *::before,${s}.ae-root *::after{box-sizing:border-box}
${s}.ae-header{margin:0;font-size:24px;font-weight:600;line-height:1.25;text-align:center;outline:none}
${s}.ae-text{margin:0;font-size:16px;line-height:1.5;color:var(--auth-color-primary)}
${s}.ae-helper{margin:0;font-size:14px;line-height:1.4;color:var(--auth-color-secondary)}
${s}.ae-error{margin:0;font-size:14px;line-height:1.4;color:var(--auth-color-error)}
${s}.ae-banner{padding:12px 16px;border-radius:4px;border:1px solid var(--auth-color-error);color:var(--auth-color-error);background:#FFF8F8;font-size:14px}
${s}.ae-logo{display:block;margin:0 auto;max-height:50px;max-width:100px}
${s}.ae-form{display:flex;flex-direction:column;gap:12px;margin:0}
${s}.ae-label{font-size:14px;font-weight:600}
${s}.ae-input{width:100%;height:var(--auth-input-height);padding:0 12px;font:inherit;font-size:18px;color:var(--auth-input-text);background:var(--auth-input-background);border:1px solid var(--auth-input-border);border-radius:var(--auth-input-radius)}
${s}.ae-input::placeholder{color:var(--auth-input-placeholder)}
${s}.ae-input[aria-invalid="true"]{border-color:var(--auth-color-error)}
${s}.ae-input:disabled{background:var(--auth-color-disabled)}
${s}.ae-otp{letter-spacing:0.5em;text-align:center;font-variant-numeric:tabular-nums}
${s}.ae-button{width:100%;height:var(--auth-button-height);font:inherit;font-size:18px;font-weight:600;cursor:pointer;color:var(--auth-button-primary-text);background:var(--auth-button-primary-background);border:1px solid var(--auth-button-primary-border);border-radius:var(--auth-button-primary-radius)}
${s}.ae-button:disabled{cursor:default;color:var(--auth-button-disabled-text);background:var(--auth-button-disabled-background);border-color:var(--auth-button-disabled-border);border-radius:var(--auth-button-disabled-radius)}
${s}.ae-link{padding:0;font:inherit;font-size:14px;font-weight:600;background:none;border:none;color:var(--auth-color-primary);text-decoration:underline;cursor:pointer}
${s}.ae-link[aria-disabled="true"]{cursor:default;text-decoration:none;color:var(--auth-color-secondary)}
${s}.ae-back{align-self:flex-start;display:inline-flex;padding:4px;margin:-4px;background:none;border:none;cursor:pointer;color:var(--auth-color-primary);border-radius:4px}
${s}.ae-root :focus-visible{outline:2px solid var(--auth-color-primary);outline-offset:2px}
${s}.ae-progress{height:4px;border-radius:2px;background:var(--auth-color-disabled);overflow:hidden}
${s}.ae-progress>span{display:block;height:100%;width:100%;background:var(--auth-color-primary);transform-origin:left;animation:ae-progress 10s linear forwards}
@keyframes ae-progress{from{transform:scaleX(0)}to{transform:scaleX(1)}}
${s}.ae-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
${s}.ae-center{text-align:center;align-items:center}
${s}.ae-check{display:block;margin:0 auto;color:var(--auth-color-success)}
${s}.ae-watermark{margin:0;font-size:12px;text-align:center;color:var(--auth-color-secondary)}
${s}.ae-watermark a{color:inherit;font-weight:600}
${s}.ae-toasts{position:fixed;top:16px;left:50%;transform:translateX(-50%);display:flex;flex-direction:column;gap:8px;z-index:2147483647;margin:0;padding:0;list-style:none}
${s}.ae-toast{padding:10px 16px;border-radius:4px;font-family:var(--auth-font-family);font-size:14px;color:#FFFFFF;box-shadow:0 2px 8px rgba(0,0,0,.2)}
${s}.ae-toast[data-kind="success"]{background:var(--auth-color-success)}
${s}.ae-toast[data-kind="error"]{background:var(--auth-color-error)}
${s}.ae-tabs{display:flex;border-bottom:1px solid var(--auth-container-border)}
${s}.ae-tab{flex:1;padding:10px 8px;margin-bottom:-1px;font:inherit;font-size:16px;color:var(--auth-color-secondary);background:none;border:none;border-bottom:2px solid transparent;cursor:pointer}
${s}.ae-tab[aria-selected="true"]{color:var(--auth-color-primary);font-weight:600;border-bottom-color:var(--auth-color-primary)}
${s}.ae-divider{display:flex;align-items:center;gap:12px;font-size:14px;color:var(--auth-color-secondary)}
${s}.ae-divider::before,${s}.ae-divider::after{content:"";flex:1;border-top:1px solid var(--auth-container-border)}
${s}.ae-phone-row{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:8px}
${s}.ae-field{display:flex;flex-direction:column;gap:12px;min-width:0}
${s}.ae-select{padding:0 8px;font-size:16px;text-overflow:ellipsis}
${s}.ae-mailboxes{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
${s}.ae-button-secondary{display:flex;align-items:center;justify-content:center;text-decoration:none;color:var(--auth-button-secondary-text);background:var(--auth-button-secondary-background);border-color:var(--auth-button-secondary-border);border-radius:var(--auth-button-secondary-radius)}
${s}.ae-loading{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(255,255,255,.7);border-radius:var(--auth-container-radius);z-index:1}
${s}.ae-spinner{width:36px;height:36px;border:4px solid var(--auth-color-disabled);border-top-color:var(--auth-color-primary);border-radius:50%;animation:ae-spin .8s linear infinite}
@keyframes ae-spin{to{transform:rotate(360deg)}}
${s}.ae-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){${s}.ae-progress>span{animation:none}${s}.ae-spinner{animation-duration:3s}}
`;
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
 * A sheet holding the theme custom properties on `selector` (`:host` in shadow DOM). Values go
 * through `style.setProperty`, never through CSS text, so a value cannot inject rules.
 */
export function themeSheet(selector: string, styles: unknown): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`${selector}{}`);
  const rule = sheet.cssRules[0];
  if (rule instanceof CSSStyleRule) {
    const props: Record<string, string> = { ...THEME_DEFAULTS, ...themeProperties(styles) };
    for (const [name, value] of Object.entries(props)) rule.style.setProperty(name, value);
    // :host defaults to inline; the widget is a block of fixed width.
    rule.style.setProperty('display', 'block');
    rule.style.setProperty('width', 'fit-content');
    rule.style.setProperty('max-width', '100%');
  }
  return sheet;
}
