/** Rules only the second-step screens use: adopted by `useChunkStyles` from their lazy chunk. */
export const MFA_RULES = `
.ae-mfa-factors{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.ae-mfa-trust{display:flex;gap:8px;align-items:center}
.ae-mfa-trust input{width:20px;height:20px;margin:0;flex:none;accent-color:var(--auth-color-primary)}
.ae-mfa-qr{display:block;margin:0 auto;width:200px;height:200px;max-width:100%;background:#FFFFFF}
.ae-mfa-key{display:block;padding:8px;font-size:14px;overflow-wrap:anywhere;text-align:center;border:1px solid var(--auth-container-border);border-radius:var(--auth-input-radius)}
.ae-mfa-codes{margin:0;padding:0;list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:8px}
.ae-mfa-codes code{font-size:15px}
.ae-mfa-actions{display:flex;gap:8px;flex-wrap:wrap}
.ae-mfa-actions>*{flex:1 1 120px}
`;
