/** Tag names and guarded registration, without side effects at import time. */
import { AuthLoginElement } from './login.tsx';
import { AuthPasskeyRegistrationElement } from './passkey-registration.tsx';
import { AuthResetPasswordElement } from './reset-password.tsx';

/** Tag of the login element. */
export const LOGIN_TAG = 'auth-login';

/** Registers `<auth-login>` unless a definition already exists (e.g. a second bundle). */
export function defineLogin(): void {
  if (!customElements.get(LOGIN_TAG)) customElements.define(LOGIN_TAG, AuthLoginElement);
}

/** Tag of the password-reset element. */
export const RESET_PASSWORD_TAG = 'auth-reset-password';

/** Registers `<auth-reset-password>` unless a definition already exists. */
export function defineResetPassword(): void {
  if (!customElements.get(RESET_PASSWORD_TAG)) customElements.define(RESET_PASSWORD_TAG, AuthResetPasswordElement);
}

/** Tag of the passkey-registration element. */
export const PASSKEY_REGISTRATION_TAG = 'auth-passkey-registration';

/** Registers `<auth-passkey-registration>` unless a definition already exists. */
export function definePasskeyRegistration(): void {
  if (!customElements.get(PASSKEY_REGISTRATION_TAG)) customElements.define(PASSKEY_REGISTRATION_TAG, AuthPasskeyRegistrationElement);
}
