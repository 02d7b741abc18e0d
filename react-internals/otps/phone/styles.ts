/**
 * Rules only the phone form uses (the country combobox's list): they ship in the lazily loaded phone
 * chunk and are adopted by `useChunkStyles`, so an email-only widget's first paint does not carry them.
 */
export const PHONE_RULES = `
.ae-combobox{position:relative}
.ae-listbox{position:absolute;top:calc(100% + 4px);inset-inline-start:0;z-index:3;width:max(100%, 16rem);max-height:15rem;overflow:auto;margin:0;padding:4px 0;list-style:none;background:var(--auth-input-background);color:var(--auth-input-text);border:1px solid var(--auth-input-border);border-radius:var(--auth-input-radius);box-shadow:0 6px 20px rgba(0,0,0,.18)}
.ae-listbox[hidden]{display:none}
.ae-option{padding:8px 12px;font-size:16px;line-height:1.4;cursor:pointer}
.ae-option[aria-selected="true"]{background:var(--auth-color-primary);color:var(--auth-container-background)}
.ae-option[data-current]{font-weight:600}
.ae-option-empty{cursor:default;color:var(--auth-color-secondary)}
@media (forced-colors:active){.ae-option[aria-selected="true"]{forced-color-adjust:none;background:Highlight;color:HighlightText}.ae-listbox{border-color:CanvasText}}
`;
