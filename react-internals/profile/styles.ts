/**
 * Rules only the profile's sections use: adopted by `useChunkStyles` from the profile's lazy chunk. Built on
 * the theme's tokens (dark theme and the host's styles apply as they are); every row wraps at 320 px.
 */
export const PROFILE_RULES = `
.ae-profile{gap:24px}
.ae-profile-section{display:flex;flex-direction:column;gap:12px;padding-block-start:16px;border-block-start:1px solid var(--auth-container-border)}
.ae-profile-title{margin:0;font-size:18px;font-weight:600;line-height:1.3}
.ae-profile-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.ae-profile-item{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;padding:12px;border:1px solid var(--auth-container-border);border-radius:var(--auth-input-radius);min-width:0}
.ae-profile-item[data-pending]{border-color:var(--auth-color-error)}
.ae-profile-what{display:flex;flex-direction:column;gap:2px;min-width:0;overflow-wrap:anywhere}
.ae-profile-name{font-size:16px;font-weight:600}
.ae-profile-badges{display:flex;flex-wrap:wrap;gap:6px}
.ae-profile-badge{font-size:12px;font-weight:600;padding:1px 8px;border:1px solid var(--auth-container-border);border-radius:999px;color:var(--auth-color-secondary)}
.ae-profile-actions{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center}
.ae-profile-form{display:flex;flex-direction:column;gap:8px}
.ae-profile-row{display:flex;flex-wrap:wrap;gap:8px}
.ae-profile-row>*{flex:1 1 12em;min-width:0}
.ae-profile-ok{margin:0;font-size:14px;color:var(--auth-color-success)}
.ae-profile-ok:empty,.ae-profile .ae-error:empty{display:none}
.ae-profile-qr{display:block;width:180px;max-width:100%;height:auto;background:#fff;padding:8px;border-radius:var(--auth-input-radius)}
.ae-profile-code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:15px;overflow-wrap:anywhere;direction:ltr;unicode-bidi:isolate}
.ae-profile-codes{margin:0;padding:0;list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(9em,1fr));gap:4px 12px}
.ae-profile-danger{border-color:var(--auth-color-error)}
.ae-profile .ae-button{width:auto;align-self:flex-start;padding-inline:16px}
@media (forced-colors: active){.ae-profile-badge,.ae-profile-item{border-color:CanvasText}}
`;
