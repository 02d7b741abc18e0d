/**
 * Main's wallet buttons (docs/reference/elements/auth-login.md#main-screen "Main screen"): the crypto-wallets method's group on Main, loaded
 * lazily only when `products` includes 'crypto' (docs/reference/house-style.md#bundle-size). At most 6 - (OAuth providers) - 1 wallets
 * are buttons; the rest are behind 'Continue with other Crypto Wallet' (CryptoOtherScreen).
 */
import { useEffect, useRef } from 'react';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { OrDivider } from '../components/OrDivider.tsx';
import { useWidget } from '../context.ts';
import type { MainGroupProps } from '../method.ts';
import { WalletButton } from './WalletButton.tsx';
import { discoverWallets } from './providers.ts';
import { CRYPTO_RULES } from './styles.ts';
import { splitWallets } from './wallets.ts';

/** The wallet buttons, before Main's forms with an 'or' divider toward them. */
export function WalletButtons({ side, hasForms }: MainGroupProps) {
  const { config, strings, dispatch } = useWidget();
  const ref = useRef<HTMLDivElement>(null);
  useChunkStyles(ref, CRYPTO_RULES);
  // EIP-6963: wallets announce themselves when asked; asking early lets a click find them at once.
  useEffect(() => discoverWallets(), []);
  if (side !== 'before') return null;
  const { shown, rest } = splitWallets(config.cryptoOAuthProviderCount);
  return (
    <>
      <div className="ae-wallets" ref={ref} data-crypto-wallets="">
        {shown.map((w) => (
          <WalletButton key={w.option} wallet={w} />
        ))}
        {rest.length > 0 && (
          <button
            type="button"
            className="ae-button ae-button-secondary ae-wallet-button"
            part="button secondary-button wallet-button"
            data-crypto-other=""
            onClick={() => dispatch({ type: 'crypto_other_wallets' })}
          >
            {strings['crypto.otherWallets']}
          </button>
        )}
      </div>
      {hasForms && <OrDivider />}
    </>
  );
}
