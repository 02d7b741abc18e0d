import type { AuthenticateResult, ClientAddedFields, Meta, SendResult } from '../api-types.ts';
import type { MethodContext, SdkMethod } from '../method.ts';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from '../schemas/defaults.ts';
import type { OTPAuthenticateRequest, OTPEmailLoginOrCreateRequest, OTPLoginOrCreateResponse } from '../schemas/otps.ts';
import { check } from '../validate.ts';

/** Options of an OTP send (docs/reference/methods/otps.md#calls): the send body without the destination (the same for every channel). */
export type OTPSendOptions = Omit<OTPEmailLoginOrCreateRequest, 'email' | ClientAddedFields>;

/** Options of an OTP authenticate: `session_duration_minutes` is required (how long the new session lasts). */
export type OTPAuthenticateOptions = Required<Pick<OTPAuthenticateRequest, 'session_duration_minutes'>>;

/** Answer of an OTP login_or_create. */
export type OTPLoginOrCreateResult = OTPLoginOrCreateResponse & Meta;

/** The calls of one OTP channel. */
export interface OTPChannel {
  /** Sends a code, creating the user if needed; resolves to the method id to authenticate with. */
  loginOrCreate(destination: string, options?: OTPSendOptions): Promise<OTPLoginOrCreateResult>;
  /** Sends a code to an existing user; under a session the secondary variant adds the factor. */
  send(destination: string, options?: OTPSendOptions): Promise<SendResult>;
}

/** One-time passcodes by email, SMS and WhatsApp. */
export interface OTPs {
  email: OTPChannel;
  sms: OTPChannel;
  whatsapp: OTPChannel;
  /** Exchanges a code for a session. */
  authenticate(code: string, methodId: string, options: OTPAuthenticateOptions): Promise<AuthenticateResult>;
}

/** docs/reference/constants.md#sign-in-defaults: codes live five minutes unless asked otherwise (the shared DEFAULT_OTP_EXPIRATION_MINUTES). */
export const OTP_DEFAULT_EXPIRATION_MINUTES = DEFAULT_OTP_EXPIRATION_MINUTES;

function checkSendOptions(method: string, o: OTPSendOptions | undefined): OTPSendOptions {
  const opts = o ?? {};
  check(method)
    .optionalObject('options', o)
    .optionalNumber('expiration_minutes', opts.expiration_minutes)
    .optionalString('login_template_id', opts.login_template_id)
    .optionalString('signup_template_id', opts.signup_template_id)
    .optionalString('locale', opts.locale);
  return opts;
}

function channel(ctx: MethodContext, name: 'email' | 'sms' | 'whatsapp'): OTPChannel {
  const field = name === 'email' ? 'email' : 'phone_number';
  const body = (destination: string, opts: OTPSendOptions) => ({
    [field]: destination,
    ...opts,
    expiration_minutes: opts.expiration_minutes ?? OTP_DEFAULT_EXPIRATION_MINUTES,
  });
  return {
    async loginOrCreate(destination, options) {
      const method = `otps.${name}.loginOrCreate`;
      check(method).string(field, destination);
      const opts = checkSendOptions(method, options);
      return ctx.protectedRequest({ method: 'POST', path: `/otps/${name}/login_or_create`, body: body(destination, opts) });
    },
    async send(destination, options) {
      const method = `otps.${name}.send`;
      check(method).string(field, destination);
      const opts = checkSendOptions(method, options);
      return ctx.protectedRequest({ method: 'POST', path: `/otps/${name}/send/${ctx.sendVariant()}`, body: body(destination, opts) });
    },
  };
}

/** Builds the OTP methods. */
export function createOTPs(ctx: MethodContext): OTPs {
  return {
    email: channel(ctx, 'email'),
    sms: channel(ctx, 'sms'),
    whatsapp: channel(ctx, 'whatsapp'),
    async authenticate(code, methodId, options) {
      const method = 'otps.authenticate';
      check(method).string('code', code).string('method_id', methodId).optionalObject('options', options);
      check(method).number('session_duration_minutes', options?.session_duration_minutes);
      return ctx.signIn(
        {
          method: 'POST',
          path: '/otps/authenticate',
          body: { token: code, method_id: methodId, session_duration_minutes: options.session_duration_minutes },
        },
        true,
      );
    },
  };
}

/** The registry entry (../methods.ts): `client.otps`. */
export const otpsMethod = { name: 'otps', create: createOTPs } satisfies SdkMethod<'otps', OTPs>;
