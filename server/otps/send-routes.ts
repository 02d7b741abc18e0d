/**
 * OTP sends beyond `otps/email/login_or_create` (routes.ts): SMS and WhatsApp login_or_create, and
 * send/primary (existing users only) and send/secondary (adds the address to the session's user) for
 * email, SMS and WhatsApp. Codes are verified by `otps/authenticate` (routes.ts) for every channel.
 * With enumeration protection, send/primary answers alike for every address and the per-address work
 * moves into an outbox job.
 */
import {
  type InboxChannel,
  OTP_EXPIRATION_DEFAULT,
  OTPEmailLoginOrCreateRequest,
  type OTPLoginOrCreateResponse,
  type OTPPhoneSendResponse,
  OTPPhoneSendRequest,
} from '../../sdk-core/schemas/index.ts';
import { bodyEmail, requireSession } from '../auth-helpers.ts';
import { clientIpHash, decoyId } from '../client-keys.ts';
import { newId } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp } from '../request.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { findOrCreateUserByPhone, findPhone, numberPrefix, textablePhone } from '../phones.ts';
import { hit, recipientKey } from '../rate-limit.ts';
import { enumerationProtected } from '../settings.ts';
import { assertDeliverable } from '../suppressions.ts';
import { findEmail } from '../users.ts';
import type { DeferredHandler } from '../outbox.ts';
import type { Route } from '../routes/types.ts';
import { findOtpMethodOf, issueOtp, prepareOtp } from './store.ts';

type PhoneChannel = 'sms' | 'whatsapp';

/** Outbox job kind of an enumeration-protected OTP send/primary. */
export const PRIMARY_OTP_JOB = 'otp_primary';

/** Inputs of a {@link PRIMARY_OTP_JOB}: no secret (the code is drawn by the job). */
interface PrimaryOtpJob {
  channel: InboxChannel;
  /** Normalised email or E.164 number. */
  address: string;
  minutes: number;
  requesterHash: string;
  /** When the send was asked for; the code's lifetime counts from here. */
  at: number;
  /** The request's `locale`: the message's language (templates.ts). */
  locale?: string;
}

/**
 * The otps method's outbox job: an enumeration-protected send/primary's lookup, code and message happen
 * in the worker, so the request does the same work for every address (nothing is sent to an unknown one).
 */
export function otpJobs(svc: Services): Record<string, DeferredHandler> {
  return {
    [PRIMARY_OTP_JOB]: async (payload) => {
      const p = payload as PrimaryOtpJob;
      const found = await findOtpMethodOf(svc, p.channel, p.address);
      if (!found) return null;
      return prepareOtp(svc, {
        ...found,
        channel: p.channel,
        to: p.address,
        minutes: p.minutes,
        destination: null,
        requesterHash: p.requesterHash,
        at: p.at,
        locale: p.locale,
      });
    },
  };
}

