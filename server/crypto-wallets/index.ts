/**
 * The crypto-wallets method (docs/reference/methods/crypto-wallets.md#screens, docs/reference/methods/crypto-wallets.md#rules, docs/reference/methods/crypto-wallets.md#calls Crypto): Ethereum (EIP-191, SIWE per EIP-4361) and Solana
 * (ed25519) wallets sign a single-use challenge; its migration 0009_crypto_wallets. Registered in
 * server/methods.ts.
 */
import { CRYPTO_WALLETS_SEARCH_OPERANDS } from './backend-data.ts';
import { type ServerMethod, tableTypes } from '../method.ts';
import { CRYPTO_WALLETS_FACTORS } from './factors.ts';
import { CRYPTO_WALLETS_ERRORS } from './errors.ts';
import { CRYPTO_WALLETS_MIGRATIONS } from './migrations.ts';
import { cryptoWalletRoutes } from './routes.ts';
import { cryptoWalletUserRecords } from './store.ts';
import type { CryptoWalletsTables } from './tables.ts';

/** The crypto-wallets method's registry entry. */
export const cryptoWalletsMethod = {
  name: 'crypto-wallets',
  routes: cryptoWalletRoutes,
  userRecords: cryptoWalletUserRecords,
  migrations: CRYPTO_WALLETS_MIGRATIONS,
  errors: CRYPTO_WALLETS_ERRORS,
  factors: CRYPTO_WALLETS_FACTORS,
  userSearchOperands: CRYPTO_WALLETS_SEARCH_OPERANDS,
  backendUpdateAnswerRecords: ['crypto_wallets'],
  tables: tableTypes<CryptoWalletsTables>(),
} satisfies ServerMethod;
