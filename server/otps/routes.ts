/** The otps method: `POST /sdk/v1/otps/email/login_or_create` and `POST /sdk/v1/otps/authenticate` (docs/reference/wire-protocol.md#backend-api, docs/reference/security.md#passcodes). */
import {
  type AuthenticationFactor,
  OTP_EXPIRATION_DEFAULT,
  OTPAuthenticateRequest,
  OTPEmailLoginOrCreateRequest,
  type OTPLoginOrCreateResponse,
} from '../../sdk-core/schemas/index.ts';
import { bodyEmail } from '../auth-helpers.ts';
import { clientIpHash, rememberClient } from '../client-keys.ts';
import { claimOnce } from '../claim-once.ts';
import { hashOtp, safeEqualHex } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { assertClientNotLocked, assertUserNotGuarded, clearFailures, countFailure, type Lockout } from '../lockout.ts';
import type { Limit } from '../rate-limit.ts';
import { DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import type { Route } from '../routes/types.ts';
import { markOtpMethodVerified, type OtpMethod, otpFactor, resolveOtpMethod } from './store.ts';
import { otpLoginOrCreate } from './send-routes.ts';
import { signInOrSecondStep } from '../mfa/gate.ts';
import { assertStepFactor, completeStep, stepSubject } from '../mfa/second-step.ts';
import { SecondStepFields } from '../../sdk-core/schemas/index.ts';

/** Wrong guesses one code survives (docs/reference/security.md#passcodes). */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Consecutive failed OTP authentications from one client (IP) that lock that client, and only that
 * client, out of the user (docs/reference/security.md#lockouts's 10, keyed by user and client so a stranger cannot lock anyone out).
 */
export const USER_LOCK_THRESHOLD = 10;
/** How long a client's lock lasts (docs/reference/security.md#lockouts: 1 hour). */
export const USER_LOCK_MS = 60 * 60 * 1000;
/**
 * Failed authentications per user per hour, from all clients, after which the user is guarded: only the
 * client that requested the outstanding code may still guess it (total guesses stay bounded by the send
 * limits x {@link OTP_MAX_ATTEMPTS}, and the person who asked for a code can still use it).
 */
export const USER_GUARD: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
/** The OTP's lockout rule (server/lockout.ts counts it). */
const OTP_LOCKOUT: Lockout = { scope: 'otp', clientThreshold: USER_LOCK_THRESHOLD, clientLockMs: USER_LOCK_MS, userGuard: USER_GUARD };

/**
 * Checks a passcode for `methodId` and redeems it once: the lockouts (docs/reference/security.md#lockouts) before any
 * comparison, a wrong guess counted against the code and the client, the right code of a live OTP
 * claimed by exactly one of any number of parallel calls; then the method is verified (a pending
 * secondary address attached) and the client remembered. The method and the session factor it proves.
 * @throws ApiError invalid_code (not 6 digits), otp_code_not_found, user_lock_limit_reached
 */
export async function verifyOtp(c: Ctx, svc: Services, methodId: string, code: string): Promise<{ method: OtpMethod; factor: AuthenticationFactor }> {
  const k = svc.db.kysely;
  // A malformed code is not a guess; it never reaches the comparison or the counters.
  if (!/^\d{6}$/.test(code)) throw new ApiError('invalid_code');
  const now = svc.now();

  // The method is an email, a phone number or a pending secondary address (store.ts).
  const method = await resolveOtpMethod(svc, methodId);
  if (!method) throw new ApiError('otp_code_not_found');
  const userId = method.userId;
  const client = clientIpHash(c, svc);

  // This client locked out of this user (10 consecutive failures from it)?
  await assertClientNotLocked(svc, OTP_LOCKOUT, userId, client);

  // The outstanding code of the method, else its newest closed one (so its right code is recognised).
  const newest = (open: boolean) => {
    let q = k.selectFrom('otps').selectAll().where('method_id', '=', method.methodId);
    if (open) q = q.where('consumed_at', 'is', null);
    return q.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  };
  const otp = (await newest(true)) ?? (await newest(false));
  if (!otp) throw new ApiError('otp_code_not_found');

  // A guarded user (many failures this hour, from anywhere): only the client that asked for the code
  // may guess it. Refused guesses are not compared, so they neither count nor burn the code.
  if (otp.requester_hash !== client) await assertUserNotGuarded(svc, OTP_LOCKOUT, userId);

  const live = otp.consumed_at === null && otp.expires_at > now && otp.failed_attempts < OTP_MAX_ATTEMPTS;
  const matches = safeEqualHex(hashOtp(otp.otp_id, code), otp.code_hash);

  if (!matches) {
    if (live) {
      await k
        .updateTable('otps')
        .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
        .where('otp_id', '=', otp.otp_id)
        .execute();
    }
    await countFailure(svc, OTP_LOCKOUT, userId, client);
    throw new ApiError('otp_code_not_found');
  }
  // The right code for a used, expired or exhausted OTP is not a guessing failure (a double submit
  // must not count towards the lock), but it authenticates nothing.
  if (!live) throw new ApiError('otp_code_not_found');

  // Single use: exactly one of any number of parallel redemptions gets the row back.
  const claimed = await claimOnce(k, 'otps', { otp_id: otp.otp_id, failed_attempts: ['<', OTP_MAX_ATTEMPTS] }, { now });
  if (!claimed.ok) throw new ApiError('otp_code_not_found');

  // A success clears this client's consecutive failures (others' counts stay theirs).
  await clearFailures(svc, OTP_LOCKOUT, userId, client);
  await markOtpMethodVerified(svc, method);
  await rememberClient(c, svc, userId);
  return { method, factor: otpFactor(method, otp.channel, now) };
}

/** Registers the OTP routes. */
export function otpRoutes(route: Route, svc: Services): void {
  route('POST', '/sdk/v1/otps/email/login_or_create', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPEmailLoginOrCreateRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    const minutes = body.expiration_minutes ?? OTP_EXPIRATION_DEFAULT;
    const sent = await otpLoginOrCreate(c, svc, 'email', email, { minutes, locale: body.locale });
    const answer: OTPLoginOrCreateResponse = { method_id: sent.methodId, user_id: sent.userId, email_id: sent.methodId, user_created: sent.created };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/otps/authenticate', { captcha: true }, async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, OTPAuthenticateRequest, svc.maxBodyBytes);
    // The second step of a two-step sign-in: an SMS passcode to the intermediate session's user's verified phone.
    if ((await readJson(c, SecondStepFields, svc.maxBodyBytes)).intermediate_session_token !== undefined) {
      const subject = await stepSubject(c, svc);
      await assertStepFactor(svc, subject, 'sms_otp');
      const target = await resolveOtpMethod(svc, body.method_id);
      // Another user's code, or an email code, proves nothing about this user's phone: refused before any comparison.
      if (!target || target.userId !== subject.userId || target.kind !== 'phone' || target.pending) throw new ApiError('otp_code_not_found');
      const { factor } = await verifyOtp(c, svc, body.method_id, body.token);
      return ok(c, await completeStep(c, svc, subject, factor, { durationMinutes: body.session_duration_minutes }));
    }
    const { method, factor } = await verifyOtp(c, svc, body.method_id, body.token);
    const answer = await signInOrSecondStep(c, svc, {
      userId: method.userId,
      durationMinutes: body.session_duration_minutes ?? DEFAULT_SESSION_DURATION_MINUTES,
      factor,
    });
    return ok(c, answer);
  });
}
