/** The crypto wallets method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import { resolveCryptoConfig } from './config.ts';
import type { CryptoTypes } from './state.ts';

/** The crypto wallets method's entry. */
export const cryptoWalletsEntry: UiMethodEntry<CryptoTypes> = {
  name: 'crypto-wallets',
  products: ['crypto'],
  options: {},
  resolve: resolveCryptoConfig,
  screenNames: ['CryptoConnect', 'CryptoSignMessage', 'CryptoOtherScreen', 'CryptoSetupWallet', 'CryptoError', 'CryptoConfirmation'],
  initialState: { cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' } },
  load: () => import('./index.ts').then((m) => m.cryptoWalletsMethod),
};
