import type { HttpClient } from '../http.ts';
import type { AuthenticateResponse, OTPLoginOrCreateResponse } from '../schemas/index.ts';
import type { SessionManager } from '../session-manager.ts';
import { check } from '../validate.ts';

/** Options of an OTP send (SPEC §7). */
export interface OTPSendOptions {
  /** Minutes the code stays valid; the server defaults to 5. */
  expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}

/** Options of an OTP authenticate. */
export interface OTPAuthenticateOptions {
  /** Required: how long the new session lasts. */
  session_duration_minutes: number;
}

/** One-time passcodes by email (SMS and WhatsApp follow the same shape). */
export interface OTPs {
  email: {
    /** Sends a code to `email`, creating the user if needed; resolves to the method id to authenticate with. */
    loginOrCreate(email: string, options?: OTPSendOptions): Promise<OTPLoginOrCreateResponse>;
  };
  /** Exchanges a code for a session. */
  authenticate(code: string, methodId: string, options: OTPAuthenticateOptions): Promise<AuthenticateResponse>;
}

function checkSendOptions(method: string, o: OTPSendOptions | undefined): OTPSendOptions {
  check(method).optionalObject('options', o);
  const opts = o ?? {};
  check(method)
    .optionalNumber('expiration_minutes', opts.expiration_minutes)
    .optionalString('login_template_id', opts.login_template_id)
    .optionalString('signup_template_id', opts.signup_template_id)
    .optionalString('locale', opts.locale);
  return opts;
}

/** Builds the OTP methods over the HTTP client and session manager. */
export function createOTPs(http: HttpClient, sessions: SessionManager): OTPs {
  return {
    email: {
      async loginOrCreate(email, options) {
        const method = 'otps.email.loginOrCreate';
        check(method).string('email', email);
        const opts = checkSendOptions(method, options);
        return http.request<OTPLoginOrCreateResponse>({
          method: 'POST',
          path: '/otps/email/login_or_create',
          body: { email, expiration_minutes: opts.expiration_minutes ?? 5, ...withoutExpiry(opts) },
        });
      },
    },
    async authenticate(code, methodId, options) {
      const method = 'otps.authenticate';
      check(method).string('code', code).string('method_id', methodId).optionalObject('options', options);
      check(method).number('session_duration_minutes', options?.session_duration_minutes);
      const resp = await http.request<AuthenticateResponse>({
        method: 'POST',
        path: '/otps/authenticate',
        body: { token: code, method_id: methodId, session_duration_minutes: options.session_duration_minutes },
      });
      sessions.update(resp);
      return resp;
    },
  };
}

function withoutExpiry(o: OTPSendOptions): Omit<OTPSendOptions, 'expiration_minutes'> {
  const { expiration_minutes: _ignored, ...rest } = o;
  return rest;
}
