/** `POST /sdk/v1/users/search` (SPEC 3 userType): what the password flow shows for an email. */
import { type UserSearchResponse, UserSearchRequest } from '../../sdk-core/schemas/index.ts';
import { clientIp, ok, readJson, requireProjectAuth, type Services } from '../http.ts';
import { findPassword } from '../passwords/store.ts';
import { hit, type Limit } from '../rate-limit.ts';
import type { Route } from './types.ts';
import { bodyEmail } from './magic-links.ts';

/** Lookups per client IP per 10 minutes before 429. */
export const USER_SEARCH_PER_IP: Limit = { max: 300, windowMs: 10 * 60 * 1000 };

/** Registers `users/search`. */
export function userSearchRoutes(route: Route, svc: Services): void {
  route('POST', '/sdk/v1/users/search', async (c) => {
    requireProjectAuth(c, svc);
    const body = await readJson(c, UserSearchRequest, svc.maxBodyBytes);
    const email = bodyEmail(body.email);
    // The widget needs this lookup (SPEC 2 Password); a per-IP limit keeps it from being a bulk oracle.
    await hit(svc.db, `user_search:ip:${svc.project.project_id}:${clientIp(c, svc)}`, USER_SEARCH_PER_IP, svc.now());
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
