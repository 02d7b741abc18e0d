/**
 * SPEC §6's RBAC decision, one definition for the client (`client.rbac`) and the server (which enforces
 * it on resources it owns, server/rbac): a caller with role ids may do an action on a resource when any
 * of its roles has a permission on that resource whose actions include the action or the `*` wildcard.
 * Pure functions over the bootstrap's policy; a malformed policy grants nothing (never throws). No zod
 * here: the browser client imports this module at run time (the validator is rbac-policy.ts).
 */
import type { RBACPolicy } from './bootstrap.ts';

/** Resource → action → allowed. */
export type PermissionsMap = Record<string, Record<string, boolean>>;

/** The wildcard action: a permission with it allows every action on its resource (SPEC §6). */
export const RBAC_WILDCARD = '*';

const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** Whether `roles` may do `action` on `resourceId` under `policy` (SPEC §6); false for no or a malformed policy. */
export function isAuthorized(policy: RBACPolicy | null | undefined, roles: readonly string[], resourceId: string, action: string): boolean {
  if (!policy || !isList(policy.roles)) return false;
  return policy.roles.some(
    (r) =>
      typeof r === 'object' &&
      r !== null &&
      roles.includes(r.role_id) &&
      isList(r.permissions) &&
      r.permissions.some(
        (p) =>
          typeof p === 'object' &&
          p !== null &&
          p.resource_id === resourceId &&
          isList(p.actions) &&
          (p.actions.includes(action) || p.actions.includes(RBAC_WILDCARD)),
      ),
  );
}

/** Every resource and action the policy declares, mapped to whether `roles` allow it (SPEC §6). */
export function allPermissions(policy: RBACPolicy | null | undefined, roles: readonly string[]): PermissionsMap {
  const out: PermissionsMap = {};
  if (!policy || !isList(policy.resources)) return out;
  for (const res of policy.resources) {
    if (typeof res !== 'object' || res === null || typeof res.resource_id !== 'string' || !isList(res.actions)) continue;
    out[res.resource_id] = Object.fromEntries(res.actions.map((a) => [a, isAuthorized(policy, roles, res.resource_id, a)]));
  }
  return out;
}
