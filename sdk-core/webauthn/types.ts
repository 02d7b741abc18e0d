/**
 * The types of the WebAuthn group, apart from its code, so the lazily loaded ceremony module
 * (./ceremony.ts) and ./index.ts both depend on them without depending on each other.
 */
import type { AuthenticateResult, BasicResult, Meta, WithRequired } from '../api-types.ts';
import type { SecondStepFields } from '../schemas/second-step.ts';
import type { User } from '../schemas/users.ts';
import type {
  WebAuthnAuthenticateRequest,
  WebAuthnAuthenticateStartRequest,
  WebAuthnAuthenticateStartResponse,
  WebAuthnRegisterRequest,
  WebAuthnRegisterStartRequest,
  WebAuthnRegisterStartResponse,
  WebAuthnRegistrationInfo,
  WebAuthnUpdateRequest,
} from '../schemas/webauthn.ts';

/**
 * Options of register start (docs/reference/methods/webauthn.md#calls): the wire body's fields, with `is_passkey` for the wire's
 * `return_passkey_credential_options` (domain defaults to the page's hostname, user_agent to the browser's).
 */
export interface WebAuthnRegisterStartOptions
  extends Pick<WebAuthnRegisterStartRequest, 'domain' | 'authenticator_type' | 'user_agent' | 'override_id' | 'override_name' | 'override_display_name'> {
  /** Ask for passkey options: a discoverable credential (return_passkey_credential_options). */
  is_passkey?: boolean;
}

/** Options of a raw authenticate start: the wire body's domain, with `is_passkey` for `return_passkey_credential_options`. */
export interface WebAuthnAuthenticateStartOptions extends Pick<WebAuthnAuthenticateStartRequest, 'domain'> {
  /** Ask for passkey (discoverable credential) options. */
  is_passkey?: boolean;
  /** A second step (issue 29): the first factor's intermediate token, for the user's own passkeys (`client.mfa.intermediateToken()`). */
  intermediate_session_token?: string;
}

/** Options of the registration ceremony. */
export interface WebAuthnRegisterOptions extends WebAuthnRegisterStartOptions {
  /** Required: the session's new length (docs/reference/methods/webauthn.md#validation). */
  session_duration_minutes: number;
  /** Cancels the browser prompt (e.g. when the widget unmounts). */
  signal?: AbortSignal;
}

/** Options of the authentication ceremony. */
export interface WebAuthnAuthenticateOptions {
  /** Required: the session's length (docs/reference/methods/webauthn.md#validation; the widget's default is 30). */
  session_duration_minutes: number;
  /** RP ID; default the page's hostname. */
  domain?: string;
  /** Ask for passkey (discoverable credential) options. */
  is_passkey?: boolean;
  /**
   * Passkey autofill (conditional mediation): the browser offers passkeys in an input whose
   * autocomplete includes `webauthn`. Resolves to null when the browser cannot, or no such input exists.
   */
  conditional_mediation?: boolean;
  /** Cancels the request (autofill requests stay pending until used, so callers abort them on unmount). */
  signal?: AbortSignal;
  /** A second step (issue 29): the first factor's intermediate token instead of a session. */
  intermediate_session_token?: string;
  /** With a second step: remember this device for the project's trust_device_days. */
  trust_device?: boolean;
}

/** Answer of a register or authenticate start: the JSON options for the browser ceremony. */
export type WebAuthnStartResult = Meta & Partial<WebAuthnRegisterStartResponse & WebAuthnAuthenticateStartResponse>;

/** Answer of a registration: the session (now with the webauthn factor) and the new registration's id. */
export interface WebAuthnRegisterResult extends AuthenticateResult {
  webauthn_registration_id: string;
}

/** Answer of a passkey sign-in. */
export interface WebAuthnAuthenticateResult extends AuthenticateResult {
  webauthn_registration_id?: string;
}

/** Why a browser ceremony failed, as far as the browser tells (WebAuthnCeremonyError.reason). */
export type WebAuthnCeremonyReason = 'aborted' | 'duplicate' | 'not_allowed' | 'unsupported' | 'other';

/** Passkeys and other WebAuthn credentials. */
export interface WebAuthn {
  /** Creates a credential: register start, the browser prompt, register. Needs a session. */
  register(o: WebAuthnRegisterOptions): Promise<WebAuthnRegisterResult>;
  /** Signs in with a credential: authenticate start (primary or secondary by session), the browser, authenticate. */
  authenticate(o: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResult | null>;
  /** Renames a registration (PUT /webauthn/update/{id}); the cached user is updated too. */
  update(o: Required<WebAuthnUpdateRequest>): Promise<BasicResult & { webauthn_registration: WebAuthnRegistrationInfo }>;
  /** Removes a registration from the user (DELETE /users/webauthn_registrations/{id}); resolves to the user. */
  deleteRegistration(webauthnRegistrationId: string): Promise<User>;
  /** True when the browser can offer passkeys in input autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
  /** Raw call: creation options for a registration. */
  registerStart(o?: WebAuthnRegisterStartOptions): Promise<WebAuthnStartResult>;
  /** Raw call: sends the created credential (a JSON string). */
  registerFinish(o: WithRequired<WebAuthnRegisterRequest, 'session_duration_minutes'>): Promise<WebAuthnRegisterResult>;
  /** Raw call: request options; primary without a session, secondary with one (docs/reference/sdk.md#send-variants). */
  authenticateStart(o?: WebAuthnAuthenticateStartOptions): Promise<WebAuthnStartResult>;
  /** Raw call: sends the assertion (a JSON string) and gets a session. */
  authenticateFinish(o: WithRequired<WebAuthnAuthenticateRequest, 'session_duration_minutes'> & SecondStepFields): Promise<WebAuthnAuthenticateResult>;
}
