/** Main-screen email form of the email OTP product (docs/reference/methods/otps.md#screens "Email", OTP variant). */
import { EmailStartForm } from '../components/EmailStartForm.tsx';
import { useWidget } from '../context.ts';
import { startEmailOtp } from './start.ts';

/** Email field and Continue button; on success the widget moves to OTPAuthenticate. */
export function EmailOTPForm() {
  const ctx = useWidget();
  // docs/reference/methods/otps.md#validation: a bad format blocks the call and shows 'Invalid email address.'.
  return <EmailStartForm initialEmail="" invalidKey="email.invalid" submitKey="button.continue" onContinue={(email) => startEmailOtp(ctx, email)} />;
}
