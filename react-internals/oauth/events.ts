/** What the OAuth buttons, the redirect page and Google One Tap tell the host (docs/reference/elements/auth-login.md#events onEvent). */
import type { OAuthAuthenticateResult, OAuthProvider } from '../../sdk-core/index.ts';

/** Payloads of the OAuth events, by type. */
export interface OAuthEventData {
  /** A provider button was pressed; the browser is leaving for the provider's start URL. */
  OAUTH_START: { provider: OAuthProvider };
  /** The redirect page redeemed the OAuth token; data: the authenticate answer. */
  OAUTH_AUTHENTICATE: OAuthAuthenticateResult;
  /** Google One Tap returned a credential the server accepted; the browser goes to `redirect_url` next. */
  GOOGLE_ONE_TAP_SUBMIT: { redirect_url: string };
  /** Google One Tap did not sign in; `reason` is docs/reference/methods/oauth.md#errors's (oauth_config_not_found, an error_type, user_cancel, unknown_reason). */
  GOOGLE_ONE_TAP_FAILURE: { reason: string };
}

/** The OAuth event types (their part of AuthEventType); values are stable across releases. */
export const OAUTH_EVENTS = {
  OAUTH_START: 'OAUTH_START',
  OAUTH_AUTHENTICATE: 'OAUTH_AUTHENTICATE',
  GOOGLE_ONE_TAP_SUBMIT: 'GOOGLE_ONE_TAP_SUBMIT',
  GOOGLE_ONE_TAP_FAILURE: 'GOOGLE_ONE_TAP_FAILURE',
} as const;
