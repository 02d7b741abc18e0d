/**
 * Side-effect entry: importing this module registers every Auth Elements tag.
 * @example
 * import 'auth-elements/define';
 * document.body.innerHTML; // <auth-login config='{"publicToken":"..."}'></auth-login> now upgrades
 */
import type { AuthLoginElement } from './login.tsx';
import { defineLogin, defineResetPassword } from './registry.ts';
import type { AuthResetPasswordElement } from './reset-password.tsx';

/** Registers all tags (guarded by customElements.get, so calling twice is harmless). */
export function defineAuthElements(): void {
  defineLogin();
  defineResetPassword();
}

defineAuthElements();

declare global {
  interface HTMLElementTagNameMap {
    'auth-login': AuthLoginElement;
    'auth-reset-password': AuthResetPasswordElement;
  }
}
