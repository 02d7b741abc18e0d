/** The webauthn method's second factor for the two-step gate (server/mfa/gate.ts): any passkey registration. */
import type { SecondFactorOffer } from '../method.ts';
import type { Services } from '../services.ts';

/** A user with a WebAuthn registration offers `webauthn`. */
export async function webauthnSecondFactors(svc: Services, userId: string): Promise<readonly SecondFactorOffer[]> {
  const reg = await svc.db.kysely
    .selectFrom('webauthn_registrations')
    .select('webauthn_registration_id')
    .where('project_id', '=', svc.project.project_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return reg ? [{ kind: 'webauthn' }] : [];
}
