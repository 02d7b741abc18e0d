// Login configurations the demo lets a visitor try, one per sign-in method (docs/reference/config.md#widget-config config shape).
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

// OAuth lands back on this page (the widget redeems the token); on a test project every provider
// button goes to the reference server's dev provider page (/dev/oauth/authorize), where you pick or
// type the identity to sign in as.
const oauthBack = `${here}/?methods=oauth`;
const oauth = {
  loginRedirectURL: oauthBack,
  signupRedirectURL: oauthBack,
  providers: [{ type: 'google' }, { type: 'github' }, { type: 'microsoft' }, { type: 'apple' }, { type: 'gitlab' }, { type: 'slack' }],
};
// Google One Tap with the local stand-in for Google's script (served from test/fixtures at
// /fixtures/ by demo/serve.ts): Google's own script needs a real client id and the CSP line in the
// README. The stand-in signs in as the demo identity demo.js gives it (window.gsiStandIn).
const oneTapBack = `${here}/?methods=one-tap`;
const oneTap = {
  loginRedirectURL: oneTapBack,
  signupRedirectURL: oneTapBack,
  oneTapScriptURL: `${here}/fixtures/gsi-stand-in.js`,
  providers: [{ type: 'google', one_tap: true }, { type: 'github' }],
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
  oauth: {
    label: 'OAuth (dev provider) or email passcode',
    config: { products: ['oauth', 'otp'], oauthOptions: oauth, otpOptions: { methods: ['email'] }, sessionOptions: session },
  },
  'one-tap': {
    label: 'Google One Tap (local stand-in)',
    config: { products: ['oauth'], oauthOptions: oneTap, sessionOptions: session },
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
