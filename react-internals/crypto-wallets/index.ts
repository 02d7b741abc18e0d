/**
 * The crypto-wallets method (docs/reference/methods/crypto-wallets.md#screens "Crypto", docs/reference/elements/auth-login.md#states wallets and cryptoState, docs/reference/methods/crypto-wallets.md#rules "Crypto"; sdk-core's and
 * the server's `crypto-wallets`): Main's wallet buttons and the six crypto screens. Everything but the
 * success screen loads lazily, so a login without 'crypto' never ships wallet code (docs/reference/house-style.md#bundle-size).
 */
import { CRYPTO_EVENTS } from './events.ts';
import { successScreen } from '../components/SuccessScreen.tsx';
import type { UiMethod } from '../method.ts';
import {
  CryptoConnectScreen,
  CryptoErrorScreen,
  CryptoOtherScreenScreen,
  CryptoSetupWalletScreen,
  CryptoSignMessageScreen,
  WalletButtonsGroup,
} from './lazy.ts';
import { backCrypto, type CryptoTypes, reduceCrypto } from './state.ts';
import { CRYPTO_STRINGS } from './strings.ts';

export type { CryptoState, WalletOption } from './state.ts';

/** The crypto-wallets method's UI. */
export const cryptoWalletsMethod: UiMethod<CryptoTypes> = {
  screens: {
    CryptoConnect: CryptoConnectScreen,
    CryptoSignMessage: CryptoSignMessageScreen,
    CryptoOtherScreen: CryptoOtherScreenScreen,
    CryptoSetupWallet: CryptoSetupWalletScreen,
    CryptoError: CryptoErrorScreen,
    CryptoConfirmation: successScreen('crypto.successTitle', 'crypto.successText'),
  },
  actions: {
    crypto_other_wallets: true,
    crypto_wallet_selected: true,
    crypto_wallet_missing: true,
    crypto_challenge_received: true,
    crypto_authenticated: true,
    crypto_failed: true,
  },
  reduce: reduceCrypto,
  back: backCrypto,
  strings: CRYPTO_STRINGS,
  events: CRYPTO_EVENTS,
  // docs/reference/elements/auth-login.md#main-screen: "Wallet and OAuth buttons, an 'or' divider, then the login form": before the passkey group.
  main: {
    order: -1,
    when: (c) => c.products.includes('crypto'),
    Group: WalletButtonsGroup,
    // The buttons and their next step, the crypto screens (CryptoConnect, CryptoSetupWallet).
    preload: async () => {
      await Promise.all([WalletButtonsGroup.preload(), CryptoConnectScreen.preload()]);
    },
  },
};
