/**
 * The rbac method's part of the `/v1` backend API (issue 27): `GET /v1/rbac/policy` (the project's policy,
 * which the provider's backend SDK caches for its local authorization checks), the verdict of a session's
 * `authorization_check`, and `roles` as a field of the backend's user create and update.
 */
import { z } from 'zod/mini';
import { backendOk } from '../backend/auth.ts';
import { ApiError } from '../errors.ts';
import { type AuthorizationCheck, type AuthorizationVerdict, type UserField, userField } from '../method.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Services } from '../services.ts';
import { MAX_ROLES_PER_USER, projectPolicy, ROLE_ID, setRolesOf } from './store.ts';

/** Registers `GET /v1/rbac/policy`. */
export function rbacBackendRoutes(route: BackendRoute, svc: Services): void {
  route('GET', '/v1/rbac/policy', (c) => backendOk(c, { policy: projectPolicy(svc) ?? { roles: [], resources: [], scopes: [] } }));
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
