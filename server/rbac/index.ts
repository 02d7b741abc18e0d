/**
 * The rbac method (docs/reference/methods/rbac.md#rules, issue 15): users' roles (user_roles, the project's default and by-email roles),
 * shown on users and sessions, and the policy check the server enforces on resources it owns; its
 * migration 0012_rbac_user_roles. No SDK routes of its own (the SDK's rbac checks answer from the bootstrap);
 * its backend API part (`GET /v1/rbac/policy`, the sessions' authorization verdict, `roles` of user
 * updates) is in backend.ts.
 * Registered in server/methods.ts.
 */
import { type ServerMethod, tableTypes } from '../method.ts';
import { RBAC_USER_FIELDS, rbacBackendRoutes, rbacVerdict } from './backend.ts';
import { RBAC_MIGRATIONS } from './migrations.ts';
import { rbacUserRecords } from './store.ts';
import type { RbacTables } from './tables.ts';
import { RBAC_SETTINGS } from './settings.ts';

export { DEFAULT_ROLES, getUserRoles, policyNamesResource, requirePermission, setRolesOf, setUserRoles, userRoles } from './store.ts';

/** The rbac method's registry entry. */
export const rbacMethod = {
  name: 'rbac',
  routes() {
    // Roles are read (users/me, sessions) and enforced (b2b) elsewhere; rbac serves no path itself.
  },
  backendRoutes: rbacBackendRoutes,
  authorizationVerdict: rbacVerdict,
  userFields: RBAC_USER_FIELDS,
  userRecords: rbacUserRecords,
  migrations: RBAC_MIGRATIONS,
  settings: RBAC_SETTINGS,
  tables: tableTypes<RbacTables>(),
} satisfies ServerMethod;
