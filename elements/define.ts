/**
 * Side-effect entry: importing this module registers every Auth Elements tag.
 * @example
 * import 'auth-elements/define';
 * document.body.innerHTML; // <auth-login config='{"publicToken":"..."}'></auth-login> now upgrades
 */
import type { AuthLoginElement } from './login.tsx';
import type { AuthPasskeyRegistrationElement } from './passkey-registration.tsx';
import { defineLogin, definePasskeyRegistration, defineResetPassword } from './registry.ts';
import type { AuthResetPasswordElement } from './reset-password.tsx';

/** Registers all tags (guarded by customElements.get, so calling twice is harmless). */
export function defineAuthElements(): void {
  defineLogin();
  defineResetPassword();
  definePasskeyRegistration();
}

defineAuthElements();

declare global {
  interface HTMLElementTagNameMap {
    'auth-login': AuthLoginElement;
    'auth-reset-password': AuthResetPasswordElement;
    'auth-passkey-registration': AuthPasskeyRegistrationElement;
  }
}
