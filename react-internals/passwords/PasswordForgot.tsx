/** PasswordForgot (SPEC §4 "Forgot: reset email sent, then PasswordForgot"). */
import { EmailSentScreen } from './EmailSentScreen.tsx';

/** The PasswordForgot screen. */
export function PasswordForgot() {
  return <EmailSentScreen titleKey="password.forgotTitle" textKey="password.forgotText" />;
}