/** Registers the SMS / WhatsApp OTP routes and the email send variants. */
export function otpSendRoutes(route: Route, svc: Services): void {
  const _k = svc.db.kysely;
  const pid = svc.project.project_id;

  // Same counters as the email OTP sends (routes.ts) for project and IP; per recipient (address or E.164
  // number, SMS and WhatsApp together) the one window every kind of message to it shares (recipientKey).
  // Every send first refuses a suppressed destination (suppressions.ts), so a refusal costs no quota.
  const limit = async (c: Ctx, channel: PhoneChannel | 'email', address: string, destinationKey: string) => {
    await assertDeliverable(svc, channel, address);
    const now = svc.now();
    await hit(svc.db, `otp_send:project:${pid}`, svc.limits.sendPerProject, now);
    await hit(svc.db, `otp_send:ip:${pid}:${clientIp(c, svc)}`, svc.limits.sendPerIp, now);
    // SMS pumping walks a number block from many IPs: one counter per prefix, SMS and WhatsApp together.
    if (channel !== 'email') await hit(svc.db, `otp_send:prefix:${pid}:${numberPrefix(address)}`, svc.limits.smsSendPerPrefix, now);
    await hit(svc.db, destinationKey, svc.limits.sendPerRecipient, now);
  };

  /**
   * send/primary with enumeration protection: the same limits, lookup, one enqueue and answer shape for
   * every address; an unknown one gets stable decoy ids (client-keys.ts) and no message.
   */
  const protectedPrimary = async (c: Ctx, channel: InboxChannel, address: string, minutes: number, destinationKey: string, locale?: string) => {
    await limit(c, channel, address, destinationKey);
    const known = await findOtpMethodOf(svc, channel, address);
    const job: PrimaryOtpJob = { channel, address, minutes, requesterHash: clientIpHash(c, svc), at: svc.now(), ...(locale ? { locale } : {}) };
    await svc.outbox.enqueue(PRIMARY_OTP_JOB, job);
    const methodKind = channel === 'email' ? 'email' : 'phone-number';
    return { userId: known?.userId ?? decoyId(svc, 'user', address), methodId: known?.methodId ?? decoyId(svc, methodKind, address) };
  };

  for (const channel of ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[]) {
    route('POST', `/sdk/v1/otps/${channel}/login_or_create`, { captcha: true }, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      await limit(c, channel, phone, recipientKey(pid, phone));
      const user = await findOrCreateUserByPhone(svc, phone);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      await issueOtp(svc, {
        userId: user.user_id,
        methodId: user.phone_id,
        channel,
        to: phone,
        minutes,
        locale: body.locale,
        destination: null,
        requesterHash: clientIpHash(c, svc),
      });
      const answer: OTPPhoneSendResponse = {
        method_id: user.phone_id,
        user_id: user.user_id,
        phone_id: user.phone_id,
        user_created: user.created && !enumerationProtected(svc.project),
      };
      return ok(c, answer);
    });

    route('POST', `/sdk/v1/otps/${channel}/send/primary`, { captcha: true }, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      if (enumerationProtected(svc.project)) {
        const ids = await protectedPrimary(c, channel, phone, minutes, recipientKey(pid, phone), body.locale);
        const answer: OTPPhoneSendResponse = { method_id: ids.methodId, user_id: ids.userId, phone_id: ids.methodId, user_created: false };
        return ok(c, answer);
      }
      const found = await findPhone(svc, phone);
      if (!found) throw new ApiError('phone_number_not_found');
      await limit(c, channel, phone, recipientKey(pid, phone));
      await issueOtp(svc, {
        userId: found.user_id,
        methodId: found.phone_id,
        channel,
        to: phone,
        minutes,
        locale: body.locale,
        destination: null,
        requesterHash: clientIpHash(c, svc),
      });
      const answer: OTPPhoneSendResponse = { method_id: found.phone_id, user_id: found.user_id, phone_id: found.phone_id, user_created: false };
      return ok(c, answer);
    });

    route('POST', `/sdk/v1/otps/${channel}/send/secondary`, { captcha: true }, async (c) => {
      const session = await requireSession(c, svc, { mintsAccess: true });
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const found = await findPhone(svc, phone);
      if (found && found.user_id !== session.user_id) throw new ApiError('duplicate_phone_number');
      await limit(c, channel, phone, recipientKey(pid, phone));
      // A number new to the user gets its id now and is attached only when the code is verified.
      const phoneId = found?.phone_id ?? newId('phone-number', svc.project.mode);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      await issueOtp(svc, {
        userId: session.user_id,
        methodId: phoneId,
        channel,
        to: phone,
        minutes,
        locale: body.locale,
        destination: found ? null : phone,
        requesterHash: clientIpHash(c, svc),
      });
      const answer: OTPPhoneSendResponse = { method_id: phoneId, user_id: session.user_id, phone_id: phoneId, user_created: false };
      return ok(c, answer);
    });
  }

  route('POST', '/sdk/v1/otps/email/send/primary', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    if (enumerationProtected(svc.project)) {
      const ids = await protectedPrimary(c, 'email', email, minutes, recipientKey(pid, email), body.locale);
      const answer: OTPLoginOrCreateResponse = { method_id: ids.methodId, user_id: ids.userId, email_id: ids.methodId, user_created: false };
      return ok(c, answer);
    }
    const found = await findEmail(svc, email);
    if (!found) throw new ApiError('email_not_found');
    await limit(c, 'email', email, recipientKey(pid, email));
    await issueOtp(svc, {
      userId: found.user_id,
      methodId: found.email_id,
      channel: 'email',
      to: email,
      minutes,
      locale: body.locale,
      destination: null,
      requesterHash: clientIpHash(c, svc),
    });
    const answer: OTPLoginOrCreateResponse = { method_id: found.email_id, user_id: found.user_id, email_id: found.email_id, user_created: false };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/otps/email/send/secondary', { captcha: true }, async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const found = await findEmail(svc, email);
    if (found && found.user_id !== session.user_id) throw new ApiError('duplicate_email');
    await limit(c, 'email', email, recipientKey(pid, email));
    const emailId = found?.email_id ?? newId('email', svc.project.mode);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    await issueOtp(svc, {
      userId: session.user_id,
      methodId: emailId,
      channel: 'email',
      to: email,
      minutes,
      locale: body.locale,
      destination: found ? null : email,
      requesterHash: clientIpHash(c, svc),
    });
    const answer: OTPLoginOrCreateResponse = { method_id: emailId, user_id: session.user_id, email_id: emailId, user_created: false };
    return ok(c, answer);
  });
}
