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
import { findOrCreateUserByPhone, numberPrefix, textablePhone } from '../phones.ts';
import { hit, recipientKey } from '../rate-limit.ts';
import { enumerationProtected } from '../settings.ts';
import { assertDeliverable } from '../suppressions.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import type { DeferredHandler } from '../outbox.ts';
import type { Route } from '../routes/types.ts';
import { findOtpMethodOf, issueOtp, prepareOtp } from './store.ts';
import { assertStepFactor, stepSubject } from '../mfa/second-step.ts';
import { secondFactorPhone } from './second-factors.ts';
import { z } from 'zod/mini';

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

/** A channel a passcode goes out on, and the address it goes to (an email, or an E.164 number). */
export type OtpChannel = InboxChannel;

/** The code's lifetime and the message's language, as a send asks for them. */
export interface OtpSendOptions {
  minutes: number;
  locale?: string | undefined;
}

/** What a send answers: the method (email or phone id) to authenticate, its user, and whether the call created it. */
export interface OtpSent {
  methodId: string;
  userId: string;
  created: boolean;
}

/**
 * Counts one passcode send: the project's and the IP's counters (shared by every passcode send), the
 * number block's for SMS / WhatsApp (SMS pumping walks a block from many IPs), and the recipient's one
 * window every kind of message to it shares (recipientKey). A suppressed destination is refused first
 * (suppressions.ts), so a refusal costs no quota.
 */
export async function limitOtpSend(c: Ctx, svc: Services, channel: OtpChannel, address: string): Promise<void> {
  const pid = svc.project.project_id;
  await assertDeliverable(svc, channel, address);
  const now = svc.now();
  await hit(svc.db, `otp_send:project:${pid}`, svc.limits.sendPerProject, now);
  await hit(svc.db, `otp_send:ip:${pid}:${clientIp(c, svc)}`, svc.limits.sendPerIp, now);
  if (channel !== 'email') await hit(svc.db, `otp_send:prefix:${pid}:${numberPrefix(address)}`, svc.limits.smsSendPerPrefix, now);
  await hit(svc.db, recipientKey(pid, address), svc.limits.sendPerRecipient, now);
}

/** The address of a send in stored form: a normalised email, or a textable E.164 number. */
export function otpAddress(svc: Services, channel: OtpChannel, raw: string): string {
  return channel === 'email' ? bodyEmail(raw) : textablePhone(svc, raw);
}

/**
 * login_or_create: a code to the address, whose user is created (pending when asked) if it has none.
 * `created` is false under enumeration protection whatever happened.
 */
export async function otpLoginOrCreate(
  c: Ctx,
  svc: Services,
  channel: OtpChannel,
  address: string,
  o: OtpSendOptions & { pending?: boolean },
): Promise<OtpSent> {
  await limitOtpSend(c, svc, channel, address);
  const status = o.pending ? 'pending' : 'active';
  const user =
    channel === 'email'
      ? await findOrCreateUserByEmail(svc, address, status).then((u) => ({ userId: u.user_id, methodId: u.email_id, created: u.created }))
      : await findOrCreateUserByPhone(svc, address, status).then((u) => ({ userId: u.user_id, methodId: u.phone_id, created: u.created }));
  await issueOtp(svc, {
    userId: user.userId,
    methodId: user.methodId,
    channel,
    to: address,
    minutes: o.minutes,
    locale: o.locale,
    destination: null,
    requesterHash: clientIpHash(c, svc),
  });
  // Enumeration protection: whether the address was new is not told.
  return { ...user, created: user.created && !enumerationProtected(svc.project) };
}

/**
 * send (primary): a code to an existing user's address; 404 email_not_found / phone_number_not_found
 * for an unknown one, or, with enumeration protection, the same limits, lookup, one enqueue and answer
 * shape for every address (an unknown one gets stable decoy ids, client-keys.ts, and no message).
 */
export async function otpSendPrimary(c: Ctx, svc: Services, channel: OtpChannel, address: string, o: OtpSendOptions): Promise<OtpSent> {
  if (enumerationProtected(svc.project)) {
    await limitOtpSend(c, svc, channel, address);
    const known = await findOtpMethodOf(svc, channel, address);
    const job: PrimaryOtpJob = {
      channel,
      address,
      minutes: o.minutes,
      requesterHash: clientIpHash(c, svc),
      at: svc.now(),
      ...(o.locale ? { locale: o.locale } : {}),
    };
    await svc.outbox.enqueue(PRIMARY_OTP_JOB, job);
    const methodKind = channel === 'email' ? 'email' : 'phone-number';
    return { userId: known?.userId ?? decoyId(svc, 'user', address), methodId: known?.methodId ?? decoyId(svc, methodKind, address), created: false };
  }
  const found = await findOtpMethodOf(svc, channel, address);
  if (!found) throw new ApiError(channel === 'email' ? 'email_not_found' : 'phone_number_not_found');
  await limitOtpSend(c, svc, channel, address);
  await issueOtp(svc, {
    userId: found.userId,
    methodId: found.methodId,
    channel,
    to: address,
    minutes: o.minutes,
    locale: o.locale,
    destination: null,
    requesterHash: clientIpHash(c, svc),
  });
  return { ...found, created: false };
}

