/** Error types of the idp method (server/README.md error table). */
import type { ErrorTablePart } from '../method.ts';

/**
 * The identity provider's own error types, answered by the SDK calls behind `<auth-idp-consent>` (the
 * protocol endpoints answer RFC 6749 5.2 `{error, error_description}` bodies or redirect with `error=`).
 */
export const IDP_ERRORS = {
  idp_client_not_found: { status: 404, message: 'No client application with this client_id is registered with this project.' },
  idp_redirect_uri_mismatch: { status: 400, message: "redirect_uri is not exactly one of the client's registered redirect URIs." },
  idp_post_logout_redirect_uri_mismatch: {
    status: 400,
    message: "post_logout_redirect_uri is not exactly one of the client's registered post-logout redirect URIs.",
  },
  idp_unsupported_response_type: { status: 400, message: "Only response_type 'code' is supported." },
  idp_pkce_method_not_supported: { status: 400, message: "Only code_challenge_method 'S256' is supported ('plain' is refused)." },
  idp_invalid_scope: { status: 400, message: 'The request names no scope, or a scope that is not a valid scope token.' },
  idp_consent_url_not_set: { status: 400, message: 'The project has no idp_consent_url: the page hosting <auth-idp-consent> is not configured.' },
  idp_invalid_id_token_hint: { status: 400, message: 'id_token_hint is not an ID token this provider issued to this client.' },
} as const satisfies ErrorTablePart;
