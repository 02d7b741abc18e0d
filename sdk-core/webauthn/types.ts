/**
 * The types of the WebAuthn group, apart from its code, so the lazily loaded ceremony module
 * (./ceremony.ts) and ./index.ts both depend on them without depending on each other.
 */
import type { AuthenticateResult, BasicResult } from '../api-types.ts';
import type { User, WebAuthnRegistrationInfo } from '../schemas/index.ts';

/** Options of register start (SPEC §7). */
export interface WebAuthnRegisterStartOptions {
  /** RP ID; default the page's hostname. */
  domain?: string;
  /** `platform` (built-in authenticator) or `cross-platform` (security key). */
  authenticator_type?: string;
  /** Ask for passkey options: a discoverable credential (return_passkey_credential_options). */
  is_passkey?: boolean;
  /** Kept with the registration; default the browser's user agent. */
  user_agent?: string;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
}

/** Options of the registration ceremony. */
export interface WebAuthnRegisterOptions extends WebAuthnRegisterStartOptions {
  /** Required: the session's new length (SPEC §5). */
  session_duration_minutes: number;
  /** Cancels the browser prompt (e.g. when the widget unmounts). */
  signal?: AbortSignal;
}

/** Options of the authentication ceremony. */
export interface WebAuthnAuthenticateOptions {
  /** Required: the session's length (SPEC §5; the widget's default is 30). */
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
}

/** Answer of a register or authenticate start: the JSON options for the browser ceremony. */
export interface WebAuthnStartResult extends BasicResult {
  user_id?: string;
  public_key_credential_creation_options?: string;
  public_key_credential_request_options?: string;
}

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
  update(o: { webauthn_registration_id: string; name: string }): Promise<BasicResult & { webauthn_registration: WebAuthnRegistrationInfo }>;
  /** Removes a registration from the user (DELETE /users/webauthn_registrations/{id}); resolves to the user. */
  deleteRegistration(webauthnRegistrationId: string): Promise<User>;
  /** True when the browser can offer passkeys in input autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
  /** Raw call: creation options for a registration. */
  registerStart(o?: WebAuthnRegisterStartOptions): Promise<WebAuthnStartResult>;
  /** Raw call: sends the created credential (a JSON string). */
  registerFinish(o: { public_key_credential: string; session_duration_minutes: number; is_passkey?: boolean }): Promise<WebAuthnRegisterResult>;
  /** Raw call: request options; primary without a session, secondary with one (SPEC §4). */
  authenticateStart(o?: { domain?: string; is_passkey?: boolean }): Promise<WebAuthnStartResult>;
  /** Raw call: sends the assertion (a JSON string) and gets a session. */
  authenticateFinish(o: {
    public_key_credential: string;
    session_duration_minutes: number;
    conditional_mediation?: boolean;
    is_passkey?: boolean;
  }): Promise<WebAuthnAuthenticateResult>;
}
