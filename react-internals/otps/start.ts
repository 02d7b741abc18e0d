/** The OTP method's public start (its index.ts exports it): an email passcode, then OTPAuthenticate. */
import type { StartContext } from '../context.ts';
import { codeScreenReady } from './lazy.ts';
import { otpSendOptions, sendOtp } from './send.ts';

/**
 * Sends an email passcode to `email` (docs/reference/sdk.md#sessions: signed in, the address is added to the user through
 * the secondary send), tells the host and shows OTPAuthenticate. The OTP method's public start: the
 * password flow's passwordless send uses it too.
 * @throws what the send throws
 */
export async function startEmailOtp(ctx: StartContext, email: string): Promise<void> {
  // The code screen's chunk is awaited too, so it renders (and takes focus) with the screen change.
  const [resp] = await Promise.all([sendOtp(ctx.client, 'email', email, otpSendOptions(ctx.config)), codeScreenReady()]);
  ctx.emit({ type: 'OTP_EMAIL_LOGIN_OR_CREATE', data: { ...resp, email, resend: false } });
  ctx.dispatch({ type: 'otp_sent', otpType: 'email', methodId: resp.method_id, destination: email });
}
