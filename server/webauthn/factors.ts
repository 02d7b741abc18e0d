/** The webauthn method's factors (server/method.ts MethodFactor): the user's passkey registrations. */
import type { MethodFactor } from '../method.ts';

/** A passkey registration, removed by `DELETE /sdk/v1/users/webauthn_registrations/:id`. */
export const WEBAUTHN_FACTORS: readonly MethodFactor[] = [
  {
    kind: 'webauthn_registrations',
    notFound: 'webauthn_registration_not_found',
    async remove(svc, session, id) {
      const res = await svc.db.kysely
        .deleteFrom('webauthn_registrations')
        .where('webauthn_registration_id', '=', id)
        .where('user_id', '=', session.user_id)
        .where('project_id', '=', svc.project.project_id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
  },
];
