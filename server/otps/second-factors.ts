/** The otps method's second factor for the two-step gate (server/mfa/gate.ts): an SMS passcode to a verified phone. */
import type { SecondFactorOffer } from '../method.ts';
import type { Services } from '../services.ts';

/** The user's oldest verified phone number, the one second-step SMS passcodes go to; null when none. */
export async function secondFactorPhone(svc: Services, userId: string): Promise<{ phone_id: string; phone_number: string } | null> {
  const row = await svc.db.kysely
    .selectFrom('phone_numbers')
    .select(['phone_id', 'phone_number'])
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .orderBy('created_at')
    .orderBy('phone_id')
    .executeTakeFirst();
  return row ?? null;
}

/** A verified phone offers `sms_otp`, with its number (the gate masks it into the answer's hint). */
export async function otpSecondFactors(svc: Services, userId: string): Promise<readonly SecondFactorOffer[]> {
  const phone = await secondFactorPhone(svc, userId);
  return phone ? [{ kind: 'sms_otp', phoneNumber: phone.phone_number }] : [];
}
