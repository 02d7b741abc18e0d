/**
 * WebAuthn and passkeys (docs/reference/methods/webauthn.md#calls `/webauthn/*`). The raw calls are plain requests; the ceremonies
 * (`register`, `authenticate`) also drive the browser through @simplewebauthn/browser. That part
 * (ceremony.ts) is loaded with a dynamic import only when a ceremony runs, so pages that never use
 * passkeys never fetch it.
 */
import type { BasicResult } from '../api-types.ts';
import { NoSessionError } from '../errors.ts';
import { lazily, type MethodContext, type SdkMethod } from '../method.ts';
import type { User, WebAuthnRegistrationInfo } from '../schemas/index.ts';
import { check } from '../validate.ts';
import type { WebAuthn, WebAuthnAuthenticateResult, WebAuthnRegisterResult } from './types.ts';

export type {
  WebAuthn,
  WebAuthnAuthenticateOptions,
  WebAuthnAuthenticateStartOptions,
  WebAuthnAuthenticateResult,
  WebAuthnCeremonyReason,
  WebAuthnRegisterOptions,
  WebAuthnRegisterResult,
  WebAuthnRegisterStartOptions,
  WebAuthnStartResult,
} from './types.ts';

// The error class and its predicates live in ./errors.ts, which the client entry exports eagerly
// (issue 16: this module is a lazily loaded group).
export { isWebAuthnAbort, isWebAuthnDuplicate, isWebAuthnNotAllowed, WebAuthnCeremonyError } from './errors.ts';

// The browser side (the WebAuthn library, error mapping, autofill checks) is one lazy chunk.
// A chunk that cannot be fetched fails the call as 'Unable to contact our servers.' and is fetched
// again on the next ceremony (lazily(), ../method.ts).
const ceremonies = lazily(() => import('./ceremony.ts'));

/** Builds the WebAuthn calls. */
export function createWebAuthn(ctx: MethodContext): WebAuthn {
  const api: WebAuthn = {
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
        // The browser library works in base64url; the provider's default is standard base64.
        use_base64_url_encoding: true,
        ...(o.authenticator_type ? { authenticator_type: o.authenticator_type } : {}),
        ...(o.override_id ? { override_id: o.override_id } : {}),
        ...(o.override_name ? { override_name: o.override_name } : {}),
        ...(o.override_display_name ? { override_display_name: o.override_display_name } : {}),
      };
      return ctx.request({ method: 'POST', path: '/webauthn/register/start', body });
    },
    async registerFinish(o) {
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
      check(m)
        .optionalObject('options', o)
        .optionalString('domain', o.domain)
        .optionalBoolean('is_passkey', o.is_passkey)
        .optionalString('intermediate_session_token', o.intermediate_session_token);
      const ist = o.intermediate_session_token;
      return ctx.request({
        method: 'POST',
        // A second step has no session: its own route, the intermediate token naming the user (docs/reference/sdk.md#two-step-sign-in).
        path: ist ? '/webauthn/authenticate/start' : `/webauthn/authenticate/start/${ctx.sendVariant()}`,
        body: {
          domain: o.domain ?? globalThis.location?.hostname,
          return_passkey_credential_options: o.is_passkey ?? false,
          ...(ist ? { intermediate_session_token: ist } : {}),
        },
      });
    },
    async authenticateFinish(o) {
      const m = 'webauthn.authenticate';
      check(m).optionalObject('options', o);
      check(m)
        .string('public_key_credential', o?.public_key_credential)
        .number('session_duration_minutes', o?.session_duration_minutes)
        .optionalBoolean('conditional_mediation', o.conditional_mediation)
        .optionalBoolean('is_passkey', o.is_passkey)
        .optionalString('intermediate_session_token', o.intermediate_session_token)
        .optionalBoolean('trust_device', o.trust_device);
      return ctx.signIn<WebAuthnAuthenticateResult>({ method: 'POST', path: '/webauthn/authenticate', body: { ...o } });
    },

    async register(o) {
      const m = 'webauthn.register';
      check(m).optionalObject('options', o);
      check(m).number('session_duration_minutes', o?.session_duration_minutes).optionalBoolean('is_passkey', o.is_passkey);
      // docs/reference/methods/rbac.md#rules: registration requires an authenticated user.
      if (!ctx.sessions.getTokens()) throw new NoSessionError();
      return (await ceremonies()).register(api, o);
    },

    async authenticate(o) {
      const m = 'webauthn.authenticate';
      check(m).optionalObject('options', o);
      check(m)
        .number('session_duration_minutes', o?.session_duration_minutes)
        .optionalString('domain', o.domain)
        .optionalBoolean('is_passkey', o.is_passkey)
        .optionalBoolean('conditional_mediation', o.conditional_mediation)
        .optionalString('intermediate_session_token', o.intermediate_session_token)
        .optionalBoolean('trust_device', o.trust_device);
      return (await ceremonies()).authenticate(api, o);
    },

    async update(o) {
      const m = 'webauthn.update';
      check(m).optionalObject('options', o);
      check(m).string('webauthn_registration_id', o?.webauthn_registration_id).string('name', o?.name);
      const resp = await ctx.request<BasicResult & { webauthn_registration: WebAuthnRegistrationInfo }>({
        method: 'PUT',
        path: `/webauthn/update/${encodeURIComponent(o.webauthn_registration_id)}`,
        // docs/reference/methods/webauthn.md#calls: the id travels in the body too, as the provider's widget sends it.
        body: { webauthn_registration_id: o.webauthn_registration_id, name: o.name },
      });
      const user = ctx.sessions.getState().user;
      if (user) {
        const renamed = resp.webauthn_registration;
        ctx.sessions.setUser({
          ...user,
          webauthn_registrations: user.webauthn_registrations.map((r) =>
            r.webauthn_registration_id === renamed.webauthn_registration_id ? { ...r, ...renamed } : r,
          ),
        });
      }
      return resp;
    },

    async deleteRegistration(id) {
      check('webauthn.deleteRegistration').string('webauthn_registration_id', id);
      if (!ctx.sessions.getTokens()) throw new NoSessionError();
      const resp = await ctx.request<{ user: User }>({ method: 'DELETE', path: `/users/webauthn_registrations/${encodeURIComponent(id)}` });
      ctx.sessions.setUser(resp.user);
      return resp.user;
    },

    browserSupportsAutofill: async () => (await ceremonies()).supportsAutofill(),
  };
  return api;
}

/** The registry entry (../methods.ts): `client.webauthn`. */
export const webauthnMethod = { name: 'webauthn', create: createWebAuthn } satisfies SdkMethod<'webauthn', WebAuthn>;
