/** Kysely table type added by migration 0016 (same conventions as schema.ts). */

/** `project_secrets`: a project's backend secrets (server/backend/secrets.ts), stored as hashes. */
export interface ProjectSecretsTable {
  /** `project-secret-{mode}-<uuid>`: what `secrets list` shows and `secrets revoke` takes. */
  secret_id: string;
  project_id: string;
  /** Hex SHA-256 of the whole secret (`secret-{mode}-…`, 256 random bits, so no salt is needed). */
  secret_hash: string;
  created_at: number;
  /** Last successful use, written at most once a minute per secret. */
  last_used_at: number | null;
  /** Set by `secrets revoke`; a revoked secret authenticates nothing. */
  revoked_at: number | null;
}
