/** The crypto wallets method's `part` names, for host CSS: documentation only (react-internals/parts.ts assembles the table through method-parts.ts; no widget code imports it). */
import type { PartTable } from '../parts.ts';

/** The `part` names the wallet buttons and screens render beyond the shell's. */
export const CRYPTO_PARTS = {
  'wallet-button': { at: 300, doc: 'The crypto wallet buttons ("Continue with {wallet}", "Continue with other Crypto Wallet").' },
  'wallet-install-link': { at: 310, doc: 'The "Get {wallet}" link on the wallet setup screen.' },
} as const satisfies PartTable;
