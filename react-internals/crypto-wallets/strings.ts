/** The crypto-wallet texts (docs/reference/elements/auth-login.md#main-screen "Main screen" and "Crypto", docs/reference/methods/crypto-wallets.md#errors Crypto); quoted reference texts are verbatim. */
import { CRYPTO_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of the wallet buttons and screens. */
export const CRYPTO_STRINGS = {
  ...CRYPTO_FIRST_SCREEN_STRINGS,
  'crypto.otherTitle': 'Other Crypto Wallets',
  'crypto.connectTitle': 'Connecting to {wallet}...',
  'crypto.connectText': 'Approve the connection request in your wallet.',
  'crypto.signTitle': 'Complete signature request',
  'crypto.signText': 'Sign the message in {wallet} to prove you own this wallet. Signing is free and sends no transaction.',
  'crypto.setupTitle': 'Set up a new crypto wallet',
  'crypto.setupText': "We couldn't find {wallet} in this browser. Install it (or another wallet), then try again.",
  'crypto.setupLink': 'Get {wallet}',
  'crypto.tryAgain': 'Try again',
  'crypto.errorTitle': 'Looks like there was an error!',
  'crypto.errorText': 'Crypto: your sign in request could not be completed.',
  'crypto.successTitle': 'Success!',
  'crypto.successText': 'You have successfully logged in.',
  'crypto.newTab': '(opens in a new tab)',
  'crypto.loading': 'Loading wallets...',
} as const satisfies Record<string, string>;
