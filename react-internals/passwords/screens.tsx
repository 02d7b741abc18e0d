/** The password screens' lazy chunk (kept out of the initial `<auth-login>` bundle; loaded by lazy.ts). */
import { emailSentScreen } from './EmailSentScreen.tsx';

export { PasswordCreateOrLogin } from './PasswordCreateOrLogin.tsx';
export { PasswordResetForm } from './PasswordResetForm.tsx';

/** PasswordForgot (docs/reference/methods/passwords.md#rules "Forgot: reset email sent, then PasswordForgot"). */
export const PasswordForgot = emailSentScreen('password.forgotTitle', 'password.forgotText');
/**
 * PasswordBreached: the password was right but is on the breached list, so a reset email went out.
 * It leads with docs/reference/methods/passwords.md#errors's breached_password text, so the user reads why the password they just
 * typed correctly did not sign them in.
 */
export const PasswordBreached = emailSentScreen('password.breachedTitle', 'password.breachedText', 'errorType.breached_password');
/** PasswordDedupe (docs/reference/methods/passwords.md#rules): error type reset_password sent a reset email; the user proves the mailbox. */
export const PasswordDedupe = emailSentScreen('password.dedupeTitle', 'password.dedupeText');
/** PasswordSetNew: a passwordless user without OTP or magic links got a link to set a password (docs/reference/methods/passwords.md#rules). */
export const PasswordSetNew = emailSentScreen('password.setNewTitle', 'password.setNewText');
