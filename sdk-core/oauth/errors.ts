/**
 * OAuth's errors (docs/reference/methods/oauth.md#errors): the two OAuth error types with their reference texts, as subclasses of
 * ApiError (so `isApiError(e, 'oauth_token_not_found')` and the widget's error texts keep working),
 * and One Tap's failure (docs/reference/methods/oauth.md#errors "One Tap: failure reasons").
 */
import { ApiError, AuthError } from '../errors.ts';

/** docs/reference/methods/oauth.md#errors texts of the OAuth error types. */
export const OAUTH_ERROR_MESSAGES = {
  oauth_token_not_found: 'OAuth Token could not be found.',
  oauth_flow_callback_error: 'An error was encountered in the callback of the OAuth flow. Please try again.',
} as const;

/** The OAuth token on the redirect URL is unknown, used or expired (`/oauth/authenticate` 404). */
export class OAuthTokenNotFoundError extends ApiError {
  static override readonly errorClass: string = 'OAuthTokenNotFoundError';
  constructor(from?: ApiError) {
    super(
      {
        status_code: from?.status_code ?? 404,
        error_type: 'oauth_token_not_found',
        error_message: OAUTH_ERROR_MESSAGES.oauth_token_not_found,
        error_url: from?.error_url ?? '',
        ...(from?.request_id !== undefined ? { request_id: from.request_id } : {}),
      },
      { cause: from },
    );
  }
}

/**
 * The provider reported an error to the server's callback, which sent the browser back with
 * `stytch_token_type=oauth&error=...` instead of a token (contract item 2). `reported` is the
 * address's `error` value (informational: it is not trusted to pick the text).
 */
export class OAuthCallbackError extends ApiError {
  static override readonly errorClass: string = 'OAuthCallbackError';
  /** The `error` query value the redirect carried. */
  declare readonly reported: string;
  /** The `error_reason` it carried, when any (e.g. `oauth_account_already_linked` after a link from a session). */
  declare readonly reason: string | null;
  constructor(reported: string, reason: string | null = null) {
    super({ status_code: 400, error_type: 'oauth_flow_callback_error', error_message: OAUTH_ERROR_MESSAGES.oauth_flow_callback_error, error_url: '' });
    this.reported = reported;
    this.reason = reason;
  }
}

/**
 * Why Google One Tap did not sign the user in (docs/reference/methods/oauth.md#errors): `oauth_config_not_found`, the error_type of
 * a failed onetap start or submit, `user_cancel`, or `unknown_reason`.
 */
export class OneTapError extends AuthError {
  static override readonly errorClass: string = 'OneTapError';
  /** The docs/reference/methods/oauth.md#errors failure reason. */
  declare readonly reason: string;
  constructor(reason: string, message: string, options?: { cause?: unknown }) {
    super('one_tap', message, options);
    this.reason = reason;
  }
}
