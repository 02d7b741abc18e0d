/**
 * TOTP request bodies and answers of SPEC §7 (`/totps/...`), shared by the client and, once it
 * serves TOTP, the server (whose validators are then checked against these types, as the other
 * methods' are).
 */

/** Body of `POST /totps`: a new TOTP for the signed-in user. */
export interface TOTPCreateRequest {
  /** Minutes the new, unverified TOTP waits for its first code. */
  expiration_minutes?: number;
}

/** Payload of `POST /totps`. */
export interface TOTPCreateResponse {
  totp_id: string;
  /** The shared secret (base32), for manual entry. */
  secret: string;
  /** A QR code of the otpauth:// URI (data URL). */
  qr_code: string;
  /** One-time codes for when the authenticator is lost. */
  recovery_codes: string[];
}

/** Body of `POST /totps/authenticate`. */
export interface TOTPAuthenticateRequest {
  totp_code: string;
  session_duration_minutes?: number;
}

/** Payload of `POST /totps/recovery_codes`. */
export interface TOTPRecoveryCodesResponse {
  totps: { totp_id: string; recovery_codes: string[] }[];
}

/** Body of `POST /totps/recover`. */
export interface TOTPRecoverRequest {
  recovery_code: string;
  session_duration_minutes?: number;
}
