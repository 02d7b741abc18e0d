/** The totps method's second factors for the two-step gate (server/mfa/gate.ts): a verified TOTP, and its recovery codes with it. */
import type { SecondFactorOffer } from '../method.ts';
import type { Services } from '../services.ts';

/** A verified TOTP offers `totp` and `recovery_code` (codes only count beside the TOTP they belong to). */
export async function totpSecondFactors(svc: Services, userId: string): Promise<readonly SecondFactorOffer[]> {
  const verified = await svc.db.kysely
    .selectFrom('totps')
    .select('totp_id')
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .where('verified', '=', 1)
    .executeTakeFirst();
  return verified ? [{ kind: 'totp' }, { kind: 'recovery_code' }] : [];
}
