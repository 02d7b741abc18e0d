/**
 * The totps method (docs/reference/methods/totps.md#calls `/totps/*`, the provider's TOTP API): create (secret, otpauth URI, QR code,
 * 10 recovery codes), authenticate (RFC 6238, +/-1 step, each step once), recovery_codes, recover (each
 * code once), and `DELETE /users/totps/{id}`. Every call needs a session: TOTP is a second factor added
 * to the session that calls it (the provider's SDK sends the session token, not a user id). Under a
 * two-step policy, create (enrolment only), authenticate and recover take an intermediate token instead
 * (server/mfa/second-step.ts, docs/reference/mfa.md#second-step).
 */
import {
  type AuthenticationFactor,
  TOTP_EXPIRATION_MAX,
  TOTPAuthenticateRequest,
  TOTPCreateRequest,
  type TOTPCreateResponse,
  TOTPRecoverRequest,
  TOTPRecoveryCodesRequest,
  type TOTPRecoveryCodesResponse,
  TOTPRotateRecoveryCodesRequest,
  type TOTPRotateRecoveryCodesResponse,
} from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { claimOnce } from '../claim-once.ts';
import { clientIpHash } from '../client-keys.ts';
import { newId } from '../crypto.ts';
import type { SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Ctx, Services } from '../services.ts';
import { assertMayGuess, clearFailures, countFailure, type Lockout } from '../lockout.ts';
import { hit, type Limit } from '../rate-limit.ts';
import type { Route } from '../routes/types.ts';
import { loadUser } from '../users.ts';
import { assertStepFactor, completeStep, enrolmentRequired, type StepSubject, stepSubject } from '../mfa/second-step.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './otp.ts';
import {
  canonicalRecoveryCode,
  hashRecoveryCode,
  liveTotps,
  newRecoveryCode,
  openSecret,
  RECOVERY_CODE_COUNT,
  sealSecret,
  storeRecoveryCodes,
  unusedRecoveryCodes,
} from './store.ts';

/** Consecutive failures from one client that lock it out of the user (docs/reference/security.md#passcodes's 10, as for OTP). */
export const TOTP_CLIENT_LOCK_THRESHOLD = 10;
/** How long a client's lock lasts (docs/reference/security.md#lockouts: 1 hour). */
export const TOTP_CLIENT_LOCK_MS = 60 * 60 * 1000;
/**
 * Failed TOTP / recovery guesses per user per hour from all clients, after which every guess is refused
 * until the hour ends: a 6-digit code with a +/-1 step window is 3 in 10^6 per guess, so guesses must be
 * few whatever the number of IPs. Only someone holding the user's first factor (a session) can guess.
 */
export const TOTP_USER_GUARD: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
/** Enrolments per user per 10 minutes (each makes a secret, 10 codes and a QR image: bounded work per session). */
export const TOTP_CREATE_LIMIT: Limit = { max: 10, windowMs: 10 * 60 * 1000 };
/** The TOTP and recovery codes' lockout rule (server/lockout.ts counts it). */
const TOTP_LOCKOUT: Lockout = { scope: 'totp', clientThreshold: TOTP_CLIENT_LOCK_THRESHOLD, clientLockMs: TOTP_CLIENT_LOCK_MS, userGuard: TOTP_USER_GUARD };
/** Session factor types that show the caller passed the TOTP (or its recovery) on this session. */
const TOTP_FACTOR_TYPES = new Set(['totp', 'recovery_codes']);

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether the session itself passed the TOTP step (needed to see codes or remove a verified TOTP). */
export function sessionPassedTotp(session: SessionsTable): boolean {
  return (JSON.parse(session.factors) as AuthenticationFactor[]).some((f) => TOTP_FACTOR_TYPES.has(f.type));
}

/** Deletes the user's unconfirmed TOTPs (but `keep`) and their recovery codes. */
async function dropPendingTotps(svc: Services, userId: string, keep?: string): Promise<void> {
  const k = svc.db.kysely;
  let pending = k
    .selectFrom('totps')
    .select('totp_id')
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('verified', '=', 0);
  if (keep !== undefined) pending = pending.where('totp_id', '!=', keep);
  const ids = (await pending.execute()).map((r) => r.totp_id);
  if (ids.length === 0) return;
  await k.deleteFrom('totp_recovery_codes').where('totp_id', 'in', ids).execute();
  await k.deleteFrom('totps').where('totp_id', 'in', ids).where('verified', '=', 0).execute();
}

/**
 * Adds the factor to the calling session (or, in a two-step sign-in, spends the intermediate session
 * into a session with both factors) and answers the authenticate shape plus `totp_id`.
 */
