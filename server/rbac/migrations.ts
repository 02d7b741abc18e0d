/** The rbac method's migration 0012_rbac_user_roles: roles given to users. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `user_roles`. */
export const m0012_rbac: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('user_roles')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['project_id', 'user_id', 'role_id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('user_roles').execute();
  },
};

/** The rbac method's migrations by name. */
export const RBAC_MIGRATIONS = { '0012_rbac_user_roles': m0012_rbac } as const;
