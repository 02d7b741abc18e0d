/**
 * The console's stylesheet (issue 31), adopted as a constructable sheet: the page's CSP allows no inline
 * style. It is drawn with the kit's theme tokens (react-internals/theme.ts), so `<auth-login>` and the
 * console share one look; the dark theme sets the same tokens to `darkTheme`'s values under
 * prefers-color-scheme (docs/reference/config.md#theme).
 */
import { darkTheme, themeProperties, widgetCss, withTokenFallbacks } from '../../react-internals/theme.ts';

const dark = Object.entries(themeProperties(darkTheme))
  .map(([name, value]) => `${name}:${value}`)
  .join(';');

/** The console's own rules, after the widget's (scoped to the console's root). */
const ADMIN_CSS = `
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{${dark}}}
html,body{margin:0;padding:0;background:var(--auth-container-background);color:var(--auth-color-primary);font-family:var(--auth-font-family);font-size:16px;line-height:1.5}
*,*::before,*::after{box-sizing:border-box}
.adm-skip{position:absolute;inset-inline-start:8px;top:-100px;padding:8px 12px;background:var(--auth-button-primary-background);color:var(--auth-button-primary-text);border-radius:4px;z-index:10}
.adm-skip:focus{top:8px}
.adm-header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding:12px 16px;border-bottom:1px solid var(--auth-container-border)}
.adm-brand{margin:0;font-size:18px;font-weight:700}
.adm-who{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:14px;color:var(--auth-color-secondary);overflow-wrap:anywhere}
.adm-layout{display:flex;flex-wrap:wrap;align-items:flex-start;min-width:0}
.adm-nav{flex:0 0 200px;padding:12px 8px;border-inline-end:1px solid var(--auth-container-border);align-self:stretch}
.adm-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.adm-nav a{display:block;padding:8px 12px;border-radius:4px;color:var(--auth-color-primary);text-decoration:none}
.adm-nav a:hover{background:var(--auth-color-disabled)}
.adm-nav a[aria-current="page"]{font-weight:700;background:var(--auth-color-disabled);text-decoration:underline}
.adm-main{flex:1 1 0;min-width:0;padding:16px;display:flex;flex-direction:column;gap:20px;max-width:1100px}
.adm-main p{margin:0}
.adm-main h1{margin:0;font-size:24px;line-height:1.25;outline:none}
.adm-main h2{margin:0 0 8px;font-size:19px}
.adm-main h3{margin:0 0 6px;font-size:16px}
.adm-section{display:flex;flex-direction:column;gap:10px;padding:16px;border:1px solid var(--auth-container-border);border-radius:var(--auth-container-radius);min-width:0}
.adm-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.adm-field{display:flex;flex-direction:column;gap:4px;min-width:0;flex:1 1 12rem}
.adm-field>.ae-input,.adm-field>textarea,.adm-field>select{font-size:16px;min-height:40px}
textarea.ae-input{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;min-height:6em;resize:vertical}
.adm .ae-button{width:auto;min-height:40px;font-size:16px}
.adm-danger{--auth-button-primary-background:var(--auth-color-error);--auth-button-primary-border:var(--auth-color-error)}
.adm-table-wrap{overflow-x:auto;max-width:100%}
.adm-table{border-collapse:collapse;width:100%;font-size:14px}
.adm-table th,.adm-table td{text-align:start;padding:6px 8px;border-bottom:1px solid var(--auth-container-border);vertical-align:top;overflow-wrap:anywhere}
.adm-table caption{text-align:start;font-weight:600;padding-bottom:4px}
.adm-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.adm-list>li{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;padding:8px 0;border-bottom:1px solid var(--auth-container-border);overflow-wrap:anywhere;min-width:0}
.adm-muted{color:var(--auth-color-secondary);font-size:14px}
.adm-status{padding:10px 14px;border-radius:4px;border:1px solid var(--auth-color-success);color:var(--auth-color-success)}
.adm-mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;overflow-wrap:anywhere;word-break:break-all}
.adm-secret{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:10px;border:1px dashed var(--auth-container-border);border-radius:4px}
.adm-charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,420px),1fr));gap:16px}
.adm-chart{position:relative;height:240px;min-width:0}
.adm-chart canvas{max-width:100%}
.adm-diff del{color:var(--auth-color-error)}
.adm-diff ins{color:var(--auth-color-success);text-decoration:none}
.adm-pre{white-space:pre-wrap;margin:0}
.adm-preview{width:100%;min-height:360px;border:1px solid var(--auth-container-border);border-radius:4px;background:#fff}
.adm-signin{max-width:440px;margin:24px auto;padding:0 12px;display:flex;flex-direction:column;gap:16px}
.adm a{color:var(--auth-color-primary)}
.adm :focus-visible{outline:2px solid var(--auth-color-primary);outline-offset:2px}
.adm [tabindex="-1"]:focus{outline:none}
.adm-status-region{margin:0}
.adm-status-region:empty{margin-bottom:-20px}
details>summary{cursor:pointer;font-weight:600}
.adm fieldset{margin:0;min-width:0}
@media (max-width:720px){.adm-nav{flex:1 1 100%;border-inline-end:none;border-bottom:1px solid var(--auth-container-border)}.adm-nav ul{flex-direction:row;flex-wrap:wrap}.adm-main{padding:12px}}
`;

/** The console's sheets: the widget's rules (scoped to `.adm`) and its own. */
export function adminSheets(): CSSStyleSheet[] {
  const widget = new CSSStyleSheet();
  widget.replaceSync(widgetCss(':where(.adm)'));
  const own = new CSSStyleSheet();
  own.replaceSync(withTokenFallbacks(ADMIN_CSS));
  return [widget, own];
}
