/**
 * The second step of a two-step sign-in (docs/reference/mfa.md#second-step): the calls that prove a
 * second factor (TOTP, recovery code, SMS passcode, passkey) act either for a live session (a step-up,
 * as ever) or for an intermediate session named in the body, which the success spends once and turns
 * into a session listing both factors (plus a device token when asked and allowed).
 */
import { type AuthenticateResponse, type AuthenticationFactor, type MfaFactorKind, SecondStepFields } from '../../sdk-core/schemas/index.ts';
import { requireSession, type SessionPolicy } from '../auth-helpers.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import type { IntermediateSessionsTable, SessionsTable } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { clientIp, userAgent } from '../request.ts';
import type { Ctx, Services } from '../services.ts';
import { type AddSessionFactorOptions, addSessionFactor } from '../session-factors.ts';
import { authenticateAnswer, createSession, DEFAULT_SESSION_DURATION_MINUTES } from '../sessions.ts';
import { mfaSettings } from './config.ts';
import { usableSecondFactors } from './gate.ts';
import { createTrustedDevice, findIntermediateSession, firstFactorOf, spendIntermediateSession } from './store.ts';

/** Who a second-factor call acts for: a live session (step-up) or an intermediate session (the second step). */
export type StepSubject =
  | { kind: 'session'; userId: string; session: SessionsTable; token: string }
  | { kind: 'intermediate'; userId: string; pending: IntermediateSessionsTable; trustDevice: boolean };

/** The authenticate answer of a second-factor call, with the device token when one was issued. */
export type StepAnswer = AuthenticateResponse & { device_token?: string };

/** 401 intermediate_session_not_found: unknown, expired or spent (the same for all three). */
const notFound = () => new ApiError('intermediate_session_not_found');

/**
 * The subject of a second-factor call: the body's `intermediate_session_token` when it has one (the Basic
 * secret is then only checked as the project's), else the session of the Basic secret, as before.
 * @throws ApiError intermediate_session_not_found, or what requireSession throws
 */
export async function stepSubject(c: Ctx, svc: Services, policy: SessionPolicy = {}): Promise<StepSubject> {
  const body = await readJson(c, SecondStepFields, svc.maxBodyBytes);
  if (body.intermediate_session_token === undefined) {
    const session = await requireSession(c, svc, policy);
    return { kind: 'session', userId: session.user_id, session, token: requireProjectAuth(c, svc).secret };
  }
  requireProjectAuth(c, svc);
  const pending = await findIntermediateSession(svc, body.intermediate_session_token);
  if (!pending) throw notFound();
  return { kind: 'intermediate', userId: pending.user_id, pending, trustDevice: body.trust_device === true };
}

/**
 * Refuses a second step with a factor the project does not count or the user cannot use now (a
 * method's own check of its factor comes on top). A session subject is not checked: step-ups are as before.
 * @throws ApiError unauthorized_action
 */
export async function assertStepFactor(svc: Services, subject: StepSubject, kind: MfaFactorKind): Promise<void> {
  if (subject.kind === 'session') return;
  const usable = await usableSecondFactors(svc, subject.userId, firstFactorOf(subject.pending));
  if (!usable.factors.includes(kind)) {
    throw new ApiError('unauthorized_action', { message: `The ${kind} factor does not count as a second factor for this user.` });
  }
}

/**
 * True when the subject is an intermediate session whose user must enrol (policy required, and no counted
 * second factor but the one that made the first step): the answer said `enrolment_required` (docs/reference/mfa.md#enrolment).
 */
export async function enrolmentRequired(svc: Services, subject: StepSubject): Promise<boolean> {
  if (subject.kind !== 'intermediate' || mfaSettings(svc.project).policy !== 'required') return false;
  return (await usableSecondFactors(svc, subject.userId, firstFactorOf(subject.pending))).factors.length === 0;
}

/**
 * Completes a second-factor call. A session subject: the factor joins it, as before. An intermediate
 * subject: spent once (a replay or a parallel loser gets 401 intermediate_session_not_found), then a new
 * session lists the first factor and this one; with `trust_device` and trust_device_days > 0 the answer
 * also carries a `device_token`.
 */
export async function completeStep(
  c: Ctx,
  svc: Services,
  subject: StepSubject,
  factor: AuthenticationFactor,
  o: { durationMinutes: number | undefined } & Pick<AddSessionFactorOptions, 'identity'>,
): Promise<StepAnswer> {
  if (subject.kind === 'session') {
    const row = await addSessionFactor(svc, subject.session, factor, {
      durationMinutes: o.durationMinutes,
      ...(o.identity ? { identity: o.identity } : {}),
    });
    if (!row) throw new ApiError('user_unauthenticated');
    return authenticateAnswer(svc, row, subject.token);
  }
  if (!(await spendIntermediateSession(svc, subject.pending))) throw notFound();
  const origin = { ip: clientIp(c, svc), userAgent: userAgent(c) };
  const { row, token } = await createSession(svc, {
    userId: subject.userId,
    priorFactors: [firstFactorOf(subject.pending)],
    factor,
    durationMinutes: o.durationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    ...origin,
  });
  const answer: StepAnswer = await authenticateAnswer(svc, row, token);
  const days = mfaSettings(svc.project).trust_device_days;
  if (subject.trustDevice && days > 0) answer.device_token = await createTrustedDevice(svc, { userId: subject.userId, days, ...origin });
  return answer;
}
