/** PasswordBreached: the password was right but is on the breached list, so a reset email went out. */
import { EmailSentScreen } from './EmailSentScreen.tsx';

/** The PasswordBreached screen. */
export function PasswordBreached() {
  return <EmailSentScreen titleKey="password.breachedTitle" textKey="password.breachedText" />;
}
