/**
 * The wallets of docs/reference/methods/crypto-wallets.md#data and the 6-button rule of docs/reference/elements/auth-login.md#main-screen: at most 6 - (OAuth providers) - 1 wallet
 * buttons on Main, the rest under 'Continue with other Crypto Wallet' (so, with the "other" button,
 * Main shows at most six buttons in its button area).
 */
import type { StringKey } from '../strings.ts';
import type { WalletOption } from './state.ts';

/** One wallet of docs/reference/methods/crypto-wallets.md#data: its wire type (solana for Phantom and generic Solana, else ethereum), its label, where to get it. */
export interface WalletInfo {
  option: WalletOption;
  type: 'ethereum' | 'solana';
  label: StringKey;
  /** The wallet's download page (https), or null when there is no single one to point at. */
  installUrl: string | null;
}

/** The wallets in docs/reference/config.md#products's order (the order of Main's buttons). */
export const WALLETS: readonly WalletInfo[] = [
  { option: 'Phantom', type: 'solana', label: 'crypto.walletPhantom', installUrl: 'https://phantom.com/download' },
  { option: 'Vessel', type: 'ethereum', label: 'crypto.walletVessel', installUrl: null },
  { option: 'Binance', type: 'ethereum', label: 'crypto.walletBinance', installUrl: 'https://www.binance.com/en/web3wallet' },
  { option: 'Coinbase', type: 'ethereum', label: 'crypto.walletCoinbase', installUrl: 'https://www.coinbase.com/wallet' },
  { option: 'Metamask', type: 'ethereum', label: 'crypto.walletMetamask', installUrl: 'https://metamask.io/download/' },
  { option: 'OtherEthereum', type: 'ethereum', label: 'crypto.walletOtherEthereum', installUrl: 'https://ethereum.org/en/wallets/find-wallet/' },
  { option: 'OtherSolana', type: 'solana', label: 'crypto.walletOtherSolana', installUrl: 'https://solana.com/solana-wallets' },
];

/** The docs/reference/methods/crypto-wallets.md#data facts of one wallet. */
export function walletInfo(option: WalletOption): WalletInfo {
  return WALLETS.find((w) => w.option === option) ?? (WALLETS[4] as WalletInfo);
}

/** Most wallet buttons Main shows beside `oauthProviders` OAuth buttons (docs/reference/methods/oauth.md#screens: 6 - providers - 1, never below 0). */
export function maxWalletButtons(oauthProviders: number): number {
  return Math.max(0, 6 - oauthProviders - 1);
}

/** The wallets Main shows as buttons and those under 'Continue with other Crypto Wallet'. */
export function splitWallets(oauthProviders: number): { shown: readonly WalletInfo[]; rest: readonly WalletInfo[] } {
  const max = maxWalletButtons(oauthProviders);
  return WALLETS.length <= max ? { shown: WALLETS, rest: [] } : { shown: WALLETS.slice(0, max), rest: WALLETS.slice(max) };
}
