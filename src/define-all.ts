import { defineLogin, defineResetPassword } from '../elements/registry.ts';

/** Registers every Auth Elements tag; safe to call more than once. */
export function defineAuthElements(): void {
  defineLogin();
  defineResetPassword();
}
