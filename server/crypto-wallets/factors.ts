/** The crypto-wallets method's factors (server/method.ts MethodFactor): the user's wallets. */
import type { MethodFactor } from '../method.ts';
import { ownRowFactor } from '../own-row-factor.ts';

/** A wallet, removed by `DELETE /sdk/v1/users/crypto_wallets/:id`. */
export const CRYPTO_WALLETS_FACTORS: readonly MethodFactor[] = [
  // A wallet always signs in (docs/reference/methods/users.md#rules).
  {
    ...ownRowFactor('crypto_wallets', 'crypto_wallet_not_found', 'crypto_wallets', 'crypto_wallet_id', 'wallet'),
    waysIn: (_svc, user) => user.crypto_wallets.length,
  },
];
