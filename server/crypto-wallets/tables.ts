/** Kysely table types of the crypto-wallets method, made by its migration 0009_crypto_wallets (conventions of db/schema.ts). */

/** `crypto_wallets`: a wallet proven by a signature, owned by one user; unique per project and type. */
export interface CryptoWalletsTable {
  crypto_wallet_id: string;
  project_id: string;
  user_id: string;
  /** 'ethereum' or 'solana'. */
  crypto_wallet_type: string;
  /** Canonical form: EIP-55 checksummed (Ethereum) or base58 of the 32-byte public key (Solana). */
  crypto_wallet_address: string;
  created_at: number;
  last_used_at: number | null;
}

/**
 * `crypto_wallet_challenges`: messages issued by authenticate start, single use, 10 minutes. The
 * message is kept whole because verifying a signature needs the signed bytes (ed25519 hashes the message
 * with R and the key); it is not a credential: only the wallet's private key turns it into one.
 */
export interface CryptoWalletChallengesTable {
  challenge_id: string;
  project_id: string;
  crypto_wallet_type: string;
  crypto_wallet_address: string;
  /** SHA-256 (hex) of the message's 128-bit nonce, unique: a nonce can never be issued twice. */
  nonce_hash: string;
  message: string;
  /** 1 when the message is an EIP-4361 (SIWE) message. */
  siwe: number;
  /** Keyed hash of the starting client's IP (client-keys.ts): its own challenges are tried first at authenticate. */
  requester_hash: string;
  /** The Origin that started it (null for a server-to-server start): authenticate must come from it. */
  origin: string | null;
  /** The session's user and session for a secondary start; null for a primary one. */
  user_id: string | null;
  session_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** The crypto-wallets method's tables (its part of `Database`). */
export interface CryptoWalletsTables {
  crypto_wallets: CryptoWalletsTable;
  crypto_wallet_challenges: CryptoWalletChallengesTable;
}