/**
 * send (secondary): a code that adds the address to `userId` once verified (never at send time, so
 * nobody can squat an address they do not control); 400 duplicate_email / duplicate_phone_number when
 * another user has it.
 */
export async function otpSendSecondary(c: Ctx, svc: Services, userId: string, channel: OtpChannel, address: string, o: OtpSendOptions): Promise<OtpSent> {
  const found = await findOtpMethodOf(svc, channel, address);
  if (found && found.userId !== userId) throw new ApiError(channel === 'email' ? 'duplicate_email' : 'duplicate_phone_number');
  await limitOtpSend(c, svc, channel, address);
  // An address new to the user gets its id now and is attached only when the code is verified.
  const methodId = found?.methodId ?? newId(channel === 'email' ? 'email' : 'phone-number', svc.project.mode);
  await issueOtp(svc, {
    userId,
    methodId,
    channel,
    to: address,
    minutes: o.minutes,
    locale: o.locale,
    destination: found ? null : address,
    requesterHash: clientIpHash(c, svc),
  });
  return { methodId, userId, created: false };
}

/** Body of the second step's `POST /sdk/v1/otps/sms/send`: the intermediate token, and the send's own options. */
const SecondStepSendRequest = z.object({
  intermediate_session_token: z.string().check(z.minLength(1), z.maxLength(256)),
  expiration_minutes: OTPPhoneSendRequest.shape.expiration_minutes,
  locale: OTPPhoneSendRequest.shape.locale,
});

/** Registers the SMS / WhatsApp OTP routes and the email send variants. */
export function otpSendRoutes(route: Route, svc: Services): void {
  const phoneAnswer = (s: OtpSent): OTPPhoneSendResponse => ({ method_id: s.methodId, user_id: s.userId, phone_id: s.methodId, user_created: s.created });
  const emailAnswer = (s: OtpSent): OTPLoginOrCreateResponse => ({ method_id: s.methodId, user_id: s.userId, email_id: s.methodId, user_created: s.created });

  for (const channel of ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[]) {
    route('POST', `/sdk/v1/otps/${channel}/login_or_create`, { captcha: true }, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      return ok(c, phoneAnswer(await otpLoginOrCreate(c, svc, channel, phone, { minutes, locale: body.locale })));
    });

    route('POST', `/sdk/v1/otps/${channel}/send/primary`, { captcha: true }, async (c) => {
      requireProjectAuth(c, svc);
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      return ok(c, phoneAnswer(await otpSendPrimary(c, svc, channel, phone, { minutes, locale: body.locale })));
    });

    route('POST', `/sdk/v1/otps/${channel}/send/secondary`, { captcha: true }, async (c) => {
      const session = await requireSession(c, svc, { mintsAccess: true });
      const body = await readJson(c, OTPPhoneSendRequest, svc.maxBodyBytes);
      const phone = textablePhone(svc, body.phone_number);
      const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
      return ok(c, phoneAnswer(await otpSendSecondary(c, svc, session.user_id, channel, phone, { minutes, locale: body.locale })));
    });
  }

  // The second step of a two-step sign-in (docs/reference/mfa.md#second-step): a code to the user's verified
  // phone, named by the intermediate token alone (no number in the body: the holder of a first factor
  // cannot send codes anywhere else).
  route('POST', '/sdk/v1/otps/sms/send', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, SecondStepSendRequest, svc.maxBodyBytes);
    const subject = await stepSubject(c, svc);
    if (subject.kind !== 'intermediate') throw new ApiError('intermediate_session_not_found');
    await assertStepFactor(svc, subject, 'sms_otp');
    const phone = await secondFactorPhone(svc, subject.userId);
    if (!phone) throw new ApiError('phone_number_not_found');
    await limitOtpSend(c, svc, 'sms', phone.phone_number);
    await issueOtp(svc, {
      userId: subject.userId,
      methodId: phone.phone_id,
      channel: 'sms',
      to: phone.phone_number,
      minutes: body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT,
      locale: body.locale,
      destination: null,
      requesterHash: clientIpHash(c, svc),
    });
    return ok(c, phoneAnswer({ methodId: phone.phone_id, userId: subject.userId, created: false }));
  });

  route('POST', '/sdk/v1/otps/email/send/primary', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    return ok(c, emailAnswer(await otpSendPrimary(c, svc, 'email', email, { minutes, locale: body.locale })));
  });

  route('POST', '/sdk/v1/otps/email/send/secondary', { captcha: true }, async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true });
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    return ok(c, emailAnswer(await otpSendSecondary(c, svc, session.user_id, 'email', email, { minutes, locale: body.locale })));
  });
}
