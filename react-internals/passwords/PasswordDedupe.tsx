/** PasswordDedupe (SPEC §4): error type reset_password sent a reset email; the user proves the mailbox. */
import { EmailSentScreen } from './EmailSentScreen.tsx';

/** The PasswordDedupe screen. */
export function PasswordDedupe() {
  return <EmailSentScreen titleKey="password.dedupeTitle" textKey="password.dedupeText" />;
}
