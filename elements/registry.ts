/**
 * Tag names and guarded registration, without side effects at import time. Registering is a no-op
 * where there is no `customElements` (a server rendering the page), and when the tag is already
 * defined (a second copy of the kit on the page: the first definition stays).
 */
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { AuthIDPConsentElement } from './idp-consent.tsx';
import { AuthLoginElement } from './login.tsx';
import { AuthPasskeyRegistrationElement } from './passkey-registration.tsx';
import { AuthResetPasswordElement } from './reset-password.tsx';
import { AuthUserProfileElement } from './user-profile.tsx';

/** Defines `tag` as `cls` unless there is no registry or the tag is taken. */
function defineTag(tag: string, cls: CustomElementConstructor): void {
  const registry = (globalThis as { customElements?: CustomElementRegistry }).customElements;
  if (!registry || registry.get(tag)) return;
  registry.define(tag, cls);
}

/** Tag of the login element. */
export const LOGIN_TAG = 'auth-login';

/** Registers `<auth-login>` unless a definition already exists (e.g. a second bundle); a no-op on a server. */
export function defineLogin(): void {
  defineTag(LOGIN_TAG, AuthLoginElement);
}

/** Tag of the password-reset element. */
export const RESET_PASSWORD_TAG = 'auth-reset-password';

/** Registers `<auth-reset-password>` unless a definition already exists; a no-op on a server. */
export function defineResetPassword(): void {
  defineTag(RESET_PASSWORD_TAG, AuthResetPasswordElement);
}

/** Tag of the passkey-registration element. */
export const PASSKEY_REGISTRATION_TAG = 'auth-passkey-registration';

/** Registers `<auth-passkey-registration>` unless a definition already exists; a no-op on a server. */
export function definePasskeyRegistration(): void {
  defineTag(PASSKEY_REGISTRATION_TAG, AuthPasskeyRegistrationElement);
}

/** Tag of the identity-provider consent element. */
export const IDP_CONSENT_TAG = 'auth-idp-consent';

/** Registers `<auth-idp-consent>` unless a definition already exists; a no-op on a server. */
export function defineIdentityProvider(): void {
  defineTag(IDP_CONSENT_TAG, AuthIDPConsentElement);
}

/** Tag of the account element. */
export const USER_PROFILE_TAG = 'auth-user-profile';

/** Registers `<auth-user-profile>` unless a definition already exists; a no-op on a server. */
export function defineUserProfile(): void {
  defineTag(USER_PROFILE_TAG, AuthUserProfileElement);
}

/** Registers every Auth Elements tag; safe to call more than once, and a no-op on a server. */
export function defineAuthElements(): void {
  defineLogin();
  defineResetPassword();
  definePasskeyRegistration();
  defineIdentityProvider();
  defineUserProfile();
}

/** Every tag with its element class (the table's rows, as classes). */
export const AUTH_ELEMENTS = {
  [LOGIN_TAG]: AuthLoginElement,
  [RESET_PASSWORD_TAG]: AuthResetPasswordElement,
  [PASSKEY_REGISTRATION_TAG]: AuthPasskeyRegistrationElement,
  [IDP_CONSENT_TAG]: AuthIDPConsentElement,
  [USER_PROFILE_TAG]: AuthUserProfileElement,
} as const;

declare global {
  interface HTMLElementTagNameMap {
    'auth-login': AuthLoginElement;
    'auth-reset-password': AuthResetPasswordElement;
    'auth-passkey-registration': AuthPasskeyRegistrationElement;
    'auth-idp-consent': AuthIDPConsentElement;
    'auth-user-profile': AuthUserProfileElement;
  }
  interface HTMLElementEventMap {
    'auth-event': CustomEvent<AuthEvent>;
    'auth-error': CustomEvent<AuthErrorDetail>;
  }
}
