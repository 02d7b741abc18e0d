/**
 * docs/reference/sdk.md#send-variants: "Send endpoints use the secondary variant when a session exists, else primary." Every
 * form and resend that sends a link or a passcode asks this one place which call to make.
 */
import type { AuthClient, SendResult } from '../../sdk-core/index.ts';

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
