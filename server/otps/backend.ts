/**
 * The otps method's `/v1` backend routes (issue 27, backend-driven sign-in): send and login_or_create
 * by email, SMS and WhatsApp, and authenticate (`method_id` + `code`), in the provider's backend shapes,
 * authenticated by a project secret (checked before these handlers). They run the same code as the
 * `/sdk/v1` routes (send-routes.ts, routes.ts): the same send limits, lockouts and enumeration rules;
 * no captcha (a backend has none).
 */
import { z } from 'zod/mini';
import { OTP_EXPIRATION_DEFAULT, OTP_EXPIRATION_MAX } from '../../sdk-core/schemas/index.ts';
import { BackendAttributes, backendSendUser, backendSendUserFields, backendSignIn, backendSessionFields, sessionToJoin } from '../backend-sign-in.ts';
import { backendOk } from '../backend/auth.ts';
import { readJson } from '../body.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { verifyOtp } from './routes.ts';
import { type OtpChannel, type OtpSent, otpAddress, otpLoginOrCreate, otpSendPrimary, otpSendSecondary } from './send-routes.ts';

// Bounded strings keep stored rows and logs small; the lengths are generous for real values.
const shortString = z.string().check(z.maxLength(256));

/** What every send takes besides the address. */
const sendFields = {
  expiration_minutes: z.optional(z.int().check(z.gte(1), z.lte(OTP_EXPIRATION_MAX))),
  locale: z.optional(shortString),
  attributes: z.optional(BackendAttributes),
  login_template_id: z.optional(shortString),
  signup_template_id: z.optional(shortString),
};
const emailField = { email: z.string().check(z.maxLength(1024)) };
// E.164 is checked by the server with libphonenumber-js (-> invalid_phone_number), not by the schema.
const phoneField = { phone_number: z.string().check(z.maxLength(64)) };

/** Body of `POST /v1/otps/email/send`. */
export const BackendOtpEmailSendRequest = z.strictObject({ ...emailField, ...sendFields, ...backendSendUserFields });
/** Body of `POST /v1/otps/email/login_or_create`. */
export const BackendOtpEmailLoginOrCreateRequest = z.strictObject({ ...emailField, ...sendFields, create_user_as_pending: z.optional(z.boolean()) });
/** Body of `POST /v1/otps/{sms,whatsapp}/send`. */
export const BackendOtpPhoneSendRequest = z.strictObject({ ...phoneField, ...sendFields, ...backendSendUserFields });
/** Body of `POST /v1/otps/{sms,whatsapp}/login_or_create`. */
export const BackendOtpPhoneLoginOrCreateRequest = z.strictObject({ ...phoneField, ...sendFields, create_user_as_pending: z.optional(z.boolean()) });
/** Body of `POST /v1/otps/authenticate`: the provider's `code` (the SDK's `token`). */
export const BackendOtpAuthenticateRequest = z.strictObject({
  method_id: shortString,
  code: z.string().check(z.maxLength(64)),
  ...backendSessionFields,
});

/** The provider's send answer: the user and the email or phone id (`method_id` of authenticate). */
function sentAnswer(channel: OtpChannel, s: OtpSent) {
  return channel === 'email' ? { user_id: s.userId, email_id: s.methodId } : { user_id: s.userId, phone_id: s.methodId };
}

/** Registers the otps method's `/v1` routes. */
export function otpBackendRoutes(route: BackendRoute, svc: Services): void {
  for (const channel of ['email', 'sms', 'whatsapp'] as const satisfies readonly OtpChannel[]) {
    const sendSchema = channel === 'email' ? BackendOtpEmailSendRequest : BackendOtpPhoneSendRequest;
    const createSchema = channel === 'email' ? BackendOtpEmailLoginOrCreateRequest : BackendOtpPhoneLoginOrCreateRequest;
    const raw = (b: { email?: string; phone_number?: string }) => (channel === 'email' ? b.email : b.phone_number) ?? '';

    route('POST', `/v1/otps/${channel}/send`, async (c) => {
      const body = await readJson(c, sendSchema, svc.maxBodyBytes);
      const address = otpAddress(svc, channel, raw(body));
      const userId = await backendSendUser(svc, body);
      const o = { minutes: body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT, locale: body.locale };
      const sent = userId === undefined ? await otpSendPrimary(c, svc, channel, address, o) : await otpSendSecondary(c, svc, userId, channel, address, o);
      return backendOk(c, sentAnswer(channel, sent));
    });

    route('POST', `/v1/otps/${channel}/login_or_create`, async (c) => {
      const body = await readJson(c, createSchema, svc.maxBodyBytes);
      const address = otpAddress(svc, channel, raw(body));
      const sent = await otpLoginOrCreate(c, svc, channel, address, {
        minutes: body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT,
        locale: body.locale,
        pending: body.create_user_as_pending === true,
      });
      return backendOk(c, { ...sentAnswer(channel, sent), user_created: sent.created });
    });
  }

  route('POST', '/v1/otps/authenticate', async (c) => {
    const body = await readJson(c, BackendOtpAuthenticateRequest, svc.maxBodyBytes);
    const joined = await sessionToJoin(svc, body);
    const { method, factor } = await verifyOtp(c, svc, body.method_id, body.code);
    const answer = await backendSignIn(c, svc, { userId: method.userId, factor, body, joined });
    return backendOk(c, { ...answer, method_id: method.methodId });
  });
}
