/**
 * Rules only the passkey screens use (the Existing Passkeys list): adopted by `useChunkStyles` from
 * the passkey screens' lazy chunk.
 */
export const PASSKEY_RULES = `
.ae-pk-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.ae-pk-item{display:flex;flex-direction:column;gap:8px;padding:12px;border:1px solid var(--auth-container-border);border-radius:var(--auth-input-radius)}
.ae-pk-item[data-pending-delete]{border-color:var(--auth-color-error)}
.ae-pk-name{font-size:16px;font-weight:600;overflow-wrap:anywhere}
.ae-pk-actions{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.ae-pk-rename{display:flex;flex-direction:column;gap:8px}
`;
