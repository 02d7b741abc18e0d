/** The passwords method's `POST /sdk/v1/users/search` (docs/reference/methods/passwords.md#data userType): what the password flow shows for an email. */
import { type UserSearchResponse, UserSearchRequest } from '../../sdk-core/schemas/index.ts';
import { bodyEmail } from '../auth-helpers.ts';
import { requireProjectAuth } from '../basic-auth.ts';
import { readJson } from '../body.ts';
import { clientIp } from '../request.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import { hit } from '../rate-limit.ts';
import { enumerationProtected } from '../settings.ts';
import type { Route } from '../routes/types.ts';
import { findPassword } from './store.ts';

/**
 * What users/search answers for every address under enumeration protection: the sign-in screen
 * (userType 'password'), plus a flag telling the widget the answer says nothing about the address, so
 * it offers creating an account beside signing in (and its "Forgot password?").
 */
export const PROTECTED_USER_SEARCH_ANSWER: UserSearchResponse = { userType: 'password', enumeration_protected: true };

/** Registers `users/search`. */
export function userSearchRoutes(route: Route, svc: Services): void {
  route('POST', '/sdk/v1/users/search', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, UserSearchRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    // The widget needs this lookup (docs/reference/methods/passwords.md#screens Password); a per-IP limit (always on) keeps it from being a
    // bulk oracle: 30 per minute by default (RATE_LIMIT_USER_SEARCH_IP).
    await hit(svc.db, `user_search:ip:${svc.project.project_id}:${clientIp(c, svc)}`, svc.limits.userSearchPerIp, svc.now());
    // Enumeration protection: no lookup at all, the same answer for every (valid) address.
    if (enumerationProtected(svc.project)) return ok(c, PROTECTED_USER_SEARCH_ANSWER);
    const found = await svc.db.kysely
      .selectFrom('emails')
      .select('user_id')
      .where('project_id', '=', svc.project.project_id)
      .where('email', '=', email)
      .executeTakeFirst();
    let userType: UserSearchResponse['userType'] = 'new';
    if (found) userType = (await findPassword(svc, found.user_id)) ? 'password' : 'passwordless';
    const answer: UserSearchResponse = { userType };
    return ok(c, answer);
  });
}
