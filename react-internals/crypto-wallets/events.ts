/** What the wallet buttons and screens tell the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { AuthenticateResponse } from '../../sdk-core/index.ts';

/** Payloads of the crypto-wallet events, by type. */
export interface CryptoEventData {
  /** The wallet connected and a challenge was issued; data: the wallet's address and type. */
  CRYPTO_WALLET_AUTHENTICATE_START: { crypto_wallet_address: string; crypto_wallet_type: 'ethereum' | 'solana' };
  /** A wallet signature signed the user in (or up); data: the authenticate answer. */
  CRYPTO_WALLET_AUTHENTICATE: AuthenticateResponse;
}

/** The crypto-wallet event types (their part of AuthEventType); values are stable across releases. */
export const CRYPTO_EVENTS = {
  CRYPTO_WALLET_AUTHENTICATE_START: 'CRYPTO_WALLET_AUTHENTICATE_START',
  CRYPTO_WALLET_AUTHENTICATE: 'CRYPTO_WALLET_AUTHENTICATE',
} as const;
