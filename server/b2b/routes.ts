/**
 * `POST /sdk/v1/b2b/organizations/members/search` (docs/reference/methods/b2b.md#calls): a signed-in member of an organization looks up
 * one member by address, or pages through the members in address order. Only members see an organization
 * (anyone else, and any organization of another project, gets the same 404); when the project's RBAC policy
 * declares the resource `stytch.member`, the caller's roles (the user's and the member's) must allow
 * `search` on it.
 */
import { B2B_SEARCH_DEFAULT_LIMIT, B2BMemberSearchRequest, type B2BMemberSearchResponse, normalizeEmail } from '../../sdk-core/schemas/index.ts';
import { requireSession } from '../auth-helpers.ts';
import { ApiError } from '../errors.ts';
import { readJson } from '../body.ts';
import { ok } from '../responses.ts';
import type { Services } from '../services.ts';
import { policyNamesResource, requirePermission, userRoles } from '../rbac/index.ts';
import type { Route } from '../routes/types.ts';
import { memberRoleIds, toMember } from './store.ts';

/** The resource the server owns for member search, and its action (the provider's B2B names). */
export const MEMBER_RESOURCE = 'stytch.member';
/** The action a member search needs on {@link MEMBER_RESOURCE}. */
export const SEARCH_ACTION = 'search';

/** An opaque page cursor: the last address of the page, base64url (the page order is by address). */
const encodeCursor = (email: string) => Buffer.from(`m1:${email}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('m1:') || text.length < 4) throw new ApiError('invalid_cursor');
  return text.slice(3);
}

/** Registers the member search. */
export function b2bRoutes(route: Route, svc: Services): void {
  const k = svc.db.kysely;
  const pid = svc.project.project_id;

  route('POST', '/sdk/v1/b2b/organizations/members/search', async (c) => {
    const session = await requireSession(c, svc);
    const body = await readJson(c, B2BMemberSearchRequest, svc.maxBodyBytes);

    // The caller's own membership: by a verified address of theirs in this organization of this project.
    const mine = await k
      .selectFrom('organization_members')
      .innerJoin('emails', (j) =>
        j.onRef('emails.email', '=', 'organization_members.email_address').onRef('emails.project_id', '=', 'organization_members.project_id'),
      )
      .selectAll('organization_members')
      .where('organization_members.project_id', '=', pid)
      .where('organization_members.organization_id', '=', body.organization_id)
      .where('organization_members.status', '=', 'active')
      .where('emails.user_id', '=', session.user_id)
      .where('emails.verified', '=', 1)
      .executeTakeFirst();
    if (!mine) throw new ApiError('organization_not_found');
    if (policyNamesResource(svc, MEMBER_RESOURCE)) {
      const roles = [...new Set([...(await userRoles(svc, session.user_id)), ...memberRoleIds(mine)])];
      requirePermission(svc, roles, MEMBER_RESOURCE, SEARCH_ACTION);
    }

    const inOrg = () => k.selectFrom('organization_members').where('project_id', '=', pid).where('organization_id', '=', body.organization_id);
    if (body.email_address !== undefined) {
      const email = normalizeEmail(body.email_address);
      if (email === null) throw new ApiError('invalid_email');
      const row = await inOrg().selectAll().where('email_address', '=', email).executeTakeFirst();
      const member = row ? toMember(row) : null;
      const answer: B2BMemberSearchResponse = { member, members: member ? [member] : [], results_metadata: { total: member ? 1 : 0, next_cursor: null } };
      return ok(c, answer);
    }
    const limit = body.limit ?? B2B_SEARCH_DEFAULT_LIMIT;
    let page = inOrg().selectAll();
    if (body.cursor !== undefined) page = page.where('email_address', '>', decodeCursor(body.cursor));
    // One row more than the page tells whether there is a next page without a second query.
    const rows = await page
      .orderBy('email_address')
      .limit(limit + 1)
      .execute();
    const total = await inOrg()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const answer: B2BMemberSearchResponse = {
      member: null,
      members: pageRows.map(toMember),
      results_metadata: { total: Number(total.n), next_cursor: rows.length > limit && last ? encodeCursor(last.email_address) : null },
    };
    return ok(c, answer);
  });
}
