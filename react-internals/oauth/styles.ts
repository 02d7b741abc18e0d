/**
 * Rules only the OAuth row uses (chunk-styles.ts): adopted by its lazy chunk, and by the React-free
 * first paint (elements/first-paint/) when the config shows the row, so both lay it out alike.
 */
export const OAUTH_RULES = `
.ae-oauth{display:flex;flex-direction:column;gap:8px}
.ae-oauth-button{gap:10px;height:var(--auth-button-height);min-width:0;padding:0 12px;font-size:16px}
.ae-oauth-button>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.ae-oauth-button[aria-disabled="true"]{cursor:default;opacity:.7}
.ae-oauth-logo{flex:none}
.ae-one-tap{position:relative;display:flex;align-items:center;justify-content:center;min-height:47px}
.ae-one-tap .ae-spinner{width:24px;height:24px;border-width:3px}
.ae-one-tap-slot{display:block;width:100%}
.ae-one-tap-dev a{color:inherit}
`;
