/** Kysely table types of the webauthn method, made by its migration 0004_webauthn (conventions of db/schema.ts). */

/** `webauthn_registrations`: one WebAuthn credential (a passkey when discoverable) of a user. */
export interface WebAuthnRegistrationsTable {
  webauthn_registration_id: string;
  project_id: string;
  user_id: string;
  /** base64url credential id, unique per project. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  /** Last signature counter seen (0 for authenticators that do not count). */
  counter: number;
  /** JSON array of transports the browser reported. */
  transports: string;
  /** base64url user handle the credential was created with (WebAuthn user.id). */
  user_handle: string;
  name: string;
  /** RP ID the credential is scoped to. */
  domain: string;
  user_agent: string;
  /** 'platform', 'cross-platform' or '' when the registration did not ask for one. */
  authenticator_type: string;
  is_passkey: number;
  user_verified: number;
  backed_up: number;
  /** 'singleDevice' or 'multiDevice'. */
  device_type: string;
  aaguid: string;
  created_at: number;
  last_used_at: number | null;
}

/** `webauthn_challenges`: 32-byte challenges, single use, 5 minutes (docs/reference/security.md#webauthn). */
export interface WebAuthnChallengesTable {
  /** base64url of the 32 random bytes. */
  challenge: string;
  project_id: string;
  /** 'register' or 'authenticate'. */
  kind: string;
  /** The session's user (register, secondary authenticate); null for a primary (discoverable) start. */
  user_id: string | null;
  session_id: string | null;
  rp_id: string;
  /** The Origin that started the ceremony; null for server-to-server starts. */
  origin: string | null;
  /** 'required' | 'preferred' | 'discouraged'. */
  user_verification: string;
  authenticator_type: string | null;
  is_passkey: number;
  /** base64url user.id sent in creation options (register only). */
  user_handle: string | null;
  user_agent: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** The webauthn method's tables (its part of `Database`). */
export interface WebAuthnTables {
  webauthn_registrations: WebAuthnRegistrationsTable;
  webauthn_challenges: WebAuthnChallengesTable;
}
