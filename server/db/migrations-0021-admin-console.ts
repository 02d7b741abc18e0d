/**
 * Migration 0021 (core, issue 31, the admin console: server/admin/): `project_admins`, the users holding the
 * reserved `admin` role (granted only by the CLI or another admin, never by the host's RBAC policy);
 * `users.suspended_at`, set while an admin keeps a user from signing in; and `project_overrides`, the
 * project settings an admin changed through `PATCH /v1/project`, applied over the project file at every start.
 */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Creates `project_admins` and `project_overrides`, and adds `users.suspended_at`. */
export const m0021_admin_console: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('project_admins')
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addColumn('granted_by', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('project_admins_pk', ['project_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('project_overrides')
      .addColumn('project_id', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('suspended_at').execute();
    await db.schema.dropTable('project_overrides').execute();
    await db.schema.dropTable('project_admins').execute();
  },
};
