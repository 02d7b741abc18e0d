/**
 * The sends of the password flow (SPEC §4): the reset email (forgot, breached, dedupe, passwordless)
 * and the passwordless user's automatic sign-in message (email OTP, else magic link, else reset email).
 */
import type { ResetByEmailStartOptions } from '../../sdk-core/index.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import type { WidgetContextValue } from '../context.ts';
import { AuthEventType } from '../events.ts';
import { sendForSession, sendOtp } from '../login/send-variant.ts';
import type { PasswordEmailScreen } from '../login/state.ts';
import { magicLinkSendOptions } from '../magic-links/EmailMagicLinkForm.tsx';
import { otpSendOptions } from '../otps/EmailOTPForm.tsx';

/** The reset email's options (SPEC §7 reset/start) from config.passwordOptions. */
export function resetStartOptions(config: ResolvedLoginConfig): ResetByEmailStartOptions {
  const p = config.passwords;
  const o: ResetByEmailStartOptions = {};
  if (p.loginRedirectURL) o.login_redirect_url = p.loginRedirectURL;
  if (p.resetPasswordRedirectURL) o.reset_password_redirect_url = p.resetPasswordRedirectURL;
  if (p.resetPasswordExpirationMinutes) o.reset_password_expiration_minutes = p.resetPasswordExpirationMinutes;
  if (p.resetPasswordTemplateId) o.reset_password_template_id = p.resetPasswordTemplateId;
  if (p.locale) o.locale = p.locale;
  return o;
}

type SendContext = Pick<WidgetContextValue, 'client' | 'config' | 'dispatch' | 'emit'>;

/** Sends the reset email to `email`, reports it to the host and shows `screen`. @throws what the call throws */
export async function sendResetEmail(ctx: SendContext, email: string, screen: PasswordEmailScreen): Promise<void> {
  await ctx.client.passwords.resetByEmailStart({ email, ...resetStartOptions(ctx.config) });
  ctx.emit({ type: AuthEventType.PASSWORD_RESET_BY_EMAIL_START, data: { email } });
  ctx.dispatch({ type: 'password_email_sent', email, screen });
}

/**
 * SPEC §4: "Passwordless automatically sends OTP (preferred if email method enabled), else magic
 * link, else reset email". Moves to OTPAuthenticate, EmailConfirmation or PasswordSetNew. The OTP and
 * magic-link sends use the secondary variant when a session exists (SPEC §4).
 * @throws what the send throws
 */
export async function sendPasswordless(ctx: SendContext, email: string): Promise<void> {
  const { client, config, dispatch, emit } = ctx;
  if (config.products.includes('otp') && config.otpMethods.includes('email')) {
    const resp = await sendOtp(client, 'email', email, otpSendOptions(config));
    emit({ type: AuthEventType.OTP_EMAIL_LOGIN_OR_CREATE, data: { ...resp, email, resend: false } });
    dispatch({ type: 'otp_sent', otpType: 'email', methodId: resp.method_id, destination: email });
    return;
  }
  if (config.products.includes('emailMagicLinks')) {
    const resp = await sendForSession(client, client.magicLinks.email, email, magicLinkSendOptions(config));
    client.telemetry.log('email_sent');
    emit({ type: AuthEventType.MAGIC_LINK_LOGIN_OR_CREATE, data: { ...resp, email } });
    dispatch({ type: 'magic_link_sent', email });
    return;
  }
  await sendResetEmail(ctx, email, 'PasswordSetNew');
}
