/** PasswordSetNew: a passwordless user without OTP or magic links got a link to set a password (SPEC §4). */
import { EmailSentScreen } from './EmailSentScreen.tsx';

/** The PasswordSetNew screen. */
export function PasswordSetNew() {
  return <EmailSentScreen titleKey="password.setNewTitle" textKey="password.setNewText" />;
}
