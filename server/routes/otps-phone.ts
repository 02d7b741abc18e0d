/**
 * OTP sends beyond `otps/email/login_or_create` (otps.ts): SMS and WhatsApp login_or_create, and
 * send/primary (existing users only) and send/secondary (adds the address to the session's user) for
 * email, SMS and WhatsApp. Codes are verified by `otps/authenticate` (otps.ts) for every channel.
 */
import { OTP_EXPIRATION_DEFAULT, OTPEmailLoginOrCreateRequest, type OTPLoginOrCreateResponse, type OTPPhoneSendResponse, OTPPhoneSendRequest } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { clientIp, type Ctx, ok, readJson, requireProjectAuth, type Services } from '../http.ts';
import { issueOtp } from '../otp-methods.ts';
import { findOrCreateUserByPhone, findPhone, numberPrefix, textablePhone } from '../phones.ts';
import { hit } from '../rate-limit.ts';
import { assertDeliverable } from '../suppressions.ts';
import { bodyEmail } from './magic-links.ts';
import type { Route } from './types.ts';

type PhoneChannel = 'sms' | 'whatsapp';

/** Registers the SMS / WhatsApp OTP routes and the email send variants. */
export function otpPhoneRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  // Same counters as the email OTP sends (otps.ts) for project and IP; per E.164 number with the
  // per-destination number of RATE_LIMIT_OTP_EMAIL (DESIGN 3: send limits per E.164 number).
  // Every send first refuses a suppressed destination (suppressions.ts), so a refusal costs no quota.
  const limit = async (c: Ctx, channel: PhoneChannel | 'email', address: string, destinationKey: string) => {
    await assertDeliverable(svc, channel, address);
    const now = svc.now();
    await hit(svc.db, `otp_send:project:${pid}`, svc.limits.otpSendPerProject, now);
    await hit(svc.db, `otp_send:ip:${pid}:${clientIp(c, svc)}`, svc.limits.otpSendPerIp, now);
    // SMS pumping walks a number block from many IPs: one counter per prefix, SMS and WhatsApp together.
    if (channel !== 'email') await hit(svc.db, `otp_send:prefix:${pid}:${numberPrefix(address)}`, svc.limits.smsSendPerPrefix, now);
    await hit(svc.db, destinationKey, svc.limits.otpSendPerEmail, now);
  };

  const findEmail = (email: string) =>
    k.selectFrom('emails').select(['email_id', 'user_id']).where('project_id', '=', pid).where('email', '=', email).executeTakeFirst();

  for (const channel of ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[]) {
    route('POST', `/sdk/v1/otps/${channel}/login_or_create`, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      await limit(c, channel, phone, `otp_send:phone:${pid}:${phone}`);
      const user = await findOrCreateUserByPhone(svc, phone);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      await issueOtp(svc, { userId: user.user_id, methodId: user.phone_id, channel, to: phone, minutes, destination: null });
      const answer: OTPPhoneSendResponse = { method_id: user.phone_id, user_id: user.user_id, phone_id: user.phone_id, user_created: user.created };
      return ok(c, answer);
    });

    route('POST', `/sdk/v1/otps/${channel}/send/primary`, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const found = await findPhone(svc, phone);
      if (!found) throw new ApiError('phone_number_not_found');
      await limit(c, channel, phone, `otp_send:phone:${pid}:${phone}`);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      await issueOtp(svc, { userId: found.user_id, methodId: found.phone_id, channel, to: phone, minutes, destination: null });
      const answer: OTPPhoneSendResponse = { method_id: found.phone_id, user_id: found.user_id, phone_id: found.phone_id, user_created: false };
      return ok(c, answer);
    });

    route('POST', `/sdk/v1/otps/${channel}/send/secondary`, async (c) => {
      const session = await requireSession(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const found = await findPhone(svc, phone);
      if (found && found.user_id !== session.user_id) throw new ApiError('duplicate_phone_number');
      await limit(c, channel, phone, `otp_send:phone:${pid}:${phone}`);
      // A number new to the user gets its id now and is attached only when the code is verified.
      const phoneId = found?.phone_id ?? newId('phone-number', svc.project.mode);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      await issueOtp(svc, { userId: session.user_id, methodId: phoneId, channel, to: phone, minutes, destination: found ? null : phone });
      const answer: OTPPhoneSendResponse = { method_id: phoneId, user_id: session.user_id, phone_id: phoneId, user_created: false };
      return ok(c, answer);
    });
  }

  route('POST', '/sdk/v1/otps/email/send/primary', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const found = await findEmail(email);
    if (!found) throw new ApiError('email_not_found');
    await limit(c, 'email', email, `otp_send:email:${pid}:${email}`);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    await issueOtp(svc, { userId: found.user_id, methodId: found.email_id, channel: 'email', to: email, minutes, destination: null });
    const answer: OTPLoginOrCreateResponse = { method_id: found.email_id, user_id: found.user_id, email_id: found.email_id, user_created: false };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/otps/email/send/secondary', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const found = await findEmail(email);
    if (found && found.user_id !== session.user_id) throw new ApiError('duplicate_email');
    await limit(c, 'email', email, `otp_send:email:${pid}:${email}`);
    const emailId = found?.email_id ?? newId('email', svc.project.mode);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    await issueOtp(svc, { userId: session.user_id, methodId: emailId, channel: 'email', to: email, minutes, destination: found ? null : email });
    const answer: OTPLoginOrCreateResponse = { method_id: emailId, user_id: session.user_id, email_id: emailId, user_created: false };
    return ok(c, answer);
  });
}
