/**
 * The per-process cache of what sessions/authenticate reads from the database (issue 16): a session's
 * row and its user, kept together with the database's version (db/prepared.ts databaseVersion) at the
 * moment they were read. An entry is served only while the version read at the start of the call is
 * still that one, i.e. while no row anywhere in the database has changed since, on this process or any
 * other: a revoke, a new email, a role, a deleted user on any process moves the version, and the next
 * call of every process reads the database again. So the cache never answers differently from the
 * database; it saves the statements of a call that would read the same rows again (a client polling
 * its session, or many tabs): one cheap statement instead of the session's and the user's reads.
 */
import type { Session, User } from '../sdk-core/schemas/index.ts';
import type { TouchedSession } from './sessions.ts';

/** Sessions one process keeps (the first dropped first), about 3 KB each: 15 MB at most. */
export const SESSION_READ_CACHE_MAX_ENTRIES = 5_000;

/** What one call read: the live session row, its user, and the answer's session built from both (all frozen: served as they are). */
export interface SessionRead {
  row: Readonly<TouchedSession>;
  user: Readonly<User>;
  session: Readonly<Session>;
}

/** A database version (db/prepared.ts databaseVersion). */
type Version = string;

/**
 * Checks of the version counted together (64): when fewer than a quarter of them found the database
 * unchanged (a busy database, where the version moves between most calls), the next
 * {@link PAUSE_CALLS} calls skip the check, which would otherwise cost a statement (a round trip on
 * Postgres) for nothing.
 */
export const CHECK_WINDOW = 64;
/** Calls that skip the version check after a window where the database moved between most checks (see {@link CHECK_WINDOW}). */
export const PAUSE_CALLS = 1_024;

/** A serialized answer without its session token: `head`, then the token as a JSON string, then `tail`. */
export interface AnswerJson {
  head: string;
  tail: string;
}

/** Session reads keyed by token hash, all of one database version; a new version empties it. */
export class SessionReadCache {
  private readonly entries = new Map<string, SessionRead>();
  private readonly answers = new WeakMap<SessionRead, { jwt: string; json: AnswerJson }>();
  private version: Version | null = null;
  private checks = 0;
  private unchanged = 0;
  private paused = 0;

  constructor(private readonly maxEntries: number = SESSION_READ_CACHE_MAX_ENTRIES) {}

  /** Number of sessions cached. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether this call should read the database's version (false while paused after a window where the database kept moving). */
  shouldCheck(): boolean {
    if (this.paused === 0) return true;
    this.paused--;
    return false;
  }

  /**
   * The read of `tokenHash` when `version` (read now, before any other statement of this call) is the
   * version it was read at; entries of an older version are dropped here.
   */
  get(tokenHash: string, version: Version): SessionRead | undefined {
    const unchanged = this.version === version;
    if (!unchanged) {
      this.entries.clear();
      this.version = version;
    }
    this.count(unchanged);
    return unchanged ? this.entries.get(tokenHash) : undefined;
  }

  // Counts whether the database moved, not whether the read was kept: right after a move, the calls
  // of many sessions each miss once (their first read at the new version), which is no reason to stop.
  private count(unchanged: boolean): void {
    this.checks++;
    if (unchanged) this.unchanged++;
    if (this.checks < CHECK_WINDOW) return;
    if (this.unchanged * 4 < this.checks) this.paused = PAUSE_CALLS;
    this.checks = 0;
    this.unchanged = 0;
  }

  /**
   * Keeps `read`, made by statements that all ran after `version` was read. Kept only while that is the
   * newest version this cache has seen: had another call seen a newer one meanwhile, the read may mix
   * two versions, and is not kept.
   */
  set(tokenHash: string, version: Version, read: SessionRead): void {
    if (this.version !== version) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, deepFreeze(read));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The answer serialized for `read` (an entry this cache returned) when it carried `jwt`: all else in it comes from the read. */
  answerJson(read: SessionRead, jwt: string): AnswerJson | undefined {
    const kept = this.answers.get(read);
    return kept?.jwt === jwt ? kept.json : undefined;
  }

  /** Keeps the answer serialized for `read` with `jwt`, for {@link answerJson}. */
  keepAnswerJson(read: SessionRead, jwt: string, json: AnswerJson): void {
    this.answers.set(read, { jwt, json });
  }

  /** Forgets a session (revoked on this process: the version moves too, this frees the entry now). */
  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}

/** Freezes `value` and every object within, so no caller can change what later calls are served. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
