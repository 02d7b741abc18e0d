/**
 * The crypto screens, loaded on demand (kept out of the initial `<auth-login>` bundle): one chunk,
 * fetched when a crypto screen is first shown or ahead by the wallet buttons.
 */
import { lazyScreen } from '../lazy.tsx';

const load = () => import('./screens.tsx');
const options = { loading: 'crypto.loading' } as const;

/** The lazily loaded crypto screens (CryptoConfirmation is not among them: it is the shared success screen). */
export const CryptoConnectScreen = lazyScreen(load, (m) => m.CryptoConnect, options);
export const CryptoSignMessageScreen = lazyScreen(load, (m) => m.CryptoSignMessage, options);
export const CryptoOtherScreenScreen = lazyScreen(load, (m) => m.CryptoOtherScreen, options);
export const CryptoSetupWalletScreen = lazyScreen(load, (m) => m.CryptoSetupWallet, options);
export const CryptoErrorScreen = lazyScreen(load, (m) => m.CryptoError, options);

/** Main's wallet buttons: their own chunk, so a login without 'crypto' never loads wallet code. */
export const WalletButtonsGroup = lazyScreen(
  () => import('./WalletButtons.tsx'),
  (m) => m.WalletButtons,
);
