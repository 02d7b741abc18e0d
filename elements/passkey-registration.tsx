/**
 * `<auth-passkey-registration>`: lets a signed-in user create, rename and delete passkeys (docs/reference/methods/webauthn.md#screens
 * "Passkey registration"): the login widget's shell started on PasskeyRegistrationStart; the passkey
 * screens and the browser WebAuthn library load lazily when it renders. Made from its row of the
 * table (definitions.ts); importing this module defines a class and nothing else.
 * @example
 * const el = document.createElement('auth-passkey-registration');
 * el.client = client; // signed in
 * el.addEventListener('auth-event', (e) => e.detail.type === 'PASSKEY_DONE' && location.assign('/'));
 * document.body.append(el);
 */
import type { LoginConfig } from '../react-internals/config.ts';
import { PASSKEY_REGISTRATION_DEFINITION } from './definitions.ts';
import { type AuthElement, createAuthElement } from './element.ts';

/** Config of `<auth-passkey-registration>`: the login config's client and session settings apply. */
export type PasskeyRegistrationConfig = Pick<LoginConfig, 'publicToken' | 'apiBaseUrl' | 'sessionOptions' | 'enableShadowDOM'>;

/** The `<auth-passkey-registration>` element class. */
export const AuthPasskeyRegistrationElement = createAuthElement<PasskeyRegistrationConfig>(PASSKEY_REGISTRATION_DEFINITION);
/** An `<auth-passkey-registration>` element. */
export type AuthPasskeyRegistrationElement = AuthElement<PasskeyRegistrationConfig>;
