import type { MethodContext, SdkMethod } from '../method.ts';
import { allPermissions, isAuthorized, type PermissionsMap } from '../schemas/rbac.ts';

// The decision itself is shared with the server (schemas/rbac.ts), so the client and the server never disagree.
export { allPermissions, isAuthorized, type PermissionsMap } from '../schemas/rbac.ts';

/** RBAC checks for the signed-in user. */
export interface RBAC {
  /** Whether the current user may do `action` on `resourceId`; false when the policy cannot be fetched. */
  isAuthorized(resourceId: string, action: string): Promise<boolean>;
  /** Every permission of the current user. */
  allPermissions(): Promise<PermissionsMap>;
}

/**
 * Builds the RBAC checks over the bootstrap policy and the cached user's roles (docs/reference/methods/rbac.md#rules: roles come from
 * the user's roles list), else the session's; no one signed in has no roles.
 */
export function createRBAC(ctx: MethodContext): RBAC {
  const { bootstrap } = ctx;
  const roles = (): readonly string[] => {
    const { user, session } = ctx.sessions.getState();
    const list = user?.roles ?? session?.roles;
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : [];
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
