/**
 * SPEC §4: "Send endpoints use the secondary variant when a session exists, else primary." Every
 * form and resend that sends a link or a passcode asks this one place which call to make.
 */
import {
  type AuthClient,
  ApiUnreachableError,
  type OTPLoginOrCreateResult,
  type OTPSendOptions,
  type SendResult,
} from '../../sdk-core/index.ts';
import type { OTPType } from './state.ts';

/** A method with both send calls: email magic links and each OTP channel. */
export interface SendPair<O, R> {
  loginOrCreate(destination: string, options?: O): Promise<R>;
  send(destination: string, options?: O): Promise<SendResult>;
}

/**
 * Signed out: `loginOrCreate` (it also signs new users up). Signed in: the sdk-core `send`, which
 * picks the secondary endpoint from the session, so the address is added to the signed-in user
 * instead of signing someone else in or creating a second account.
 * @throws what the call throws
 */
export function sendForSession<O, R>(client: AuthClient, method: SendPair<O, R>, destination: string, options: O): Promise<R | SendResult> {
  return client.session.getTokens() ? method.send(destination, options) : method.loginOrCreate(destination, options);
}

/**
 * Sends a passcode on `channel` to `destination` through the variant the session calls for.
 * Resolves with the answer, whose `method_id` the code is authenticated against.
 * @throws what the send throws; ApiUnreachableError 'Invalid response from our servers.' when the
 * answer names no method (no code could ever be checked against it)
 */
export async function sendOtp(
  client: AuthClient,
  channel: OTPType,
  destination: string,
  options: OTPSendOptions,
): Promise<OTPLoginOrCreateResult> {
  const resp = await sendForSession(client, client.otps[channel], destination, options);
  if (!resp.method_id) throw new ApiUnreachableError('invalid_response');
  // The send variants answer the login_or_create shape (SPEC §7 "same identifiers"); only their
  // sdk-core type is looser.
  return resp as OTPLoginOrCreateResult;
}
