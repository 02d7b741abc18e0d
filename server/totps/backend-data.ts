/** The totps method's operands of `POST /v1/users/search` (issue 27): `totp_id` and `totp_verified`. */
import { z } from 'zod/mini';
import { searchOperand, type UserSearchOperand } from '../method.ts';

/** `totp_verified`: users holding a verified (true) or unverified (false) TOTP; `totp_id`: users holding one of these TOTPs. */
export const TOTPS_SEARCH_OPERANDS: Readonly<Record<string, UserSearchOperand>> = {
  totp_verified: searchOperand(z.boolean(), (svc, verified) =>
    svc.db.kysely
      .selectFrom('totps')
      .select('totps.user_id')
      .where('totps.project_id', '=', svc.project.project_id)
      .where('totps.verified', '=', verified ? 1 : 0),
  ),
  totp_id: searchOperand(z.array(z.string().check(z.maxLength(512))).check(z.minLength(1), z.maxLength(100)), (svc, ids) =>
    svc.db.kysely.selectFrom('totps').select('totps.user_id').where('totps.project_id', '=', svc.project.project_id).where('totps.totp_id', 'in', ids),
  ),
};
