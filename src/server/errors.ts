/** The one error `auth-elements/server` throws about a session, with a stable `code` to branch on. */

/**
 * Why a session was not accepted:
 * - `missing`: no session JWT in the request (no cookie, no `Authorization: Bearer`);
 * - `invalid`: not a session JWT of this project (malformed, bad signature, unknown key, algorithm not
 *   allowed, wrong `iss` or `aud`, not yet valid);
 * - `expired`: a genuine JWT past its `exp`, and no `secret` to ask the server about its session;
 * - `revoked`: the server says the session is over (revoked, expired or its user deleted);
 * - `network`: the server could not be reached, or answered 5xx / 429 (try again later);
 * - `bad_secret`: the server refused the project secret (configuration, not the user).
 */
export type SessionVerificationErrorCode = 'missing' | 'invalid' | 'expired' | 'revoked' | 'network' | 'bad_secret';

/** A session the verifier did not accept; `status` is the HTTP status an app should answer with. */
export class SessionVerificationError extends Error {
  override readonly name = 'SessionVerificationError';
  /** Stable reason (see {@link SessionVerificationErrorCode}). */
  readonly code: SessionVerificationErrorCode;
  /** 401 for the user's session, 503 when the server is unreachable, 500 for a refused secret. */
  readonly status: 401 | 500 | 503;

  constructor(code: SessionVerificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = code === 'network' ? 503 : code === 'bad_secret' ? 500 : 401;
  }
}

/** True for a {@link SessionVerificationError}, also one from another copy of the kit (matched by name). */
export function isSessionVerificationError(e: unknown): e is SessionVerificationError {
  return (
    e instanceof SessionVerificationError || (e instanceof Error && e.name === 'SessionVerificationError' && typeof (e as { code?: unknown }).code === 'string')
  );
}
