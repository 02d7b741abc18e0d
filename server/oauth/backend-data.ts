/** The oauth method's operand of `POST /v1/users/search` (issue 27): `oauth_provider`. */
import { z } from 'zod/mini';
import { searchOperand, type UserSearchOperand } from '../method.ts';

/** `oauth_provider`: users holding a registration with one of these providers (e.g. `google`; case does not matter). */
export const OAUTH_SEARCH_OPERANDS: Readonly<Record<string, UserSearchOperand>> = {
  oauth_provider: searchOperand(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(100)), (svc, providers) =>
    svc.db.kysely
      .selectFrom('oauth_user_registrations')
      .select('oauth_user_registrations.user_id')
      .where('oauth_user_registrations.project_id', '=', svc.project.project_id)
      .where(
        (eb) => eb.fn<string>('lower', ['oauth_user_registrations.provider_type']),
        'in',
        providers.map((p) => p.toLowerCase()),
      ),
  ),
};
