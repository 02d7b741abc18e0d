/** Rules only the wallet buttons and screens use: adopted by `useChunkStyles` from their lazy chunks. */
export const CRYPTO_RULES = `
.ae-wallets{display:flex;flex-direction:column;gap:8px}
.ae-wallet-button{display:flex;align-items:center;justify-content:center;gap:8px}
.ae-wallet-icon{flex:none}
.ae-wallet-status{display:flex;flex-direction:column;align-items:center;gap:16px;text-align:center}
`;
