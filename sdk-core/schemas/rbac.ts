/**
 * docs/reference/methods/rbac.md#rules's RBAC decision, one definition for the client (`client.rbac`) and the server (which enforces
 * it on resources it owns, server/rbac): a caller with role ids may do an action on a resource when any
 * of its roles has a permission on that resource whose actions include the action or the `*` wildcard.
 * Pure functions over the bootstrap's policy; a malformed policy grants nothing (never throws). No zod
 * here: the browser client imports this module at run time (the validator is rbac-policy.ts).
 */
import type { RBACPolicy } from './bootstrap.ts';

/** Resource → action → allowed. */
export type PermissionsMap = Record<string, Record<string, boolean>>;

/** The wildcard action: a permission with it allows every action on its resource (docs/reference/methods/rbac.md#rules). */
export const RBAC_WILDCARD = '*';

/** The array `v`, or none: a malformed policy from a misbehaving server grants nothing instead of throwing. */
const list = <T>(v: readonly T[] | undefined | null): readonly T[] => (Array.isArray(v) ? v : []);

/** Whether `roles` may do `action` on `resourceId` under `policy` (docs/reference/methods/rbac.md#rules); false for no or a malformed policy. */
export function isAuthorized(policy: RBACPolicy | null | undefined, roles: readonly string[], resourceId: string, action: string): boolean {
  return list(policy?.roles).some(
    (r) =>
      roles.includes(r?.role_id) &&
      list(r.permissions).some((p) => p?.resource_id === resourceId && (list(p.actions).includes(action) || list(p.actions).includes(RBAC_WILDCARD))),
  );
}

/** Every resource and action the policy declares, mapped to whether `roles` allow it (docs/reference/methods/rbac.md#rules). */
export function allPermissions(policy: RBACPolicy | null | undefined, roles: readonly string[]): PermissionsMap {
  const out: PermissionsMap = {};
  for (const res of list(policy?.resources)) {
    if (typeof res?.resource_id === 'string')
      out[res.resource_id] = Object.fromEntries(list(res.actions).map((a) => [a, isAuthorized(policy, roles, res.resource_id, a)]));
  }
  return out;
}
