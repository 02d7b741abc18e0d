/** Kysely table types added by migration 0021 (same conventions as schema.ts; server/admin/). */

/** `project_admins`: a user of the project holding the reserved `admin` role (docs/reference/admin.md#access). */
export interface ProjectAdminsTable {
  project_id: string;
  user_id: string;
  granted_at: number;
  /** Who granted it: `cli:<user@host>` or `admin:<user_id>`. */
  granted_by: string;
}

/** `project_overrides`: settings changed through `PATCH /v1/project`, a JSON object over the project file's. */
export interface ProjectOverridesTable {
  project_id: string;
  /** JSON of the changed keys of the project config (docs/reference/admin.md#project-settings). */
  settings: string;
  updated_at: number;
}
