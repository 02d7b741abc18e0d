/** The OAuth texts (SPEC §2 "Main screen" OAuth buttons, §4 One Tap, §8 One Tap developer messages). */

/** Default English texts of the OAuth buttons, the redirect page and Google One Tap; quoted SPEC texts are verbatim. */
export const OAUTH_STRINGS = {
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.redirecting': 'Taking you to {provider}...',
  'oauth.authenticating': 'Signing you in...',
  'oauth.confirmationTitle': 'Success!',
  'oauth.confirmationText': 'You have successfully logged in.',
  'oauth.oneTapLoading': 'Loading Google One Tap...',
  'oauth.oneTapLabel': 'Google One Tap',
} as const satisfies Record<string, string>;
