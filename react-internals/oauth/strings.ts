/** The OAuth texts (docs/reference/elements/auth-login.md#main-screen "Main screen" OAuth buttons, docs/reference/methods/oauth.md#rules One Tap, docs/reference/methods/oauth.md#errors One Tap developer messages). */

/** Default English texts of the OAuth buttons, the redirect page and Google One Tap; quoted reference texts are verbatim. */
export const OAUTH_STRINGS = {
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.redirecting': 'Taking you to {provider}...',
  'oauth.authenticating': 'Signing you in...',
  'oauth.confirmationTitle': 'Success!',
  'oauth.confirmationText': 'You have successfully logged in.',
  'oauth.oneTapLoading': 'Loading Google One Tap...',
  'oauth.oneTapLabel': 'Google One Tap',
} as const satisfies Record<string, string>;
