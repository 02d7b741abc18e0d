/** WebAuthn / passkey request bodies and answers of docs/reference/methods/webauthn.md#calls (`/webauthn/...`), shared by client and server. */
import './zod-config.ts';
import { z } from 'zod/mini';
import type { Check, Describes } from './describes.ts';
import { sessionDurationMinutes } from './sessions.ts';

// Bounded strings keep stored rows small; the credential JSON is bounded well below the body cap.
const shortString = z.string().check(z.maxLength(256));
const domainString = z.string().check(z.maxLength(253));
/** Longest `public_key_credential` JSON accepted (an attestation with a certificate chain fits easily). */
export const PUBLIC_KEY_CREDENTIAL_MAX_LENGTH = 32 * 1024;
/** Longest passkey name accepted by update. */
export const WEBAUTHN_NAME_MAX_LENGTH = 200;

/** `authenticator_type` of register start: `platform` (built in) or `cross-platform` (security key). */
export const WebAuthnAuthenticatorType = z.enum(['platform', 'cross-platform']);

/** Body of `POST /webauthn/register/start`. */
export const WebAuthnRegisterStartRequest = z.object({
  domain: z.optional(domainString),
  authenticator_type: z.optional(WebAuthnAuthenticatorType),
  return_passkey_credential_options: z.optional(z.boolean()),
  user_agent: z.optional(z.string().check(z.maxLength(1024))),
  use_base64_url_encoding: z.optional(z.boolean()),
  override_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  override_name: z.optional(shortString),
  override_display_name: z.optional(shortString),
});
/** Parsed body of `POST /webauthn/register/start`. */
export interface WebAuthnRegisterStartRequest {
  /** RP ID; default the page's hostname. */
  domain?: string;
  authenticator_type?: 'platform' | 'cross-platform';
  return_passkey_credential_options?: boolean;
  user_agent?: string;
  use_base64_url_encoding?: boolean;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
}
type _WebAuthnRegisterStartRequest = Check<Describes<typeof WebAuthnRegisterStartRequest, WebAuthnRegisterStartRequest>>;

/** Body of `POST /webauthn/register`: the browser's credential as a JSON string (base64url fields). */
export const WebAuthnRegisterRequest = z.object({
  public_key_credential: z.string().check(z.maxLength(PUBLIC_KEY_CREDENTIAL_MAX_LENGTH)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
  is_passkey: z.optional(z.boolean()),
});
/** Parsed body of `POST /webauthn/register`. */
export interface WebAuthnRegisterRequest {
  /** The browser's credential as a JSON string. */
  public_key_credential: string;
  session_duration_minutes?: number;
  is_passkey?: boolean;
}
type _WebAuthnRegisterRequest = Check<Describes<typeof WebAuthnRegisterRequest, WebAuthnRegisterRequest>>;

/** Body of `POST /webauthn/authenticate/start/{primary|secondary}`. */
export const WebAuthnAuthenticateStartRequest = z.object({
  domain: z.optional(domainString),
  return_passkey_credential_options: z.optional(z.boolean()),
});
/** Parsed body of `POST /webauthn/authenticate/start/{primary|secondary}`. */
export interface WebAuthnAuthenticateStartRequest {
  domain?: string;
  return_passkey_credential_options?: boolean;
}
type _WebAuthnAuthenticateStartRequest = Check<Describes<typeof WebAuthnAuthenticateStartRequest, WebAuthnAuthenticateStartRequest>>;

/** Body of `POST /webauthn/authenticate`. */
export const WebAuthnAuthenticateRequest = z.object({
  public_key_credential: z.string().check(z.maxLength(PUBLIC_KEY_CREDENTIAL_MAX_LENGTH)),
  session_duration_minutes: z.optional(sessionDurationMinutes),
  conditional_mediation: z.optional(z.boolean()),
  is_passkey: z.optional(z.boolean()),
});
/** Parsed body of `POST /webauthn/authenticate`. */
export interface WebAuthnAuthenticateRequest {
  /** The browser's assertion as a JSON string. */
  public_key_credential: string;
  session_duration_minutes?: number;
  conditional_mediation?: boolean;
  is_passkey?: boolean;
}
type _WebAuthnAuthenticateRequest = Check<Describes<typeof WebAuthnAuthenticateRequest, WebAuthnAuthenticateRequest>>;

/** Body of `PUT /webauthn/update/{id}`. */
export const WebAuthnUpdateRequest = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(WEBAUTHN_NAME_MAX_LENGTH)),
  /** The provider's widget repeats the path's id here (docs/reference/methods/webauthn.md#calls); when given it must match. */
  webauthn_registration_id: z.optional(z.string()),
});
/** Parsed body of `PUT /webauthn/update/{id}`. */
export interface WebAuthnUpdateRequest {
  name: string;
  webauthn_registration_id?: string;
}
type _WebAuthnUpdateRequest = Check<Describes<typeof WebAuthnUpdateRequest, WebAuthnUpdateRequest>>;

/** Payload of register start: the creation options as a JSON string (WebAuthn JSON, base64url). */
export interface WebAuthnRegisterStartResponse {
  user_id: string;
  public_key_credential_creation_options: string;
}

/** Payload of authenticate start: the request options as a JSON string (WebAuthn JSON, base64url). */
export interface WebAuthnAuthenticateStartResponse {
  /** The session's user for a secondary start; empty for a primary (discoverable) one. */
  user_id: string;
  public_key_credential_request_options: string;
}

/** A passkey as `users/me` and the update answer list it (a type alias, so it fits User's open shape). */
export type WebAuthnRegistrationInfo = {
  webauthn_registration_id: string;
  name: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  /** True when registered as a discoverable credential (a passkey). */
  is_passkey: boolean;
  created_at: string;
  last_used_at: string | null;
};
