/** OTP codes: resolving a method_id (email, phone, or a pending secondary address), issuing codes, and finding the method of an address. */
import { nextInUserList } from '../address-order.ts';
import type { InboxChannel } from '../../sdk-core/schemas/index.ts';
import type { AuthenticationFactor } from '../../sdk-core/schemas/index.ts';
import { hashOtp, newId, newOtpCode } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import type { Services } from '../services.ts';
import { messageLocale, renderOtpMessage } from '../messaging/templates.ts';
import type { OutboundMessage } from '../messaging/delivery.ts';
import type { PreparedMessage } from '../outbox.ts';
import { findPhone } from '../phones.ts';

/** What an OTP's method_id stands for. */
export interface OtpMethod {
  methodId: string;
  userId: string;
  kind: 'email' | 'phone';
  /** Email address or E.164 number. */
  address: string;
  /** A secondary send's address not yet attached to the user (attached on success). */
  pending: boolean;
}

/** Resolves a method_id of the active project: an email, a phone number, or a pending secondary address. */
export async function resolveOtpMethod(svc: Services, methodId: string): Promise<OtpMethod | null> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const email = await k
    .selectFrom('emails')
    .select(['email_id', 'user_id', 'email'])
    .where('project_id', '=', pid)
    .where('email_id', '=', methodId)
    .executeTakeFirst();
  if (email) return { methodId, userId: email.user_id, kind: 'email', address: email.email, pending: false };
  const phone = await k
    .selectFrom('phone_numbers')
    .select(['phone_id', 'user_id', 'phone_number'])
    .where('project_id', '=', pid)
    .where('phone_id', '=', methodId)
    .executeTakeFirst();
  if (phone) return { methodId, userId: phone.user_id, kind: 'phone', address: phone.phone_number, pending: false };
  const otp = await k
    .selectFrom('otps')
    .select(['user_id', 'channel', 'destination'])
    .where('project_id', '=', pid)
    .where('method_id', '=', methodId)
    .where('destination', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (otp?.destination) {
    return {
      methodId,
      userId: otp.user_id,
      kind: otp.channel === 'sms' || otp.channel === 'whatsapp' ? 'phone' : 'email',
      address: otp.destination,
      pending: true,
    };
  }
  return null;
}

/**
 * Marks the method verified after a successful code; a pending secondary address is attached to its
 * user now (never at send time, so nobody can squat an address they do not control).
 * @throws ApiError duplicate_email / duplicate_phone_number when another user took the address meanwhile.
 */
export async function markOtpMethodVerified(svc: Services, m: OtpMethod): Promise<void> {
  await attachOtpMethod(svc, m);
  // A user created pending (a backend's login_or_create with create_user_as_pending) is active once it signed in.
  await svc.db.kysely.updateTable('users').set({ status: 'active' }).where('user_id', '=', m.userId).where('status', '=', 'pending').execute();
}

async function attachOtpMethod(svc: Services, m: OtpMethod): Promise<void> {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;
  const now = svc.now();
  if (m.kind === 'email') {
    if (!m.pending) {
      await k.updateTable('emails').set({ verified: 1 }).where('email_id', '=', m.methodId).execute();
      return;
    }
    const row = await k
      .insertInto('emails')
      .values({
        email_id: m.methodId,
        project_id: pid,
        user_id: m.userId,
        email: m.address,
        verified: 1,
        created_at: now,
        added_seq: nextInUserList('emails', 'added_seq', m.userId),
      })
      .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
      .returning('email_id')
      .executeTakeFirst();
    if (!row) throw new ApiError('duplicate_email');
    await svc.events.emit({ type: 'factor.added', user_id: m.userId, factor: { kind: 'email', id: m.methodId, email: m.address } });
    return;
  }
  if (!m.pending) {
    await k.updateTable('phone_numbers').set({ verified: 1 }).where('phone_id', '=', m.methodId).execute();
    return;
  }
  const row = await k
    .insertInto('phone_numbers')
    .values({
      phone_id: m.methodId,
      project_id: pid,
      user_id: m.userId,
      phone_number: m.address,
      verified: 1,
      created_at: now,
      added_seq: nextInUserList('phone_numbers', 'added_seq', m.userId),
    })
    .onConflict((oc) => oc.columns(['project_id', 'phone_number']).doNothing())
    .returning('phone_id')
    .executeTakeFirst();
  if (!row) throw new ApiError('duplicate_phone_number');
  await svc.events.emit({ type: 'factor.added', user_id: m.userId, factor: { kind: 'phone', id: m.methodId, phone_number: m.address } });
}

