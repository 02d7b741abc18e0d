/** Sending a passcode (docs/reference/methods/otps.md#rules, docs/reference/methods/otps.md#calls): the options from the config and the send itself. */
import { ApiUnreachableError, type AuthClient, type OTPLoginOrCreateResult, type OTPSendOptions } from '../../sdk-core/index.ts';
import { sendForSession } from '../components/send-variant.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import type { OTPType } from './state.ts';

/** The send options of docs/reference/methods/otps.md#calls (expiration default 5, templates, locale) from the config. */
export function otpSendOptions(config: ResolvedLoginConfig): OTPSendOptions {
  const options: OTPSendOptions = { expiration_minutes: config.otpExpirationMinutes };
  if (config.loginTemplateId) options.login_template_id = config.loginTemplateId;
  if (config.signupTemplateId) options.signup_template_id = config.signupTemplateId;
  if (config.locale) options.locale = config.locale;
  return options;
}

/**
 * Sends a passcode on `channel` to `destination` through the variant the session calls for.
 * Resolves with the answer, whose `method_id` the code is authenticated against.
 * @throws what the send throws; ApiUnreachableError 'Invalid response from our servers.' when the
 * answer names no method (no code could ever be checked against it)
 */
export async function sendOtp(client: AuthClient, channel: OTPType, destination: string, options: OTPSendOptions): Promise<OTPLoginOrCreateResult> {
  const resp = await sendForSession(client, client.otps[channel], destination, options);
  if (!resp.method_id) throw new ApiUnreachableError('invalid_response');
  // The send variants answer the login_or_create shape (docs/reference/methods/otps.md#calls "same identifiers"); only their
  // sdk-core type is looser.
  return resp as OTPLoginOrCreateResult;
}
