/** The crypto-wallet part of the login state machine (docs/reference/methods/crypto-wallets.md#screens "Crypto", docs/reference/elements/auth-login.md#states cryptoState, docs/reference/methods/crypto-wallets.md#rules "Crypto"): screens, actions, state, reducer steps. */
import type { WidgetState } from '../login/state.ts';
import type { CryptoConfig, CryptoOptions } from './config.ts';
import type { CryptoEventData } from './events.ts';
import type { CRYPTO_STRINGS } from './strings.ts';

/** Wallets of docs/reference/methods/crypto-wallets.md#data. */
export type WalletOption = 'Phantom' | 'Vessel' | 'Binance' | 'Coinbase' | 'Metamask' | 'OtherEthereum' | 'OtherSolana';

/** The docs/reference/methods/crypto-wallets.md#screens crypto screens. */
export type CryptoScreenName = 'CryptoConnect' | 'CryptoSignMessage' | 'CryptoOtherScreen' | 'CryptoSetupWallet' | 'CryptoError' | 'CryptoConfirmation';

/** docs/reference/elements/auth-login.md#states cryptoState: the connected address, the wallet picked (default Metamask), the challenge to sign. */
export interface CryptoState {
  walletAddress: string;
  walletOption: WalletOption;
  walletChallenge: string;
}

/** What happens in the wallet flow (docs/reference/methods/crypto-wallets.md#rules: connect, authenticateStart, sign, authenticate, success; any failure to CryptoError). */
export type CryptoAction =
  | { type: 'crypto_other_wallets' }
  | { type: 'crypto_wallet_selected'; wallet: WalletOption }
  | { type: 'crypto_wallet_missing'; wallet: WalletOption }
  | { type: 'crypto_challenge_received'; wallet: WalletOption; address: string; challenge: string }
  | { type: 'crypto_authenticated'; wallet: WalletOption }
  | { type: 'crypto_failed'; wallet: WalletOption };

/** The types the crypto-wallets method declares (method.ts). */
export interface CryptoTypes {
  screen: CryptoScreenName;
  action: CryptoAction;
  product: 'crypto';
  strings: typeof CRYPTO_STRINGS;
  events: CryptoEventData;
  state: { cryptoState: CryptoState };
  options: CryptoOptions;
  config: CryptoConfig;
}

const FLOW_SCREENS: readonly string[] = ['CryptoConnect', 'CryptoSignMessage'];
const START_SCREENS: readonly string[] = ['Main', 'CryptoOtherScreen', 'CryptoError', 'CryptoSetupWallet'];

/** The crypto reducer steps. Late answers (the user went back meanwhile) change nothing: each step checks where the widget is. */
export function reduceCrypto(state: WidgetState, action: CryptoAction): WidgetState {
  const here = state.screen as string;
  const sameWallet = 'wallet' in action && state.cryptoState.walletOption === action.wallet;
  switch (action.type) {
    case 'crypto_other_wallets':
      return here === 'Main' ? { ...state, screen: 'CryptoOtherScreen' } : state;
    case 'crypto_wallet_selected':
      if (!START_SCREENS.includes(here)) return state;
      return { ...state, screen: 'CryptoConnect', cryptoState: { walletAddress: '', walletOption: action.wallet, walletChallenge: '' }, errorDescriptor: null };
    case 'crypto_wallet_missing':
      // From a pick, or from CryptoConnect when the wallet went away before it connected.
      if (!START_SCREENS.includes(here) && here !== 'CryptoConnect') return state;
      return { ...state, screen: 'CryptoSetupWallet', cryptoState: { walletAddress: '', walletOption: action.wallet, walletChallenge: '' } };
    case 'crypto_challenge_received':
      if (here !== 'CryptoConnect' || !sameWallet) return state;
      return {
        ...state,
        screen: 'CryptoSignMessage',
        cryptoState: { walletOption: action.wallet, walletAddress: action.address, walletChallenge: action.challenge },
      };
    case 'crypto_authenticated':
      if (here !== 'CryptoSignMessage' || !sameWallet) return state;
      return { ...state, screen: 'CryptoConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
    case 'crypto_failed':
      if (!FLOW_SCREENS.includes(here) || !sameWallet) return state;
      return { ...state, screen: 'CryptoError', cryptoState: { ...state.cryptoState, walletChallenge: '' } };
  }
}

/** Back to Main forgets the address and challenge (the wallet picked stays, docs/reference/methods/crypto-wallets.md#data default Metamask). */
export function backCrypto(state: WidgetState): WidgetState {
  if (state.cryptoState.walletAddress === '' && state.cryptoState.walletChallenge === '') return state;
  return { ...state, cryptoState: { ...state.cryptoState, walletAddress: '', walletChallenge: '' } };
}
