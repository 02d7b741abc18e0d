/** Kysely table types added by migration 0006 (same conventions as schema.ts). */

/** `outbox_jobs`: outgoing messages and deferred sends, run by the outbox worker (outbox.ts). */
export interface OutboxJobsTable {
  job_id: string;
  project_id: string;
  /** 'message' or a deferred kind registered with the outbox (e.g. 'password_reset'). */
  kind: string;
  /** JSON of the message or of the deferred send's inputs; scrubbed of secrets when the job dies. */
  payload: string;
  /** 'pending' | 'dead'. Delivered jobs are deleted. */
  status: string;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  locked_by: string | null;
  expires_at: number | null;
  last_error: string | null;
  created_at: number;
  dead_at: number | null;
}

/** `server_secrets`: random per-project secrets generated at first start (HMAC keys). */
export interface ServerSecretsTable {
  project_id: string;
  name: string;
  /** base64url of 32 random bytes. */
  secret: string;
  created_at: number;
}

/** `client_locks`: consecutive failures and the lock of one client (hashed IP) out of one user. */
export interface ClientLocksTable {
  project_id: string;
  /** 'otp'. */
  scope: string;
  user_id: string;
  client_hash: string;
  failures: number;
  locked_until: number | null;
  updated_at: number;
}

/** `known_clients`: hashed markers (IP, SDK persistent_id) of clients that signed in to a user. */
export interface KnownClientsTable {
  project_id: string;
  user_id: string;
  marker_hash: string;
  last_seen_at: number;
}
