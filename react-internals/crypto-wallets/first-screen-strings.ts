/**
 * Main's wallet buttons: the texts the React-free first paint shows (elements/first-paint/), kept
 * apart from the rest of CRYPTO_STRINGS (strings.ts spreads them in) so the first screen's JS carries
 * only these.
 */
export const CRYPTO_FIRST_SCREEN_STRINGS = {
  'crypto.continueWith': 'Continue with {wallet}',
  'crypto.otherWallets': 'Continue with other Crypto Wallet',
  'crypto.walletPhantom': 'Phantom',
  'crypto.walletVessel': 'Vessel',
  'crypto.walletBinance': 'Binance',
  'crypto.walletCoinbase': 'Coinbase',
  'crypto.walletMetamask': 'Metamask',
  'crypto.walletOtherEthereum': 'Other Ethereum Wallet',
  'crypto.walletOtherSolana': 'Other Solana Wallet',
} as const satisfies Record<string, string>;
