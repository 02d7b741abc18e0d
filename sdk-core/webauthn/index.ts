import type { AuthenticateResult, BasicResult } from '../api-types.ts';
import type { ApiRequester } from '../method-context.ts';
import { check } from '../validate.ts';

/** Options of webauthn register start (SPEC §7). */
export interface WebAuthnRegisterStartOptions {
  domain?: string;
  authenticator_type?: string;
  is_passkey?: boolean;
  user_agent?: string;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
}

/** Answer of a register or authenticate start: the JSON options for the browser ceremony. */
export interface WebAuthnStartResult extends BasicResult {
  user_id?: string;
  public_key_credential_creation_options?: string;
  public_key_credential_request_options?: string;
}

/** Answer of a registration. */
export interface WebAuthnRegisterResult extends AuthenticateResult {
  webauthn_registration_id: string;
}

/** Raw WebAuthn calls; the browser ceremony itself lives in the widget's lazily loaded passkey code. */
export interface WebAuthn {
  /** Asks the server for creation options (passkey options, base64url encoding). */
  registerStart(o?: WebAuthnRegisterStartOptions): Promise<WebAuthnStartResult>;
  /** Sends the created credential (JSON string) to the server. */
  register(o: { public_key_credential: string; session_duration_minutes: number; is_passkey?: boolean }): Promise<WebAuthnRegisterResult>;
  /** Asks for request options; primary without a session, secondary with one. */
  authenticateStart(o?: { domain?: string; is_passkey?: boolean }): Promise<WebAuthnStartResult>;
  /** Sends the assertion (JSON string) and gets a session. */
  authenticate(o: { public_key_credential: string; session_duration_minutes: number; conditional_mediation?: boolean; is_passkey?: boolean }): Promise<AuthenticateResult>;
  /** Renames a registration. */
  update(o: { webauthn_registration_id: string; name: string }): Promise<BasicResult & { webauthn_registration: { webauthn_registration_id: string; name: string } }>;
}

/** Builds the WebAuthn calls. */
export function createWebAuthn(ctx: ApiRequester): WebAuthn {
  return {
    async registerStart(o = {}) {
      const m = 'webauthn.registerStart';
      check(m)
        .optionalObject('options', o)
        .optionalString('domain', o.domain)
        .optionalString('authenticator_type', o.authenticator_type)
        .optionalBoolean('is_passkey', o.is_passkey)
        .optionalString('user_agent', o.user_agent)
        .optionalString('override_id', o.override_id)
        .optionalString('override_name', o.override_name)
        .optionalString('override_display_name', o.override_display_name);
      const body: Record<string, unknown> = {
        domain: o.domain ?? globalThis.location?.hostname,
        user_agent: o.user_agent ?? globalThis.navigator?.userAgent,
        return_passkey_credential_options: o.is_passkey ?? false,
        use_base64_url_encoding: true,
        ...(o.authenticator_type ? { authenticator_type: o.authenticator_type } : {}),
        ...(o.override_id ? { override_id: o.override_id } : {}),
        ...(o.override_name ? { override_name: o.override_name } : {}),
        ...(o.override_display_name ? { override_display_name: o.override_display_name } : {}),
      };
      return ctx.request({ method: 'POST', path: '/webauthn/register/start', body });
    },
    async register(o) {
      const m = 'webauthn.register';
      check(m).optionalObject('options', o);
      check(m)
        .string('public_key_credential', o?.public_key_credential)
        .number('session_duration_minutes', o?.session_duration_minutes)
        .optionalBoolean('is_passkey', o.is_passkey);
      return ctx.signIn<WebAuthnRegisterResult>({ method: 'POST', path: '/webauthn/register', body: { ...o } });
    },
    async authenticateStart(o = {}) {
      const m = 'webauthn.authenticateStart';
      check(m).optionalObject('options', o).optionalString('domain', o.domain).optionalBoolean('is_passkey', o.is_passkey);
      return ctx.request({
        method: 'POST',
        path: `/webauthn/authenticate/start/${ctx.sendVariant()}`,
        body: { domain: o.domain ?? globalThis.location?.hostname, return_passkey_credential_options: o.is_passkey ?? false },
      });
    },
    async authenticate(o) {
      const m = 'webauthn.authenticate';
      check(m).optionalObject('options', o);
      check(m)
        .string('public_key_credential', o?.public_key_credential)
        .number('session_duration_minutes', o?.session_duration_minutes)
        .optionalBoolean('conditional_mediation', o.conditional_mediation)
        .optionalBoolean('is_passkey', o.is_passkey);
      return ctx.signIn({ method: 'POST', path: '/webauthn/authenticate', body: { ...o } });
    },
    async update(o) {
      const m = 'webauthn.update';
      check(m).optionalObject('options', o);
      check(m).string('webauthn_registration_id', o?.webauthn_registration_id).string('name', o?.name);
      return ctx.request({ method: 'PUT', path: `/webauthn/update/${encodeURIComponent(o.webauthn_registration_id)}`, body: { name: o.name } });
    },
  };
}
