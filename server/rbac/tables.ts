/** Kysely table types of the rbac method (migration 0012_rbac_user_roles). */

/** `user_roles`: roles an admin gave a user (setUserRoles); the project's default and by-email roles add to them. */
export interface UserRolesTable {
  project_id: string;
  user_id: string;
  role_id: string;
  created_at: number;
}

/** The rbac method's tables (its part of `Database`). */
export interface RbacTables {
  user_roles: UserRolesTable;
}