/** The session factor of an OTP success (the provider's shape: email_factor or phone_number_factor). */
export function otpFactor(m: OtpMethod, channel: string | null, now: number): AuthenticationFactor {
  const base = { type: 'otp', delivery_method: channel ?? 'email', last_authenticated_at: new Date(now).toISOString() };
  return m.kind === 'email'
    ? { ...base, email_factor: { email_id: m.methodId, email_address: m.address } }
    : { ...base, phone_number_factor: { phone_id: m.methodId, phone_number: m.address } };
}

/** Channel of an OTP row (rows from before migration 0002 are email). */
export async function otpChannel(svc: Services, otpId: string): Promise<string | null> {
  const row = await svc.db.kysely.selectFrom('otps').select('channel').where('otp_id', '=', otpId).executeTakeFirst();
  return row?.channel ?? null;
}

/** What {@link prepareOtp} needs: the method, where the code goes, and who asked. */
export interface OtpIssue {
  userId: string;
  methodId: string;
  channel: InboxChannel;
  to: string;
  minutes: number;
  /** Set only for a secondary send to an address not yet attached. */
  destination: string | null;
  /** Keyed hash of the requesting client's IP (client-keys.ts): in a guarded account only it may guess. */
  requesterHash: string | null;
  /** When the code was asked for (epoch ms); its lifetime counts from here. Default now. */
  at?: number;
  /** The request's `locale` (docs/reference/config.md#product-options otpOptions.locale): the message's language, English when absent or unknown. */
  locale?: string | undefined;
}

/**
 * Stores a fresh 6-digit code for `methodId` (superseding any outstanding one) and renders its message;
 * the caller enqueues it (or, in a deferred outbox job, returns it to the worker).
 */
export async function prepareOtp(svc: Services, o: OtpIssue): Promise<PreparedMessage> {
  const k = svc.db.kysely;
  const now = o.at ?? svc.now();
  const pid = svc.project.project_id;
  const otpId = newId('otp', svc.project.mode);
  const code = newOtpCode();
  const expiresAt = now + o.minutes * 60_000;
  await k.updateTable('otps').set({ consumed_at: now }).where('method_id', '=', o.methodId).where('consumed_at', 'is', null).execute();
  await k
    .insertInto('otps')
    .values({
      otp_id: otpId,
      project_id: pid,
      user_id: o.userId,
      method_id: o.methodId,
      code_hash: hashOtp(otpId, code),
      created_at: now,
      expires_at: expiresAt,
      failed_attempts: 0,
      consumed_at: null,
      channel: o.channel,
      destination: o.destination,
      requester_hash: o.requesterHash,
    })
    .execute();
  // Text messages have no subject and no HTML; the inbox and the SMS adapter rely on that.
  const locale = messageLocale(o.locale);
  const rendered = renderOtpMessage(locale, o.channel, { project: svc.project.project_name, code, minutes: o.minutes, to: o.to }, svc.project.config.messages);
  const message: OutboundMessage = { projectId: pid, channel: o.channel, to: o.to, ...rendered, code, link: null, kind: `${o.channel}_otp`, locale };
  return { message, expiresAt };
}

/** Stores a fresh code (see {@link prepareOtp}) and puts its message on the outbox (docs/reference/security.md#email-syntax: no send in the request). */
export async function issueOtp(svc: Services, o: OtpIssue): Promise<void> {
  const { message, expiresAt } = await prepareOtp(svc, o);
  await svc.outbox.enqueueMessage(message, { expiresAt });
}

/** The account holding `address` on `channel` (an email, or an E.164 number for SMS / WhatsApp): its user and method id, if any. */
export async function findOtpMethodOf(svc: Services, channel: InboxChannel, address: string): Promise<{ userId: string; methodId: string } | null> {
  if (channel === 'email') {
    const e = await svc.db.kysely
      .selectFrom('emails')
      .select(['email_id', 'user_id'])
      .where('project_id', '=', svc.project.project_id)
      .where('email', '=', address)
      .executeTakeFirst();
    return e ? { userId: e.user_id, methodId: e.email_id } : null;
  }
  const p = await findPhone(svc, address);
  return p ? { userId: p.user_id, methodId: p.phone_id } : null;
}
