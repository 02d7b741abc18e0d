/** One wallet's button (Main and CryptoOtherScreen): 'Continue with {wallet}'; picks the wallet and starts the flow. */
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { WALLET_ICONS } from './icons.tsx';
import { findWallet } from './providers.ts';
import type { WalletInfo } from './wallets.ts';
import type { CryptoAction } from './state.ts';

/** Where a pick of `wallet` goes: connecting when the page has the wallet, else setting one up (docs/reference/methods/crypto-wallets.md#screens CryptoSetupWallet). */
export function pickWallet(wallet: WalletInfo): CryptoAction {
  return findWallet(wallet) ? { type: 'crypto_wallet_selected', wallet: wallet.option } : { type: 'crypto_wallet_missing', wallet: wallet.option };
}

/** The button of one wallet. */
export function WalletButton({ wallet }: { wallet: WalletInfo }) {
  const { strings, dispatch } = useWidget();
  const Icon = WALLET_ICONS[wallet.option];
  return (
    <button
      type="button"
      className="ae-button ae-button-secondary ae-wallet-button"
      part="button secondary-button wallet-button"
      data-wallet={wallet.option}
      onClick={() => dispatch(pickWallet(wallet))}
    >
      <Icon />
      {text(strings, 'crypto.continueWith', { wallet: strings[wallet.label] })}
    </button>
  );
}
