/** The password screens' lazy chunk (kept out of the initial `<auth-login>` bundle; loaded by lazy.ts). */
import { emailSentScreen } from './EmailSentScreen.tsx';

export { PasswordCreateOrLogin } from './PasswordCreateOrLogin.tsx';
export { PasswordResetForm } from './PasswordResetForm.tsx';

/** PasswordForgot (SPEC §4 "Forgot: reset email sent, then PasswordForgot"). */
export const PasswordForgot = emailSentScreen('password.forgotTitle', 'password.forgotText');
/**
 * PasswordBreached: the password was right but is on the breached list, so a reset email went out.
 * It leads with SPEC §8's breached_password text, so the user reads why the password they just
 * typed correctly did not sign them in.
 */
export const PasswordBreached = emailSentScreen('password.breachedTitle', 'password.breachedText', 'errorType.breached_password');
/** PasswordDedupe (SPEC §4): error type reset_password sent a reset email; the user proves the mailbox. */
export const PasswordDedupe = emailSentScreen('password.dedupeTitle', 'password.dedupeText');
/** PasswordSetNew: a passwordless user without OTP or magic links got a link to set a password (SPEC §4). */
export const PasswordSetNew = emailSentScreen('password.setNewTitle', 'password.setNewText');
