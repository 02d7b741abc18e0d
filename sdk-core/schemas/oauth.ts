/** OAuth and Google One Tap bodies (issue 13's wire contract; docs/reference/methods/oauth.md#calls `/oauth/authenticate`, One Tap start and submit). */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { codeChallenge, codeVerifier } from './pkce.ts';
import type { AuthenticateResponse } from './sessions.ts';
import { sessionDurationMinutes } from './sessions.ts';

export { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from './oauth-providers.ts';

const tokenString = z.string().check(z.maxLength(4096));
const urlString = z.string().check(z.maxLength(2048));

/** Body of `POST /oauth/attach`: the provider whose account the signed-in user will link (docs/reference/methods/oauth.md#calls). */
export const OAuthAttachRequest = z.object({
  provider: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** Parsed body of `POST /oauth/attach`. */
export interface OAuthAttachRequest {
  provider: string;
}
type _OAuthAttachRequest = Check<Describes<typeof OAuthAttachRequest, OAuthAttachRequest>>;

/** Payload of `POST /oauth/attach`: a single-use token (5 minutes) the start of that provider's flow takes as `oauth_attach_token`. */
export interface OAuthAttachResponse {
  oauth_attach_token: string;
}

/** Body of `POST /oauth/authenticate`. */
export const OAuthAuthenticateRequest = z.object({
  token: tokenString,
  code_verifier: z.optional(codeVerifier),
  session_duration_minutes: z.optional(sessionDurationMinutes),
});
/** Parsed body of `POST /oauth/authenticate`. */
export interface OAuthAuthenticateRequest {
  token: string;
  code_verifier?: string;
  session_duration_minutes?: number;
}
type _OAuthAuthenticateRequest = Check<Describes<typeof OAuthAuthenticateRequest, OAuthAuthenticateRequest>>;

/** The provider's tokens of the flow, handed over once at authenticate. */
export interface OAuthProviderValues {
  access_token?: string;
  id_token?: string;
  scopes: string[];
}

/** Payload of `POST /oauth/authenticate`: the authenticate answer plus the provider identity. */
export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  provider_type: string;
  provider_subject: string;
  provider_values: OAuthProviderValues;
  oauth_user_registration_id: string;
}

/** One entry of the wire user's `providers` (an OAuth registration). */
export interface ProviderPart {
  [extra: string]: unknown;
  provider_type: string;
  provider_subject: string;
  oauth_user_registration_id: string;
  profile_picture_url: string;
  locale: string;
}

/** Body of `POST /oauth/google/onetap/start`. */
export const OneTapStartRequest = z.object({
  login_redirect_url: z.optional(urlString),
  signup_redirect_url: z.optional(urlString),
});
/** Parsed body of One Tap start. */
export interface OneTapStartRequest {
  login_redirect_url?: string;
  signup_redirect_url?: string;
}
type _OneTapStartRequest = Check<Describes<typeof OneTapStartRequest, OneTapStartRequest>>;

/** Payload of One Tap start: the Google client id to initialise One Tap with, and the nonce to pass it. */
export interface OneTapStartResponse {
  google_client_id: string;
  nonce: string;
}

/** Body of `POST /oauth/google/onetap/submit`. */
export const OneTapSubmitRequest = z.object({
  id_token: tokenString,
  nonce: z.string().check(z.maxLength(256)),
  login_redirect_url: z.optional(urlString),
  signup_redirect_url: z.optional(urlString),
  code_challenge: z.optional(codeChallenge),
});
/** Parsed body of One Tap submit. */
export interface OneTapSubmitRequest {
  id_token: string;
  nonce: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  code_challenge?: string;
}
type _OneTapSubmitRequest = Check<Describes<typeof OneTapSubmitRequest, OneTapSubmitRequest>>;

/** Payload of One Tap submit: where the browser goes next (`stytch_token_type=oauth&token=...` appended). */
export interface OneTapSubmitResponse {
  redirect_url: string;
}
