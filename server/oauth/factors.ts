/** The oauth method's factors (server/method.ts MethodFactor): the user's OAuth registrations. */
import type { MethodFactor } from '../method.ts';

/** An OAuth registration, removed by `DELETE /sdk/v1/users/oauth/:id`. */
export const OAUTH_FACTORS: readonly MethodFactor[] = [
  {
    kind: 'oauth',
    notFound: 'oauth_user_registration_not_found',
    async remove(svc, session, id) {
      const res = await svc.db.kysely
        .deleteFrom('oauth_user_registrations')
        .where('oauth_user_registration_id', '=', id)
        .where('user_id', '=', session.user_id)
        .where('project_id', '=', svc.project.project_id)
        .executeTakeFirst();
      return res.numDeletedRows > 0n;
    },
  },
];
