/** The totps method's factors (server/method.ts MethodFactor): the user's authenticator app, with its recovery codes. */
import { ApiError } from '../errors.ts';
import type { MethodFactor } from '../method.ts';
import { sessionPassedTotp } from './routes.ts';

/** A TOTP registration, removed by `DELETE /sdk/v1/users/totps/:id` with its recovery codes. */
export const TOTPS_FACTORS: readonly MethodFactor[] = [
  {
    kind: 'totps',
    eventKind: 'totp',
    notFound: 'totp_not_found',
    async remove(svc, session, id) {
      const k = svc.db.kysely;
      const row = await k
        .selectFrom('totps')
        .select(['totp_id', 'verified'])
        .where('totp_id', '=', id)
        .where('user_id', '=', session.user_id)
        .where('project_id', '=', svc.project.project_id)
        .executeTakeFirst();
      if (!row) return false;
      // Removing a second factor needs that factor: a stolen first-factor session cannot strip it.
      if (row.verified === 1 && !sessionPassedTotp(session)) {
        throw new ApiError('unauthorized_action', { message: 'Authenticate with the TOTP (or a recovery code) on this session before removing it.' });
      }
      await k.deleteFrom('totp_recovery_codes').where('totp_id', '=', id).execute();
      await k.deleteFrom('totps').where('totp_id', '=', id).execute();
      return true;
    },
    // The backend (a project secret) may remove any user's TOTP: no session to have passed it.
    async removeByBackend(svc, id) {
      const k = svc.db.kysely;
      const row = await k.selectFrom('totps').select('user_id').where('totp_id', '=', id).where('project_id', '=', svc.project.project_id).executeTakeFirst();
      if (!row) return null;
      await k.deleteFrom('totp_recovery_codes').where('totp_id', '=', id).execute();
      await k.deleteFrom('totps').where('totp_id', '=', id).execute();
      return row.user_id;
    },
  },
];
