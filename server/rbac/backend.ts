/**
 * The rbac method's part of the `/v1` backend API (issue 27): `GET /v1/rbac/policy` (the project's policy,
 * which the provider's backend SDK caches for its local authorization checks), the verdict of a session's
 * `authorization_check`, and `roles` as a field of the backend's user create and update.
 */
import { z } from 'zod/mini';
import { ADMIN_ROLE, callerAdminId, grantAdmin, isAdmin, revokeAdmin } from '../admin/access.ts';
import { backendOk } from '../backend/auth.ts';
import { requireBackendUser } from '../backend/users.ts';
import { readJson } from '../body.ts';
import { ApiError } from '../errors.ts';
import { type AuthorizationCheck, type AuthorizationVerdict, type UserField, userField } from '../method.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { getUserRoles, MAX_ROLES_PER_USER, projectPolicy, ROLE_ID, setRolesOf, userRoles } from './store.ts';

const RolesBody = z.strictObject({ roles: z.array(z.string().check(z.regex(ROLE_ID))).check(z.maxLength(MAX_ROLES_PER_USER)) });

/** A user's roles as the admin console shows them: all of them (the reserved `admin` included), and which were given. */
async function rolesAnswer(svc: Services, userId: string) {
  const [all, given, admin] = await Promise.all([
    userRoles(svc, userId),
    getUserRoles(svc.db, svc.project.project_id, userId),
    isAdmin(svc.db, svc.project.project_id, userId),
  ]);
  return { user_id: userId, roles: admin ? [...all, ADMIN_ROLE] : all, given_roles: given, admin };
}

/**
 * Registers `GET /v1/rbac/policy` and the admin console's `GET` / `PUT /v1/users/:user_id/roles`
 * (issue 31, docs/reference/admin.md#roles): the PUT replaces the given roles, and the reserved `admin`
 * role in the list grants (its absence revokes) console access, which only an admin's session may change.
 */
export function rbacBackendRoutes(route: BackendRoute, svc: Services): void {
  route('GET', '/v1/rbac/policy', (c) => backendOk(c, { policy: projectPolicy(svc) ?? { roles: [], resources: [], scopes: [] } }));
  route('GET', '/v1/users/:user_id/roles', async (c) => {
    const userId = c.req.param('user_id') ?? '';
    await requireBackendUser(svc, userId);
    return backendOk(c, await rolesAnswer(svc, userId));
  });
  route('PUT', '/v1/users/:user_id/roles', async (c) => {
    const userId = c.req.param('user_id') ?? '';
    await requireBackendUser(svc, userId);
    const body = await readJson(c, RolesBody, svc.maxBodyBytes);
    const pid = svc.project.project_id;
    const wantAdmin = body.roles.includes(ADMIN_ROLE);
    const isNow = await isAdmin(svc.db, pid, userId);
    const caller = callerAdminId(c);
    if (wantAdmin !== isNow) {
      // A project secret is a backend's, not a person's: the admin role stays with the CLI and the admins.
      if (!caller) throw new ApiError('admin_role_required', { message: 'Only an admin (in the console) or the CLI grants or revokes the admin role.' });
      if (!wantAdmin && caller === userId)
        throw new ApiError('invalid_request_body', { message: 'roles: an admin cannot take their own admin role (another admin or the CLI can).' });
    }
    const given = body.roles.filter((r) => r !== ADMIN_ROLE);
    try {
      await setRolesOf(svc, userId, given);
    } catch (err) {
      throw new ApiError('invalid_request_body', {
        message: `roles: ${err instanceof Error ? err.message.replace(/^setUserRoles: /, '') : 'invalid'}`,
        cause: err,
      });
    }
    if (wantAdmin && !isNow) await grantAdmin(svc.db, pid, userId, `admin:${caller}`, svc.now());
    if (!wantAdmin && isNow) await revokeAdmin(svc.db, pid, userId);
    await svc.events.emit({ type: 'user.updated', user_id: userId });
    return backendOk(c, await rolesAnswer(svc, userId));
  });
}

/**
 * Which of `roles` allow `check.action` on `check.resource_id` under the project's policy (the provider's
 * rule, as its SDK checks locally: a permission of the resource naming the action or `*`).
 */
export function rbacVerdict(svc: Services, roles: readonly string[], check: AuthorizationCheck): AuthorizationVerdict {
  const policy = projectPolicy(svc);
  const granting = (policy?.roles ?? [])
    .filter((r) => roles.includes(r.role_id))
    .filter((r) => r.permissions.some((p) => p.resource_id === check.resource_id && (p.actions.includes(check.action) || p.actions.includes('*'))))
    .map((r) => r.role_id);
  return { authorized: granting.length > 0, granting_roles: granting };
}

/** `roles` of the backend's user create and update: replaces the roles given to the user (defaults and by-email roles stay). */
export const RBAC_USER_FIELDS: Readonly<Record<string, UserField>> = {
  roles: userField(z.array(z.string().check(z.regex(ROLE_ID))).check(z.maxLength(MAX_ROLES_PER_USER)), async (svc, userId, roles) => {
    try {
      await setRolesOf(svc, userId, roles);
    } catch (err) {
      // setUserRoles refuses a role the policy does not define (the message names it).
      throw new ApiError('invalid_request_body', { message: err instanceof Error ? err.message.replace(/^setUserRoles: /, '') : 'Invalid roles.', cause: err });
    }
  }),
};
