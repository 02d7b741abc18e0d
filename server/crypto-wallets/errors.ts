/** Error types of the crypto-wallets method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/** The crypto-wallets method's error types: malformed wallets and SIWE fields, unknown challenges, failed signatures. */
export const CRYPTO_WALLETS_ERRORS = {
  invalid_crypto_wallet_address: {
    status: 400,
    message: 'The crypto wallet address is not valid for its type (an EIP-55 Ethereum address, or a base58 Solana public key).',
  },
  invalid_crypto_wallet_type: { status: 400, message: "crypto_wallet_type must be 'ethereum' or 'solana'." },
  invalid_siwe_params: { status: 400, message: 'The siwe_params are not valid for this request.' },
  crypto_wallet_challenge_not_found: {
    status: 404,
    message: 'No live challenge for this crypto wallet: it is unknown, expired or already used. Call authenticate start again.',
  },
  unable_to_auth_crypto_wallet: { status: 401, message: 'The crypto wallet signature could not be verified.' },
  duplicate_crypto_wallet: { status: 400, message: 'This crypto wallet already belongs to another user of this project.' },
} as const satisfies ErrorTablePart;
