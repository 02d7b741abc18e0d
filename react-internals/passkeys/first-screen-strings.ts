/**
 * Main's passkey button and the registration widget's first screen: the texts the React-free first
 * paint shows (elements/first-paint/), kept apart from the rest of PASSKEY_STRINGS (strings.ts spreads
 * them in) so the first screen's JS carries only these.
 */
export const PASSKEY_FIRST_SCREEN_STRINGS = {
  'passkey.loginButton': 'Login with a Passkey',
  'passkeyRegistration.unauthenticated': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'passkeyRegistration.startTitle': 'Set up a new Passkey',
  'passkeyRegistration.startText': 'Passkeys are the easiest and most secure way to sign in: use your fingerprint, face or screen lock instead of a password.',
  'passkeyRegistration.create': 'Create a Passkey',
  'passkeyRegistration.skip': 'Skip',
} as const satisfies Record<string, string>;
