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
  // SPEC §8: developer messages, shown only for a test-mode public token; links become anchors.
  'oauth.oneTapDev.one_tap_origin_not_allowed':
    "Google One Tap: this page's origin is not in the project's allowed origins, so Google would refuse it. Add the origin to the project's settings and to the Google client's Authorized JavaScript origins: https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid",
  'oauth.oneTapDev.one_tap_invalid_client':
    "Google One Tap: the project's Google client ID is unknown to Google or malformed. Check it against your Google Cloud credentials: https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid",
  'oauth.oneTapDev.oauth_config_not_found':
    'Google One Tap: this project has no Google OAuth configuration. Add a Google client ID and secret to the project: https://developers.google.com/identity/gsi/web/guides/get-google-api-clientid',
  'oauth.oneTapDev.no_login_redirect_urls_set':
    "Google One Tap: the project has no login redirect URL. Add one to the project's redirect URLs, or set oauthOptions.loginRedirectURL.",
  'oauth.oneTapDev.no_signup_redirect_urls_set':
    "Google One Tap: the project has no sign-up redirect URL. Add one to the project's redirect URLs, or set oauthOptions.signupRedirectURL.",
  'oauth.oneTapDev.default_provider_not_allowed':
    "Google One Tap: the project's default OAuth provider settings are incompatible with One Tap. Configure Google with your own client ID: https://developers.google.com/identity/gsi/web/guides/overview",
} as const satisfies Record<string, string>;
