/** Rules only the consent screen uses (its scope lists): adopted by `useChunkStyles` from its lazy chunk. */
export const IDP_RULES = `
.ae-idp-list{margin:0;padding:0;padding-inline-start:20px;display:flex;flex-direction:column;gap:8px;font-size:16px;line-height:1.5;color:var(--auth-color-primary)}
.ae-idp-details{margin:4px 0 0;padding:0;padding-inline-start:18px;font-size:14px;color:var(--auth-color-secondary)}
.ae-idp-section{display:flex;flex-direction:column;gap:8px;margin:0}
.ae-idp-actions{display:flex;gap:12px;flex-wrap:wrap}
.ae-idp-actions>.ae-button{flex:1 1 120px}
`;
