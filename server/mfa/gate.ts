/**
 * The two-step sign-in's gate (issue 29, docs/reference/mfa.md#gate): the one function every first-factor
 * sign-in calls instead of creating a session itself. It decides by the project's policy, the user's
 * second factors (each method declares its own, `ServerMethod.secondFactors`) and the body's device
 * token whether the sign-in ends with a session (today's answer) or with an intermediate token and the
 * factors still due. Policy `off`: always today's answer, byte for byte.
 */
import { refuseSuspended } from '../admin/suspended.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  type AuthenticateResponse,
  type AuthenticationFactor,
  DeviceTokenField,
  type MfaFactorKind,
  type MfaRequired,
  type MfaRequiredResponse,
} from '../../sdk-core/schemas/index.ts';
import { readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import { clientIp, userAgent } from '../request.ts';
import type { Ctx, Services } from '../services.ts';
import { authenticateAnswer, createSession } from '../sessions.ts';
import { joinCallingSession } from '../reverification/index.ts';
import { loadUser } from '../users.ts';
import { MFA_FACTORS, mfaSettings, secondFactorKindOf } from './config.ts';
import { createIntermediateSession, useTrustedDevice } from './store.ts';

/** A first factor just passed: whose, which, and the session length the body asked for. */
export interface FirstFactorSignIn {
  userId: string;
  factor: AuthenticationFactor;
  durationMinutes: number;
}

/** What a first factor answers: a session (today's answer) or the second step still due. */
export type SignInAnswer = AuthenticateResponse | MfaRequiredResponse;

/** The user's second factors that count for the project, in {@link MFA_FACTORS} order, and the phone SMS codes go to. */
export interface UsableSecondFactors {
  factors: MfaFactorKind[];
  phoneNumber?: string;
}

/**
 * The second factors `userId` can pass now among those the project counts (`mfa.factors`), but the one
 * `firstFactor` already proved (a passkey sign-in is not asked for the same passkey again).
 */
export async function usableSecondFactors(svc: Services, userId: string, firstFactor?: AuthenticationFactor): Promise<UsableSecondFactors> {
  const counted = new Set<MfaFactorKind>(mfaSettings(svc.project).factors);
  const proved = firstFactor ? secondFactorKindOf(firstFactor) : null;
  if (proved) counted.delete(proved);
  const held = new Set<MfaFactorKind>();
  let phoneNumber: string | undefined;
  for (const m of svc.methods) {
    for (const offer of (await m.secondFactors?.(svc, userId)) ?? []) {
      if (!counted.has(offer.kind)) continue;
      held.add(offer.kind);
      if (offer.phoneNumber !== undefined) phoneNumber ??= offer.phoneNumber;
    }
  }
  return { factors: MFA_FACTORS.filter((f) => held.has(f)), ...(phoneNumber !== undefined ? { phoneNumber } : {}) };
}

/** Whether a sign-in of `userId` owes a second step: policy required, or optional with a counted factor enrolled. */
export function secondStepDue(policy: 'off' | 'optional' | 'required', usable: UsableSecondFactors): boolean {
  return policy === 'required' || (policy === 'optional' && usable.factors.length > 0);
}

/** `+1 ••• ••• 0143`: the calling code and the last four digits, enough to recognise one's own phone. */
export function phoneNumberHint(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const code = parsed ? `+${parsed.countryCallingCode}` : '+';
  return `${code} ••• ••• ${e164.slice(-4)}`;
}

/**
 * Ends a first-factor sign-in: with a session as today when no second step is due (policy off, a user
 * the policy does not reach, or a valid device token of this user in the body), else with an
 * intermediate token and the user's usable second factors (no session keys at all).
 */
export async function signInOrSecondStep(c: Ctx, svc: Services, o: FirstFactorSignIn): Promise<SignInAnswer> {
  // A suspended user (issue 31, server/admin/) is refused here, before a session or a second step.
  await refuseSuspended(svc, o.userId);
  // Re-verification (issue 29): signed in already, the factor joins the calling session (server/reverification).
  const joined = await joinCallingSession(c, svc, o);
  if (joined) return authenticateAnswer(svc, joined.row, joined.token);
  const settings = mfaSettings(svc.project);
  if (settings.policy !== 'off') {
    const usable = await usableSecondFactors(svc, o.userId, o.factor);
    if (secondStepDue(settings.policy, usable)) {
      const body = await readJson(c, DeviceTokenField, svc.maxBodyBytes);
      // A token that is not this user's live device is ignored, not refused: no oracle for stolen tokens.
      const trusted = settings.trust_device_days > 0 && body.device_token !== undefined && (await useTrustedDevice(svc, body.device_token, o.userId));
      if (!trusted) return intermediateAnswer(c, svc, o, usable);
    }
  }
  const { row, token } = await createSession(svc, {
    userId: o.userId,
    factor: o.factor,
    durationMinutes: o.durationMinutes,
    ip: clientIp(c, svc),
    userAgent: userAgent(c),
  });
  return authenticateAnswer(svc, row, token);
}

async function intermediateAnswer(c: Ctx, svc: Services, o: FirstFactorSignIn, usable: UsableSecondFactors): Promise<MfaRequiredResponse> {
  const user = await loadUser(svc, o.userId);
  if (!user) throw new ApiError('user_unauthenticated');
  const token = await createIntermediateSession(svc, { userId: o.userId, factor: o.factor, ip: clientIp(c, svc), userAgent: userAgent(c) });
  const mfa: MfaRequired = { factors: usable.factors, enrolment_required: usable.factors.length === 0 };
  if (usable.factors.includes('sms_otp') && usable.phoneNumber !== undefined) mfa.phone_number_hint = phoneNumberHint(usable.phoneNumber);
  return { user_id: o.userId, user, intermediate_session_token: token, mfa_required: mfa };
}

/** True when a first factor's answer is the second step's (no session yet). */
export function isSecondStepDue(answer: SignInAnswer): answer is MfaRequiredResponse {
  return 'intermediate_session_token' in answer;
}
