/** Kysely table type added by migration 0018 (same conventions as schema.ts). */

/** `audit_log`: who did what to what, from where (server/audit/record.ts); never a secret, code, token or password. */
export interface AuditLogTable {
  /** `audit-log-{mode}-<uuid>`: the tie-breaker of the newest-first order within one millisecond. */
  audit_log_id: string;
  /** Null for a server-wide action (a signing key rotation, a CLI migration). */
  project_id: string | null;
  created_at: number;
  /** A stable dotted name (`user.update`, `secret.create`, `lockout`, ...), server/README.md "Audit log". */
  action: string;
  /** `success`, or `failure` for a refused attempt worth keeping (a failed secret check). */
  outcome: string;
  /** `backend_secret`, `admin`, `user`, `system` or `anonymous`. */
  actor_kind: string;
  actor_id: string | null;
  target_kind: string | null;
  target_id: string | null;
  ip_address: string | null;
  request_id: string | null;
  /** JSON object of allow-listed fields only (server/audit/record.ts scrubDetails). */
  details: string;
}
