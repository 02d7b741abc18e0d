/**
 * Rules only the OAuth row uses (chunk-styles.ts): adopted by its lazy chunk, and by the React-free
 * first paint (elements/first-paint/) when the config shows the row, so both lay it out alike.
 * A label wraps rather than being cut with an ellipsis (WCAG 1.4.10 reflow, 1.4.12 text spacing:
 * "Continuer avec Microsoft" at 320 px). The one-colour marks (Apple, GitHub, X, TikTok's ground)
 * are black or white as their guidelines allow, whichever the button's background needs: white when
 * its lightness (OKLCH) is under 0.62 (darkTheme), black otherwise; where relative colours are not
 * supported, the button's text colour.
 */
export const OAUTH_RULES = `
.ae-oauth{display:flex;flex-direction:column;gap:8px}
.ae-oauth-button{gap:10px;min-height:var(--auth-button-height);min-width:0;padding:6px 12px;font-size:16px}
.ae-oauth-button>span{min-width:0;text-align:center}
.ae-oauth-mono{fill:currentColor;fill:oklch(from var(--auth-button-secondary-background) clamp(0, (0.62 - l) * 1000, 1) 0 0)}
@media (forced-colors:active){.ae-oauth-mono{fill:CanvasText}}
.ae-oauth-button[aria-disabled="true"]{cursor:default;opacity:.7}
.ae-oauth-logo{flex:none}
.ae-one-tap{position:relative;display:flex;align-items:center;justify-content:center;min-height:47px}
.ae-one-tap .ae-spinner{width:24px;height:24px;border-width:3px}
.ae-one-tap-slot{display:block;width:100%}
.ae-one-tap-dev a{color:inherit}
`;
