import { defineLogin, definePasskeyRegistration, defineResetPassword } from '../elements/registry.ts';

/** Registers every Auth Elements tag; safe to call more than once. */
export function defineAuthElements(): void {
  defineLogin();
  defineResetPassword();
  definePasskeyRegistration();
}
