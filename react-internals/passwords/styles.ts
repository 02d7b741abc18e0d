/**
 * Rules only the password screens use (show/hide toggle, strength bar, requirement list): adopted by
 * `useChunkStyles` from the screens' lazy chunk. Empty meter segments take the input border colour,
 * 5.05:1 on white (WCAG 1.4.11 asks 3:1; the container border gave 1.95:1); forced-colours mode
 * draws the meter in system colours (issue 17 defect 5).
 */
export const PASSWORD_RULES = `
.ae-pw-field{position:relative}
.ae-pw-field>.ae-input{padding-inline-end:52px}
.ae-pw-toggle{position:absolute;top:0;inset-inline-end:0;height:100%;width:48px;display:inline-flex;align-items:center;justify-content:center;padding:0;background:none;border:none;cursor:pointer;color:var(--auth-color-secondary);border-radius:var(--auth-input-radius)}
.ae-pw-toggle[aria-pressed="true"]{color:var(--auth-color-primary)}
.ae-pw-meter{display:flex;gap:4px}
.ae-pw-meter>span{flex:1;height:4px;border-radius:2px;background:var(--auth-input-border)}
.ae-pw-meter>span[data-fill="red"]{background:var(--auth-color-error)}
.ae-pw-meter>span[data-fill="green"]{background:var(--auth-color-success)}
.ae-pw-list{margin:0;padding:0;padding-inline-start:20px;display:flex;flex-direction:column;gap:4px;font-size:14px;line-height:1.4;color:var(--auth-color-secondary)}
.ae-pw-list>li[data-met="true"]{color:var(--auth-color-success)}
.ae-pw-list>li[data-met="false"]{color:var(--auth-color-error)}
.ae-pw-feedback{display:flex;flex-direction:column;gap:8px}
.ae-pw-feedback:empty{display:none}
@media (forced-colors:active){.ae-pw-meter>span{forced-color-adjust:none;height:6px;background:Canvas;border:1px solid CanvasText}.ae-pw-meter>span[data-fill]{background:CanvasText}.ae-pw-meter>span[data-fill="green"]{background:Highlight;border-color:Highlight}.ae-pw-toggle[aria-pressed="true"]{color:Highlight}}
`;
