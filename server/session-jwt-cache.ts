/**
 * The per-process cache of session JWTs (issue 16): sessions/authenticate serves a session's JWT again
 * while enough of its life is left and nothing it carries has changed, instead of signing one per call.
 * It never decides whether a session is live: every call checks the session row in the database first,
 * or finds the database unchanged since it last read that row (session-read-cache.ts), so a revoke on
 * any process refuses the session everywhere at once.
 */

/**
 * Share of a session JWT's 5-minute life that must remain for it to be served again: 0.5, i.e. a new
 * JWT once fewer than 150 of its 300 seconds are left. A relying party is thus always handed a JWT
 * valid for at least 150 s (the client refreshes well inside that), and a busy session costs one
 * signature per 150 s instead of one per call.
 */
export const JWT_REUSE_MIN_REMAINING_SHARE = 0.5;

/** Sessions whose JWT one process keeps (least recently used dropped first): 1 to 2 KB each (the JWT and its claims key), so about 20 MB at most. */
export const JWT_CACHE_MAX_ENTRIES = 10_000;

/** One cached JWT and what it was signed from. */
export interface CachedSessionJwt {
  jwt: string;
  /** The JWT's `iat`, in ms (whole seconds). */
  issuedAtMs: number;
  /** The JWT's `exp`, in ms. */
  expiresAtMs: number;
  /** The session's `expires_at` the JWT's session claim carries (ms). */
  sessionExpiresAt: number;
  /** Everything else the JWT carries (key id, issuer, user, factors, roles, attributes), as one string. */
  claimsKey: string;
}

/** A bounded LRU of session JWTs keyed by session id (a Map keeps insertion order: the first key is the oldest). */
export class SessionJwtCache {
  private readonly entries = new Map<string, CachedSessionJwt>();

  constructor(private readonly maxEntries: number = JWT_CACHE_MAX_ENTRIES) {}

  /** Number of sessions cached. */
  get size(): number {
    return this.entries.size;
  }

  /** The cached JWT of `sessionId`, marked most recently used; undefined when none. */
  get(sessionId: string): CachedSessionJwt | undefined {
    const hit = this.entries.get(sessionId);
    if (hit) {
      this.entries.delete(sessionId);
      this.entries.set(sessionId, hit);
    }
    return hit;
  }

  /** Caches `entry` for `sessionId`, dropping the least recently used session beyond the bound. */
  set(sessionId: string, entry: CachedSessionJwt): void {
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Forgets a session (revoked, or found dead). */
  delete(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  /** Forgets every session whose `expires_at` has passed at `nowMs` (the pruning tick calls it). */
  dropExpired(nowMs: number): void {
    for (const [id, e] of this.entries) if (e.sessionExpiresAt <= nowMs || e.expiresAtMs <= nowMs) this.entries.delete(id);
  }
}

/**
 * True when `entry` may be served again at `nowMs` for a session now carrying `claimsKey` and expiring
 * at `sessionExpiresAt`: the same claims, a session claim that does not promise a later expiry than the
 * session has now (a shortened session gets a new JWT; an extended one may keep the older, earlier
 * claim), issued no later than now (a clock set back re-signs) and at least
 * {@link JWT_REUSE_MIN_REMAINING_SHARE} of its life left.
 */
export function reusable(entry: CachedSessionJwt, nowMs: number, claimsKey: string, sessionExpiresAt: number): boolean {
  if (entry.claimsKey !== claimsKey || entry.sessionExpiresAt > sessionExpiresAt || nowMs < entry.issuedAtMs) return false;
  return entry.expiresAtMs - nowMs >= (entry.expiresAtMs - entry.issuedAtMs) * JWT_REUSE_MIN_REMAINING_SHARE;
}
