/**
 * `<auth-reset-password>`: the page a password-reset email links to (docs/reference/elements/auth-reset-password.md#mounting "Reset password"):
 * the login widget started on PasswordResetForm with the link's token (read from the page's address
 * when not preloaded, and then removed from the address bar); the link's stytch_token_type=login
 * signs the user in (at once when the link was requested in this browser, after one click
 * otherwise). Made from its row of the table
 * (definitions.ts); importing this module defines a class and nothing else.
 * @example
 * const el = document.createElement('auth-reset-password');
 * el.config = { publicToken: 'public-token-test-...', products: ['passwords'] };
 * el.passwordResetToken = new URLSearchParams(location.search).get('token') ?? '';
 * el.addEventListener('auth-event', (e) => e.detail.type === 'authenticate-flow-complete' && location.assign('/'));
 * document.body.append(el);
 */
import type { LoginConfig } from '../react-internals/config.ts';
import { RESET_PASSWORD_DEFINITION } from './definitions.ts';
import { type AuthElement, createAuthElement } from './element.ts';

/** The properties `<auth-reset-password>` adds to the shared ones. */
export interface ResetPasswordProperties {
  /** The reset email's token (attribute `password-reset-token`); when empty, the page's `token` query parameter (then removed from the address bar). */
  passwordResetToken: string | undefined;
  /** The link's token type (attribute `password-reset-token-type`); when empty, the page's `stytch_token_type`. */
  passwordResetTokenType: string | undefined;
}

/** The `<auth-reset-password>` element class. */
export const AuthResetPasswordElement = createAuthElement<LoginConfig, ResetPasswordProperties>(RESET_PASSWORD_DEFINITION);
/** An `<auth-reset-password>` element. */
export type AuthResetPasswordElement = AuthElement<LoginConfig> & ResetPasswordProperties;
