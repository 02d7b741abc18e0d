// Login configurations the demo lets a visitor try, one per sign-in method (SPEC §3 config shape).
// Redirect pages live beside this one: authenticate.html finishes magic-link sign-in and reset.html
// hosts <auth-reset-password>.
const here = window.location.origin;
const session = { sessionDurationMinutes: 60 };
const magicLinks = {
  loginRedirectURL: `${here}/authenticate.html`,
  signupRedirectURL: `${here}/authenticate.html`,
};
const passwords = {
  loginRedirectURL: `${here}/authenticate.html`,
  resetPasswordRedirectURL: `${here}/reset.html`,
};

/** Preset id -> label and <auth-login> config. */
export const PRESETS = {
  'email-otp': {
    label: 'Email passcode',
    config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 }, sessionOptions: session },
  },
  'magic-link': {
    label: 'Email magic link',
    config: { products: ['emailMagicLinks'], emailMagicLinksOptions: magicLinks, sessionOptions: session },
  },
  phone: {
    label: 'Text or WhatsApp passcode',
    config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 }, sessionOptions: session },
  },
  password: {
    label: 'Password',
    config: {
      products: ['passwords', 'otp'],
      otpOptions: { methods: ['email'] },
      passwordOptions: passwords,
      sessionOptions: session,
    },
  },
  passkey: {
    label: 'Passkey (plus email passcode)',
    config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] }, sessionOptions: session },
  },
  // Try it with a wallet extension in this browser: MetaMask (or Coinbase, Binance, any EIP-1193 /
  // EIP-6963 Ethereum wallet) or Phantom (or any Solana wallet exposing window.solana). The wallet asks
  // to connect, then to sign a one-time message; nothing is sent on chain and signing costs nothing.
  // For Sign-In with Ethereum (EIP-4361) messages, start the server with the bootstrap flag
  // siwe_required_for_crypto_wallets (server/README.md, "Crypto wallets").
  wallet: {
    label: 'Crypto wallet (MetaMask, Phantom, ...) plus email passcode',
    note: 'Needs a wallet extension (MetaMask, Phantom, Coinbase, ...) in this browser: it asks to connect, then to sign a one-time message. No transaction, no fee.',
    config: { products: ['crypto', 'otp'], otpOptions: { methods: ['email'] }, sessionOptions: session },
  },
  everything: {
    label: 'Everything together',
    config: {
      products: ['emailMagicLinks', 'otp', 'passwords', 'passkeys'],
      emailMagicLinksOptions: magicLinks,
      otpOptions: { methods: ['sms', 'whatsapp'] },
      passwordOptions: passwords,
      sessionOptions: session,
    },
  },
};

/**
 * `config` with `?dom=light` applied: the widget in light DOM (enableShadowDOM false), for hosts
 * whose password manager must see the inputs; any other value keeps the default shadow DOM.
 */
export function withDomMode(config) {
  const light = new URLSearchParams(window.location.search).get('dom') === 'light';
  return light ? { ...config, enableShadowDOM: false } : config;
}

/** The preset named by `?methods=` (default: email passcode). */
export function currentPreset() {
  const id = new URLSearchParams(window.location.search).get('methods');
  return id && id in PRESETS ? id : 'email-otp';
}
