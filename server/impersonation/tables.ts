/** Kysely table types of the impersonation method (migration 0011_impersonation_tokens). */

/** `impersonation_tokens`: one admin-minted token; only its SHA-256 is stored. */
export interface ImpersonationTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  /** Who minted it (the admin's id, e.g. a support agent's email or the CLI's operator name). */
  impersonator_id: string;
  reason: string;
  created_at: number;
  expires_at: number;
  /** Set once, by the redemption's conditional UPDATE. */
  consumed_at: number | null;
}

/** `impersonation_audit`: every mint and every redemption, kept for audits (never pruned by the server). */
export interface ImpersonationAuditTable {
  audit_id: string;
  project_id: string;
  user_id: string;
  impersonator_id: string;
  /** 'minted' | 'authenticated'. */
  event: string;
  reason: string;
  /** The impersonated session (authenticated events). */
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  at: number;
}

/** The impersonation method's tables (its part of `Database`). */
export interface ImpersonationTables {
  impersonation_tokens: ImpersonationTokensTable;
  impersonation_audit: ImpersonationAuditTable;
}
