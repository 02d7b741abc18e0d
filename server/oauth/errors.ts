/** Error types of the oauth method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/**
 * The oauth method's own error types (`oauth_token_not_found`, `oauth_flow_callback_error` and
 * `oauth_user_registration_not_found` are docs/reference/methods/oauth.md#errors's and stay in core's table). The One Tap ones are docs/reference/constants.md#widget's
 * failure reasons, named as the contract in issue 13 names them.
 */
export const OAUTH_ERRORS = {
  oauth_provider_not_supported: { status: 404, message: 'This OAuth provider is not supported.' },
  oauth_config_not_found: { status: 400, message: 'The project has no OAuth configuration (client id) for this provider.' },
  oauth_state_not_found: { status: 400, message: 'The OAuth state is unknown, already used or expired. Please start signing in again.' },
  oauth_unverified_email_conflict: {
    status: 400,
    message: 'The provider did not verify this email address, and it belongs to an existing account: sign in with that account first.',
  },
  one_tap_origin_not_allowed: { status: 400, message: "The request's origin is not one of the project's allowed origins." },
  one_tap_invalid_client: { status: 400, message: 'The configured Google client id is not a valid Google OAuth client id.' },
  no_login_redirect_urls_set: { status: 400, message: 'No login redirect URL was given and the project has no default login redirect URL.' },
  no_signup_redirect_urls_set: { status: 400, message: 'No sign-up redirect URL was given and the project has no default sign-up redirect URL.' },
  default_provider_not_allowed: { status: 400, message: 'Google One Tap is turned off for this project.' },
  one_tap_nonce_not_found: { status: 400, message: 'The One Tap nonce is unknown, already used or expired. Please start again.' },
  one_tap_invalid_id_token: { status: 401, message: 'The Google ID token could not be verified.' },
  // Linking a provider from a session (issue 30, docs/reference/methods/oauth.md#rules).
  oauth_attach_token_not_found: { status: 404, message: 'The OAuth attach token is unknown, already used or expired. Please start linking again.' },
  oauth_account_already_linked: { status: 400, message: 'This provider account is already linked to another account.' },
} as const satisfies ErrorTablePart;
