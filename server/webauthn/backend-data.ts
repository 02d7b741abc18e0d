/** The webauthn method's operands of `POST /v1/users/search` (issue 27). */
import { z } from 'zod/mini';
import { searchOperand, type UserSearchOperand } from '../method.ts';

/**
 * `webauthn_registration_id`: users holding one of these registrations; `webauthn_registration_verified`:
 * users holding a verified registration (every stored one is: a registration is kept only once verified),
 * so `false` matches no one.
 */
export const WEBAUTHN_SEARCH_OPERANDS: Readonly<Record<string, UserSearchOperand>> = {
  webauthn_registration_id: searchOperand(z.array(z.string().check(z.maxLength(512))).check(z.minLength(1), z.maxLength(100)), (svc, ids) =>
    svc.db.kysely
      .selectFrom('webauthn_registrations')
      .select('webauthn_registrations.user_id')
      .where('webauthn_registrations.project_id', '=', svc.project.project_id)
      .where('webauthn_registrations.webauthn_registration_id', 'in', ids),
  ),
  webauthn_registration_verified: searchOperand(z.boolean(), (svc, verified) =>
    svc.db.kysely
      .selectFrom('webauthn_registrations')
      .select('webauthn_registrations.user_id')
      .where('webauthn_registrations.project_id', '=', verified ? svc.project.project_id : ''),
  ),
};
