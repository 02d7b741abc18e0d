import type { AuthenticateResult, BasicResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import type { CryptoWalletsAuthenticateStartResponse, SiweParamsResponse } from '../schemas/crypto-wallets.ts';
import { check } from '../validate.ts';

/** Sign-In-With-Ethereum parameters (docs/reference/methods/crypto-wallets.md#calls). */
export interface SiweParams {
  uri?: string;
  chain_id?: string;
  issued_at?: string;
  statement?: string;
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}

/** Wallet types the API knows (docs/reference/methods/crypto-wallets.md#data: solana for Phantom and generic Solana, else ethereum). */
export type CryptoWalletType = 'ethereum' | 'solana';

/** Answer of `cryptoWallets.authenticate`: the authenticate answer plus the wallet and, for a SIWE message, its fields. */
export type CryptoWalletAuthenticateResult = AuthenticateResult & { crypto_wallet_id: string; siwe_params: SiweParamsResponse | null };

/** Crypto-wallet sign-in. */
export interface CryptoWallets {
  /** Gets the challenge to sign; primary without a session, secondary with one. */
  authenticateStart(o: {
    crypto_wallet_address: string;
    crypto_wallet_type: CryptoWalletType;
    siwe_params?: SiweParams;
  }): Promise<BasicResult & CryptoWalletsAuthenticateStartResponse>;
  /** Sends the signed challenge and gets a session. */
  authenticate(o: {
    crypto_wallet_address: string;
    crypto_wallet_type: CryptoWalletType;
    signature: string;
    session_duration_minutes: number;
  }): Promise<CryptoWalletAuthenticateResult>;
}

/** Builds the crypto-wallet calls. */
export function createCryptoWallets(ctx: MethodContext): CryptoWallets {
  return {
    async authenticateStart(o) {
      const m = 'cryptoWallets.authenticateStart';
      check(m).optionalObject('options', o);
      check(m)
        .string('crypto_wallet_address', o?.crypto_wallet_address)
        .string('crypto_wallet_type', o?.crypto_wallet_type)
        .optionalObject('siwe_params', o.siwe_params);
      return ctx.protectedRequest({ method: 'POST', path: `/crypto_wallets/authenticate/start/${ctx.sendVariant()}`, body: { ...o } });
    },
    async authenticate(o) {
      const m = 'cryptoWallets.authenticate';
      check(m).optionalObject('options', o);
      check(m)
        .string('crypto_wallet_address', o?.crypto_wallet_address)
        .string('crypto_wallet_type', o?.crypto_wallet_type)
        .string('signature', o?.signature)
        .number('session_duration_minutes', o?.session_duration_minutes);
      return ctx.signIn({ method: 'POST', path: '/crypto_wallets/authenticate', body: { ...o } }, true);
    },
  };
}

/** The registry entry (../methods.ts): `client.cryptoWallets`. */
export const cryptoWalletsMethod = { name: 'cryptoWallets', create: createCryptoWallets } satisfies SdkMethod<'cryptoWallets', CryptoWallets>;
