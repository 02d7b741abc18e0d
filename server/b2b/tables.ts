/** Kysely table types of the b2b method (migration 0012_b2b_organizations). */

/** `organizations`: one per tenant of a project; the slug is unique in the project. */
export interface OrganizationsTable {
  organization_id: string;
  project_id: string;
  name: string;
  slug: string;
  created_at: number;
}

/** `organization_members`: members by email address (unique in their organization). */
export interface OrganizationMembersTable {
  member_id: string;
  project_id: string;
  organization_id: string;
  /** Stored form (normalizeEmail), as users' emails are. */
  email_address: string;
  name: string;
  /** 'active' | 'invited'. */
  status: string;
  /** JSON array of role ids. */
  roles: string;
  created_at: number;
}

/** The b2b method's tables (its part of `Database`). */
export interface B2bTables {
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
}
