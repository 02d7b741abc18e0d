/** `POST /sdk/v1/otps/email/login_or_create` and `POST /sdk/v1/otps/authenticate` (DESIGN 2 and 3). */
import {
  isValidEmail,
  OTP_EXPIRATION_DEFAULT,
  OTPAuthenticateRequest,
  OTPEmailLoginOrCreateRequest,
  type OTPLoginOrCreateResponse,
} from '../../sdk-core/schemas/index.ts';
import { hashOtp, newId, newOtpCode, safeEqualHex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { clientIp, ok, readJson, requireProjectAuth, type Services, userAgent } from '../http.ts';
import { hit } from '../rate-limit.ts';
import { authenticateAnswer, createSession, DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { markOtpMethodVerified, otpFactor, resolveOtpMethod } from '../otp-methods.ts';
import { assertDeliverable } from '../suppressions.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import type { Route } from './types.ts';

/** Wrong guesses one code survives (DESIGN 3). */
export const OTP_MAX_ATTEMPTS = 5;
/** Consecutive failed OTP authentications that lock the user (DESIGN 3). */
export const USER_LOCK_THRESHOLD = 10;
/** How long a lock lasts (DESIGN 3: 1 hour). */
export const USER_LOCK_MS = 60 * 60 * 1000;

/** Registers the OTP routes. */
export function otpRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;

  route('POST', '/sdk/v1/otps/email/login_or_create', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    // Normalised so one mailbox is one user regardless of the case it was typed in.
    const email = body.email.trim().toLowerCase();
    if (!isValidEmail(email)) throw new ApiError('invalid_email');
    // Before the limits and the user: a refused send creates nothing and costs no quota.
    await assertDeliverable(svc, 'email', email);

    const now = svc.now();
    const pid = svc.project.project_id;
    await hit(svc.db, `otp_send:project:${pid}`, svc.limits.otpSendPerProject, now);
    await hit(svc.db, `otp_send:ip:${pid}:${clientIp(c, svc)}`, svc.limits.otpSendPerIp, now);
    await hit(svc.db, `otp_send:email:${pid}:${email}`, svc.limits.otpSendPerEmail, now);

    const user = await findOrCreateUserByEmail(svc, email);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    const otpId = newId('otp', svc.project.mode);
    const code = newOtpCode();
    // A new code supersedes any outstanding one for this method (closed like a used code).
    await k.updateTable('otps').set({ consumed_at: now }).where('method_id', '=', user.email_id).where('consumed_at', 'is', null).execute();
    await k
      .insertInto('otps')
      .values({
        otp_id: otpId,
        project_id: pid,
        user_id: user.user_id,
        method_id: user.email_id,
        code_hash: hashOtp(otpId, code),
        created_at: now,
        expires_at: now + minutes * 60_000,
        failed_attempts: 0,
        consumed_at: null,
      })
      .execute();
    await svc.delivery.send({
      projectId: pid,
      channel: 'email',
      to: email,
      subject: 'Your verification code',
      text: `Your ${svc.project.project_name} verification code is ${code}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}. If you did not request it, ignore this email.`,
      code,
      link: null,
    });
    const answer: OTPLoginOrCreateResponse = {
      method_id: user.email_id,
      user_id: user.user_id,
      email_id: user.email_id,
      user_created: user.created,
    };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/otps/authenticate', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPAuthenticateRequest, svc.maxBodyBytes);
    // A malformed code is not a guess; it never reaches the comparison or the counters.
    if (!/^\d{6}$/.test(body.token)) throw new ApiError('invalid_code');
    const now = svc.now();

    // The method is an email, a phone number or a pending secondary address (otp-methods.ts).
    const method = await resolveOtpMethod(svc, body.method_id);
    if (!method) throw new ApiError('otp_code_not_found');
    const user = await k.selectFrom('users').select(['user_id', 'locked_until']).where('user_id', '=', method.userId).executeTakeFirstOrThrow();
    if (user.locked_until !== null && user.locked_until > now) {
      throw new ApiError('user_lock_limit_reached', { details: { locked_until: new Date(user.locked_until).toISOString() } });
    }

    // The outstanding code of the method, else its newest closed one (so its right code is recognised).
    const newest = (open: boolean) => {
      let q = k.selectFrom('otps').selectAll().where('method_id', '=', method.methodId);
      if (open) q = q.where('consumed_at', 'is', null);
      return q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    };
    const otp = (await newest(true)) ?? (await newest(false));
    if (!otp) throw new ApiError('otp_code_not_found');
    const live = otp.consumed_at === null && otp.expires_at > now && otp.failed_attempts < OTP_MAX_ATTEMPTS;
    const matches = safeEqualHex(hashOtp(otp.otp_id, body.token), otp.code_hash);

    if (!matches) {
      if (live) {
        await k.updateTable('otps').set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) })).where('otp_id', '=', otp.otp_id).execute();
      }
      const counted = await k
        .updateTable('users')
        .set((eb) => ({ otp_failures: eb('otp_failures', '+', 1) }))
        .where('user_id', '=', user.user_id)
        .returning('otp_failures')
        .executeTakeFirstOrThrow();
      if (counted.otp_failures >= USER_LOCK_THRESHOLD) {
        const until = now + USER_LOCK_MS;
        await k.updateTable('users').set({ locked_until: until, otp_failures: 0 }).where('user_id', '=', user.user_id).execute();
        throw new ApiError('user_lock_limit_reached', { details: { locked_until: new Date(until).toISOString() } });
      }
      throw new ApiError('otp_code_not_found');
    }
    // The right code for a used, expired or exhausted OTP is not a guessing failure (a double submit
    // must not count towards the lock), but it authenticates nothing.
    if (!live) throw new ApiError('otp_code_not_found');

    // Single use: exactly one of any number of parallel redemptions gets the row back.
    const claimed = await k
      .updateTable('otps')
      .set({ consumed_at: now })
      .where('otp_id', '=', otp.otp_id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('failed_attempts', '<', OTP_MAX_ATTEMPTS)
      .returning('otp_id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError('otp_code_not_found');

    await k.updateTable('users').set({ otp_failures: 0 }).where('user_id', '=', user.user_id).execute();
    await markOtpMethodVerified(svc, method);

    const { row, token } = await createSession(svc, {
      userId: user.user_id,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      ip: clientIp(c, svc),
      userAgent: userAgent(c),
      factor: otpFactor(method, otp.channel, now),
    });
    return ok(c, await authenticateAnswer(svc, row, token));
  });
}