async function stepUpAnswer(c: Ctx, svc: Services, subject: StepSubject, factor: AuthenticationFactor, minutes: number | undefined, totpId: string) {
  const client = clientIpHash(c, svc);
  await clearFailures(svc, TOTP_LOCKOUT, subject.userId, client);
  return ok(c, { ...(await completeStep(c, svc, subject, factor, { durationMinutes: minutes })), totp_id: totpId });
}

/** An intermediate subject may use the TOTP when it counts for the user, or while enrolling one under policy required. */
async function assertTotpStep(svc: Services, subject: StepSubject): Promise<void> {
  if (await enrolmentRequired(svc, subject)) return;
  await assertStepFactor(svc, subject, 'totp');
}

/** Registers the TOTP routes. */
export function totpRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/sdk/v1/totps', async (c) => {
    const subject = await stepSubject(c, svc, { mintsAccess: true });
    // With an intermediate token, only the enrolment a required policy asks for (docs/reference/mfa.md#enrolment).
    if (subject.kind === 'intermediate' && !(await enrolmentRequired(svc, subject))) {
      throw new ApiError('unauthorized_action', { message: 'Enrolment with an intermediate token is only for a user who has no second factor yet.' });
    }
    const body = await readJson(c, TOTPCreateRequest, svc.maxBodyBytes);
    const userId = subject.userId;
    const now = svc.now();
    await hit(svc.db, `totp_create:user:${pid}:${userId}`, TOTP_CREATE_LIMIT, now);
    const live = await liveTotps(svc, userId);
    if (live.some((t) => t.verified === 1)) throw new ApiError('active_totp_exists');
    // A new enrolment replaces one still waiting for its first code (the old QR code stops working).
    await dropPendingTotps(svc, userId);
    const totpId = newId('totp', svc.project.mode);
    const secret = newTotpSecret();
    await k
      .insertInto('totps')
      .values({
        totp_id: totpId,
        project_id: pid,
        user_id: userId,
        secret_enc: await sealSecret(svc, totpId, secret),
        verified: 0,
        expires_at: now + (body.expiration_minutes ?? TOTP_EXPIRATION_MAX) * 60_000,
        last_used_step: null,
        created_at: now,
      })
      .execute();
    const recovery_codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await storeRecoveryCodes(svc, { totpId, userId, codes: recovery_codes });
    const user = await loadUser(svc, userId);
    if (!user) throw new ApiError('user_unauthenticated');
    const uri = otpauthUri({ secret, issuer: svc.project.project_name, label: user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? userId });
    const answer: TOTPCreateResponse & { user: typeof user } = {
      totp_id: totpId,
      secret,
      // qrcode loads at the first enrolment, not at every start.
      qr_code: await (await import('qrcode')).default.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 }),
      otpauth_uri: uri,
      recovery_codes,
      user_id: userId,
      user,
    };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/totps/authenticate', async (c) => {
    const session = await stepSubject(c, svc);
    const body = await readJson(c, TOTPAuthenticateRequest, svc.maxBodyBytes);
    // A malformed code is not a guess: it never reaches the comparison or the counters.
    if (!/^\d{6}$/.test(body.totp_code)) throw new ApiError('invalid_totp_code');
    await assertTotpStep(svc, session);
    const userId = session.userId;
    const client = clientIpHash(c, svc);
    await assertMayGuess(svc, TOTP_LOCKOUT, userId, client);
    const now = svc.now();
    for (const t of await liveTotps(svc, userId)) {
      const step = matchTotp({ secret: await openSecret(svc, t.totp_id, t.secret_enc) }, body.totp_code, now);
      if (step === null) continue;
      // One use per time step (RFC 6238 5.2): exactly one of any number of parallel redemptions of a
      // code moves last_used_step; a code of a step at or before the last accepted one is refused.
      const claimed = await k
        .updateTable('totps')
        .set({ last_used_step: step, verified: 1 })
        .where('totp_id', '=', t.totp_id)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .where((eb) => eb.or([eb('verified', '=', 1), eb('expires_at', '>', now)]))
        .returning('totp_id')
        .executeTakeFirst();
      // The right code a second time is a replay, not a guess: refused, and not counted towards the lock.
      if (!claimed) throw new ApiError('totp_code_not_found', { message: 'This TOTP code was already used: wait for the next one.' });
      // The confirmed TOTP is the user's one: any other enrolment still waiting (a parallel create) goes.
      if (t.verified === 0) {
        await dropPendingTotps(svc, userId, t.totp_id);
        await svc.events.emit({ type: 'factor.added', user_id: userId, factor: { kind: 'totp', id: t.totp_id } });
      }
      const factor: AuthenticationFactor = {
        type: 'totp',
        delivery_method: 'authenticator_app',
        last_authenticated_at: iso(now),
        authenticator_app_factor: { totp_id: t.totp_id },
      };
      return stepUpAnswer(c, svc, session, factor, body.session_duration_minutes, t.totp_id);
    }
    await countFailure(svc, TOTP_LOCKOUT, userId, client);
    throw new ApiError('totp_code_not_found');
  });

  // Reading the codes is sensitive (docs/reference/reverification.md#sensitive-calls): they are a way past the second step.
  route('POST', '/sdk/v1/totps/recovery_codes', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
    await readJson(c, TOTPRecoveryCodesRequest, svc.maxBodyBytes);
    const live = await liveTotps(svc, session.user_id);
    // Codes of a verified TOTP are a second factor: only a session that passed it may read them.
    if (live.some((t) => t.verified === 1) && !sessionPassedTotp(session)) {
      throw new ApiError('unauthorized_action', { message: 'Authenticate with the TOTP (or a recovery code) on this session to see the recovery codes.' });
    }
    // An unconfirmed TOTP's codes were shown once, in the create answer, and are not shown again: another
    // session of the user (a stolen first factor) must not collect codes that become valid when the owner
    // confirms the enrolment.
    const answer: TOTPRecoveryCodesResponse = {
      user_id: session.user_id,
      totps: await Promise.all(
        live.map(async (t) => ({
          totp_id: t.totp_id,
          verified: t.verified === 1,
          recovery_codes: t.verified === 1 ? await unusedRecoveryCodes(svc, t.totp_id) : [],
        })),
      ),
    };
    return ok(c, answer);
  });

  // New codes for the verified TOTP (the account page's "regenerate"): the old ones stop working in the
  // same transaction, and the new ones are in this answer once (they can be read again like any unused code).
  route('POST', '/sdk/v1/totps/recovery_codes/rotate', async (c) => {
    const session = await requireSession(c, svc, { mintsAccess: true, sensitive: true });
    await readJson(c, TOTPRotateRecoveryCodesRequest, svc.maxBodyBytes);
    const verified = (await liveTotps(svc, session.user_id)).find((t) => t.verified === 1);
    if (!verified) throw new ApiError('totp_not_found');
    if (!sessionPassedTotp(session)) {
      throw new ApiError('unauthorized_action', { message: 'Authenticate with the TOTP (or a recovery code) on this session to get new recovery codes.' });
    }
    const recovery_codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await k.transaction().execute(async (trx) => {
      // Parallel rotations one after another (Postgres: the TOTP's row lock; SQLite has one writer): one set of codes is left.
      if (svc.db.dialect === 'postgres') await trx.selectFrom('totps').select('totp_id').where('totp_id', '=', verified.totp_id).forUpdate().execute();
      await trx.deleteFrom('totp_recovery_codes').where('totp_id', '=', verified.totp_id).where('project_id', '=', pid).execute();
      await storeRecoveryCodes({ ...svc, db: { ...svc.db, kysely: trx } }, { totpId: verified.totp_id, userId: session.user_id, codes: recovery_codes });
    });
    const answer: TOTPRotateRecoveryCodesResponse = { user_id: session.user_id, totp_id: verified.totp_id, recovery_codes };
    return ok(c, answer);
  });

  route('POST', '/sdk/v1/totps/recover', async (c) => {
    const session = await stepSubject(c, svc);
    const body = await readJson(c, TOTPRecoverRequest, svc.maxBodyBytes);
    const canonical = canonicalRecoveryCode(body.recovery_code);
    if (canonical === null) throw new ApiError('invalid_recovery_code');
    await assertStepFactor(svc, session, 'recovery_code');
    const userId = session.userId;
    const client = clientIpHash(c, svc);
    await assertMayGuess(svc, TOTP_LOCKOUT, userId, client);
    const now = svc.now();
    const hash = hashRecoveryCode(pid, canonical);
    // Each code once: exactly one of any number of parallel redemptions spends it. Only codes of a
    // verified TOTP count (an unconfirmed enrolment protects nothing yet). Recovery codes never expire.
    const verified = await k.selectFrom('totps').select('totp_id').where('user_id', '=', userId).where('verified', '=', 1).execute();
    const spent = await claimOnce(
      k,
      'totp_recovery_codes',
      { code_hash: hash, project_id: pid, user_id: userId, totp_id: ['in', verified.map((t) => t.totp_id)] },
      { now, ignoreExpiry: true },
    );
    if (!spent.ok) {
      // A known code of this user (used, or of an unconfirmed TOTP) is a replay, not a guess; anything else counts towards the lock.
      if (spent.reason === 'unknown') await countFailure(svc, TOTP_LOCKOUT, userId, client);
      throw new ApiError('totp_recovery_code_not_found');
    }
    const claimed = spent.row;
    const factor: AuthenticationFactor = {
      type: 'recovery_codes',
      delivery_method: 'recovery_code',
      last_authenticated_at: iso(now),
      recovery_code_factor: { totp_id: claimed.totp_id },
    };
    return stepUpAnswer(c, svc, session, factor, body.session_duration_minutes, claimed.totp_id);
  });
}
