/** PasswordBreached: the password was right but is on the breached list, so a reset email went out. */
import { EmailSentScreen } from './EmailSentScreen.tsx';

/**
 * The PasswordBreached screen. It leads with SPEC §8's breached_password text, so the user reads
 * why the password they just typed correctly did not sign them in.
 */
export function PasswordBreached() {
  return <EmailSentScreen titleKey="password.breachedTitle" textKey="password.breachedText" alertKey="errorType.breached_password" />;
}
