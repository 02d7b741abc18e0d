/**
 * Small logos of our own for the wallet buttons (simple shapes in each wallet's colour, not the
 * wallets' trademarks); decorative: the button's text names the wallet.
 */
import type { ReactElement } from 'react';
import type { WalletOption } from './state.ts';

const svg = (children: ReactElement | ReactElement[]) => (
  <svg className="ae-wallet-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const ethereum = [<path key="a" d="M10 1 4.5 10.2 10 13.4l5.5-3.2z" fill="#627EEA" />, <path key="b" d="m10 14.5-5.5-3.2L10 19l5.5-7.7z" fill="#8A9FF0" />];

/** The logo of one wallet. */
export const WALLET_ICONS: Record<WalletOption, () => ReactElement> = {
  Phantom: () =>
    svg([
      <rect key="a" width="20" height="20" rx="5" fill="#AB9FF2" />,
      <path key="b" d="M4 11a6 6 0 0 1 12 0v4l-2-1.2-2 1.2-2-1.2-2 1.2-2-1.2L4 15z" fill="#fff" />,
    ]),
  Vessel: () => svg([<rect key="a" width="20" height="20" rx="5" fill="#1B4DFF" />, <path key="b" d="M5 5h2.6L10 12l2.4-7H15l-4 10H9z" fill="#fff" />]),
  Binance: () => svg([<path key="a" d="M10 2 18 10 10 18 2 10z" fill="#F3BA2F" />, <path key="b" d="m10 7 3 3-3 3-3-3z" fill="#fff" />]),
  Coinbase: () => svg([<circle key="a" cx="10" cy="10" r="9" fill="#0052FF" />, <rect key="b" x="7" y="7" width="6" height="6" rx="1" fill="#fff" />]),
  Metamask: () =>
    svg([
      <path key="a" d="M2 3l6 4.5h4L18 3l-1.5 8.5L14 17h-3l-1-1.2L9 17H6l-2.5-5.5z" fill="#F6851B" />,
      <circle key="b" cx="7.5" cy="11" r="1.2" fill="#233447" />,
      <circle key="c" cx="12.5" cy="11" r="1.2" fill="#233447" />,
    ]),
  OtherEthereum: () => svg(ethereum),
  OtherSolana: () =>
    svg([
      <path key="a" d="M5 4h12l-2 3H3z" fill="#14F195" />,
      <path key="b" d="M3 8.5h12l2 3H5z" fill="#9945FF" />,
      <path key="c" d="M5 13h12l-2 3H3z" fill="#19FB9B" />,
    ]),
};
