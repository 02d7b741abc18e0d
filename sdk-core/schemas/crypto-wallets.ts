/**
 * Crypto-wallet request bodies and answers of docs/reference/methods/crypto-wallets.md#calls (`/crypto_wallets/...`), shared by the client and
 * the server. Bounds keep challenges small: a wallet shows the whole message to its user, and the server
 * stores it until it is signed.
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { sessionDurationMinutes } from './sessions.ts';

/** Longest `crypto_wallet_address` read (an Ethereum address is 42 characters, a Solana one at most 44). */
export const CRYPTO_WALLET_ADDRESS_MAX_LENGTH = 128;
/** Longest `signature` read (65 bytes hex is 132 characters, 64 bytes base58 at most 88). */
export const CRYPTO_WALLET_SIGNATURE_MAX_LENGTH = 256;
/** Longest SIWE `statement` (EIP-4361: one human-readable line). */
export const SIWE_STATEMENT_MAX_LENGTH = 512;
/** Most SIWE `resources` in one message. */
export const SIWE_RESOURCES_MAX = 10;
/** Longest SIWE URI (`uri`, each resource). */
export const SIWE_URI_MAX_LENGTH = 512;

const siweText = z.string().check(z.maxLength(SIWE_URI_MAX_LENGTH));

/** Body of the optional `siwe_params` of authenticate start (EIP-4361 fields the caller may choose). */
export const SiweParamsRequest = z.object({
  uri: z.optional(siweText),
  chain_id: z.optional(z.string().check(z.maxLength(32))),
  issued_at: z.optional(z.string().check(z.maxLength(64))),
  statement: z.optional(z.string().check(z.maxLength(SIWE_STATEMENT_MAX_LENGTH))),
  not_before: z.optional(z.string().check(z.maxLength(64))),
  message_request_id: z.optional(z.string().check(z.maxLength(256))),
  resources: z.optional(z.array(siweText).check(z.maxLength(SIWE_RESOURCES_MAX))),
});
/** Parsed `siwe_params` (docs/reference/methods/crypto-wallets.md#calls). */
export interface SiweParamsRequest {
  /** The URI the sign-in is for; default the request's Origin. */
  uri?: string;
  /** EIP-155 chain id as a decimal string; default "1". */
  chain_id?: string;
  /** RFC 3339 time; default now (must lie within 5 minutes of the server's clock). */
  issued_at?: string;
  statement?: string;
  /** RFC 3339 time before which the signed message is not valid. */
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}
type _SiweParamsRequest = Check<Describes<typeof SiweParamsRequest, SiweParamsRequest>>;

/** Body of `POST /crypto_wallets/authenticate/start/{primary|secondary}`. */
export const CryptoWalletsAuthenticateStartRequest = z.object({
  crypto_wallet_address: z.string().check(z.maxLength(CRYPTO_WALLET_ADDRESS_MAX_LENGTH)),
  crypto_wallet_type: z.string().check(z.maxLength(32)),
  captcha_token: z.optional(z.string().check(z.maxLength(4096))),
  siwe_params: z.optional(SiweParamsRequest),
});
/** Parsed body of authenticate start. */
export interface CryptoWalletsAuthenticateStartRequest {
  crypto_wallet_address: string;
  /** `ethereum` or `solana` (checked by the server so a wrong value gets its own error type). */
  crypto_wallet_type: string;
  captcha_token?: string;
  siwe_params?: SiweParamsRequest;
}
type _CryptoWalletsAuthenticateStartRequest = Check<Describes<typeof CryptoWalletsAuthenticateStartRequest, CryptoWalletsAuthenticateStartRequest>>;

/** Payload of authenticate start: the message the wallet signs. */
export interface CryptoWalletsAuthenticateStartResponse {
  /** The session's user for a secondary start; empty for a primary one (the wallet is not yet proven). */
  user_id: string;
  /** The exact text to sign (personal_sign / signMessage). */
  challenge: string;
  /** True when no user has this wallet yet (a successful authenticate creates one). */
  user_created: boolean;
}

/** Body of `POST /crypto_wallets/authenticate`. */
export const CryptoWalletsAuthenticateRequest = z.object({
  crypto_wallet_address: z.string().check(z.maxLength(CRYPTO_WALLET_ADDRESS_MAX_LENGTH)),
  crypto_wallet_type: z.string().check(z.maxLength(32)),
  signature: z.string().check(z.maxLength(CRYPTO_WALLET_SIGNATURE_MAX_LENGTH)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of authenticate. */
export interface CryptoWalletsAuthenticateRequest {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  /** Ethereum: 0x-prefixed hex of the 65-byte signature; Solana: base58 of the 64-byte ed25519 signature. */
  signature: string;
  session_duration_minutes?: number;
}
type _CryptoWalletsAuthenticateRequest = Check<Describes<typeof CryptoWalletsAuthenticateRequest, CryptoWalletsAuthenticateRequest>>;

/** A wallet as `users/me` lists it (a type alias, so it fits User's open shape). */
export type CryptoWalletInfo = {
  crypto_wallet_id: string;
  /** EIP-55 checksummed for Ethereum, base58 for Solana. */
  crypto_wallet_address: string;
  crypto_wallet_type: 'ethereum' | 'solana';
  verified: boolean;
};

/** The SIWE fields of a signed message, echoed by authenticate (null for a plain challenge). */
export interface SiweParamsResponse {
  domain: string;
  uri: string;
  chain_id: string;
  resources: string[];
  issued_at: string;
  message_request_id: string;
}
