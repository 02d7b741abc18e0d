/**
 * The sends of the password flow (docs/reference/methods/passwords.md#rules): the reset email (forgot, breached, dedupe, passwordless)
 * and the passwordless user's automatic sign-in message (email OTP, else magic link, else reset
 * email), which goes through the OTP and magic-link methods' public start functions (`uses`).
 */
import type { ResetByEmailStartOptions } from '../../sdk-core/index.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import type { StartContext } from '../context.ts';
import { startEmailMagicLink } from '../magic-links/index.ts';
import { startEmailOtp } from '../otps/index.ts';
import type { PasswordEmailScreen } from './state.ts';

/** The reset email's options (docs/reference/methods/passwords.md#calls reset/start) from config.passwordOptions. */
export function resetStartOptions(config: ResolvedLoginConfig): ResetByEmailStartOptions {
  const p = config.passwords;
  const o: ResetByEmailStartOptions = {};
  if (p.loginRedirectURL) o.login_redirect_url = p.loginRedirectURL;
  if (p.resetPasswordRedirectURL) o.reset_password_redirect_url = p.resetPasswordRedirectURL;
  if (p.resetPasswordExpirationMinutes) o.reset_password_expiration_minutes = p.resetPasswordExpirationMinutes;
  if (p.resetPasswordTemplateId) o.reset_password_template_id = p.resetPasswordTemplateId;
  // The email's language: passwordOptions.locale, else the widget's (LoginWidget fills config.locale).
  const locale = p.locale ?? config.locale;
  if (locale) o.locale = locale;
  return o;
}

/** Sends the reset email to `email` and tells the host. @throws what the call throws */
export async function resendResetEmail(ctx: Pick<StartContext, 'client' | 'config' | 'emit'>, email: string): Promise<void> {
  await ctx.client.passwords.resetByEmailStart({ email, ...resetStartOptions(ctx.config) });
  ctx.emit({ type: 'PASSWORD_RESET_BY_EMAIL_START', data: { email } });
}

/** Sends the reset email to `email`, tells the host and shows `screen`. @throws what the call throws */
export async function sendResetEmail(ctx: StartContext, email: string, screen: PasswordEmailScreen): Promise<void> {
  await resendResetEmail(ctx, email);
  ctx.dispatch({ type: 'password_email_sent', email, screen });
}

/**
 * docs/reference/methods/passwords.md#rules: "Passwordless automatically sends OTP (preferred if email method enabled), else magic
 * link, else reset email". Moves to OTPAuthenticate, EmailConfirmation or PasswordSetNew. The OTP and
 * magic-link sends use the secondary variant when a session exists (docs/reference/sdk.md#send-variants).
 * @throws what the send throws
 */
export async function sendPasswordless(ctx: StartContext, email: string): Promise<void> {
  const { products, otpMethods } = ctx.config;
  if (products.includes('otp') && otpMethods.includes('email')) return startEmailOtp(ctx, email);
  if (products.includes('emailMagicLinks')) return startEmailMagicLink(ctx, email);
  await sendResetEmail(ctx, email, 'PasswordSetNew');
}
