/** Kysely table types added by migration 0020 (same conventions as schema.ts; server/mfa/). */

/** `intermediate_sessions`: a passed first factor waiting for the second (docs/reference/mfa.md#tokens); never a session. */
export interface IntermediateSessionsTable {
  /** `intermediate-session-{mode}-<uuid>`. */
  intermediate_session_id: string;
  project_id: string;
  user_id: string;
  /** SHA-256 of the `ist_` token; the token itself is only in the first factor's answer. */
  token_hash: string;
  /** JSON of the first factor (an AuthenticationFactor), listed first in the session the second step makes. */
  first_factor: string;
  created_at: number;
  expires_at: number;
  /** Set once by the second step that spent it (claimOnce). */
  consumed_at: number | null;
  ip_address: string;
  user_agent: string;
}

/** `trusted_devices`: a device a user chose to trust, whose `dvt_` token skips the second step until it expires. */
export interface TrustedDevicesTable {
  /** `trusted-device-{mode}-<uuid>`, the id the device lists and deletes use. */
  device_id: string;
  project_id: string;
  user_id: string;
  /** SHA-256 of the `dvt_` token. */
  token_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  /** Set when the user or a backend revoked it. */
  revoked_at: number | null;
  user_agent: string;
  ip_address: string;
}
