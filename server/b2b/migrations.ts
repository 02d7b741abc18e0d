/** The b2b method's migration 0012_b2b_organizations: organizations and their members. */
import type { Kysely, Migration } from 'kysely';

// Migrations receive an untyped Kysely because the schema they build is, by definition, not there yet.
type AnyDb = Kysely<unknown>;

/** Adds `organizations` and `organization_members`. */
export const m0012_b2b: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('organizations')
      .addColumn('organization_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('organizations_project_slug_unique', ['project_id', 'slug'])
      .execute();
    await db.schema
      .createTable('organization_members')
      .addColumn('member_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('email_address', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // Pages are walked in address order; the unique index serves both the lookup and the page.
      .addUniqueConstraint('organization_members_org_email_unique', ['organization_id', 'email_address'])
      .execute();
    await db.schema.createIndex('organization_members_email_idx').on('organization_members').columns(['project_id', 'email_address']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('organization_members').execute();
    await db.schema.dropTable('organizations').execute();
  },
};

/** The b2b method's migrations by name. */
export const B2B_MIGRATIONS = { '0012_b2b_organizations': m0012_b2b } as const;
