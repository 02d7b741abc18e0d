/**
 * Identity-provider bodies (issue 14; docs/reference/methods/idp.md#calls `/idp/oauth/authorize/start`, `/submit`, `/oauth/logout/start`):
 * the calls of the consent and logout screen when the server is an OAuth 2.0 / OpenID Connect provider.
 */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';

const param = z.string().check(z.maxLength(2048));
/** Most scopes one authorize request may name. */
export const IDP_MAX_SCOPES = 50;

/** Body of `POST /idp/oauth/authorize/start` (docs/reference/methods/idp.md#data authorize params, scopes already split). */
export const IdpAuthorizeStartRequest = z.object({
  client_id: z.string().check(z.minLength(1), z.maxLength(256)),
  redirect_uri: z.string().check(z.minLength(1), z.maxLength(2048)),
  response_type: z.optional(z.string().check(z.maxLength(64))),
  scopes: z.optional(z.array(z.string().check(z.maxLength(256))).check(z.maxLength(IDP_MAX_SCOPES))),
  code_challenge: z.optional(z.string().check(z.maxLength(256))),
  /** An extension of the SDK's shape: when given it must be `S256` (docs/reference/security.md#oauth-and-idp: `plain` is refused). */
  code_challenge_method: z.optional(z.string().check(z.maxLength(16))),
  state: z.optional(param),
  nonce: z.optional(param),
  prompt: z.optional(z.string().check(z.maxLength(64))),
});
/** Parsed body of `POST /idp/oauth/authorize/start`. */
export interface IdpAuthorizeStartRequest {
  client_id: string;
  redirect_uri: string;
  response_type?: string;
  scopes?: string[];
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  nonce?: string;
  prompt?: string;
}
type _IdpAuthorizeStartRequest = Check<Describes<typeof IdpAuthorizeStartRequest, IdpAuthorizeStartRequest>>;

/** Body of `POST /idp/oauth/authorize/submit`: the start's fields plus the user's decision. */
export const IdpAuthorizeSubmitRequest = z.object({ ...IdpAuthorizeStartRequest.shape, consent_granted: z.boolean() });
/** Parsed body of `POST /idp/oauth/authorize/submit`. */
export interface IdpAuthorizeSubmitRequest extends IdpAuthorizeStartRequest {
  consent_granted: boolean;
}
type _IdpAuthorizeSubmitRequest = Check<Describes<typeof IdpAuthorizeSubmitRequest, IdpAuthorizeSubmitRequest>>;

/** One requested scope as authorize/start judges it (docs/reference/methods/idp.md#data scope_results). */
export interface IdpScopeResult {
  scope: string;
  is_grantable: boolean;
  description: string;
}

/** Answer of `POST /idp/oauth/authorize/start` (docs/reference/methods/idp.md#data). */
export interface IdpAuthorizeStartResponse {
  consent_required: boolean;
  client: { client_id: string; client_name: string; logo_url: string | null; client_type: 'first_party' | 'third_party' };
  scope_results: IdpScopeResult[];
}

/** Answer of `POST /idp/oauth/authorize/submit`: where the browser goes (the client's redirect URI with code or error). */
export interface IdpAuthorizeSubmitResponse {
  redirect_uri: string;
}

/** Body of `POST /oauth/logout/start` (OpenID Connect RP-Initiated Logout 1.0 parameters). */
export const IdpLogoutStartRequest = z.object({
  client_id: z.string().check(z.minLength(1), z.maxLength(256)),
  post_logout_redirect_uri: z.string().check(z.minLength(1), z.maxLength(2048)),
  id_token_hint: z.optional(z.string().check(z.maxLength(16384))),
  state: z.optional(param),
});
/** Parsed body of `POST /oauth/logout/start`. */
export interface IdpLogoutStartRequest {
  client_id: string;
  post_logout_redirect_uri: string;
  id_token_hint?: string;
  state?: string;
}
type _IdpLogoutStartRequest = Check<Describes<typeof IdpLogoutStartRequest, IdpLogoutStartRequest>>;

/** Answer of `POST /oauth/logout/start` (docs/reference/methods/idp.md#data). */
export interface IdpLogoutStartResponse {
  consent_required: boolean;
  redirect_uri: string;
}
