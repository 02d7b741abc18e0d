/** What `<auth-idp-consent>` tells the host (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen", docs/reference/elements/auth-idp-consent.md#events onEvent). */

/** The request an authorize event is about (docs/reference/methods/idp.md#data authorize params, without secrets). */
export interface OAuthAuthorizeEventData {
  client_id: string;
  redirect_uri: string;
  scopes: string[];
}

/** Payloads of the identity-provider events, by type. */
export interface IdpEventData {
  /** The consent screen mounted with an authorize request and calls authorize-start. */
  OAuthAuthorizeFlowStart: OAuthAuthorizeEventData;
  /** The user pressed Deny (the application is told `access_denied`). */
  OAuthAuthorizeFlowConsentDenied: OAuthAuthorizeEventData;
  /** Consent was given (or not needed) and the authorization completed; data: where the browser goes. */
  OAuthAuthorizeFlowComplete: OAuthAuthorizeEventData & { redirect_uri_returned?: string };
}

/** The identity-provider event types (their part of AuthEventType); values are stable across releases. */
export const IDP_EVENTS = {
  OAuthAuthorizeFlowStart: 'OAuthAuthorizeFlowStart',
  OAuthAuthorizeFlowConsentDenied: 'OAuthAuthorizeFlowConsentDenied',
  OAuthAuthorizeFlowComplete: 'OAuthAuthorizeFlowComplete',
} as const;
