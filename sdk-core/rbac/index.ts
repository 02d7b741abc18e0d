import type { MethodContext, SdkMethod } from '../method.ts';
import type { RBACPolicy } from '../schemas/bootstrap.ts';

/** Resource → action → allowed. */
export type PermissionsMap = Record<string, Record<string, boolean>>;

/**
 * SPEC §6: a caller with `roles` may do `action` on `resource` when any of its roles has a
 * permission on that resource whose actions include the action or the `*` wildcard.
 */
export function isAuthorized(policy: RBACPolicy | null, roles: readonly string[], resourceId: string, action: string): boolean {
  if (!policy) return false;
  return policy.roles.some(
    (r) => roles.includes(r.role_id) && r.permissions.some((p) => p.resource_id === resourceId && (p.actions.includes(action) || p.actions.includes('*'))),
  );
}

/** Every resource and action of the policy, mapped to whether `roles` allow it. */
export function allPermissions(policy: RBACPolicy | null, roles: readonly string[]): PermissionsMap {
  const out: PermissionsMap = {};
  for (const res of policy?.resources ?? []) {
    out[res.resource_id] = Object.fromEntries(res.actions.map((a) => [a, isAuthorized(policy, roles, res.resource_id, a)]));
  }
  return out;
}

/** RBAC checks for the signed-in user. */
export interface RBAC {
  /** Whether the current user may do `action` on `resourceId`; false when the policy cannot be fetched. */
  isAuthorized(resourceId: string, action: string): Promise<boolean>;
  /** Every permission of the current user. */
  allPermissions(): Promise<PermissionsMap>;
}

/** Builds the RBAC checks over the bootstrap policy and the cached user's (else the session's) roles. */
export function createRBAC(ctx: MethodContext): RBAC {
  const { bootstrap } = ctx;
  const roles = (): readonly string[] => {
    const { user, session } = ctx.sessions.getState();
    return user?.roles ?? session?.roles ?? [];
  };
  return {
    async isAuthorized(resourceId, action) {
      return isAuthorized((await bootstrap()).rbac_policy, roles(), resourceId, action);
    },
    async allPermissions() {
      return allPermissions((await bootstrap()).rbac_policy, roles());
    },
  };
}

/** The registry entry (../methods.ts): `client.rbac`. */
export const rbacMethod = { name: 'rbac', create: createRBAC } satisfies SdkMethod<'rbac', RBAC>;
