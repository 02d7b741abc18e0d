/**
 * Session-JWT signing: an ES256 key pair generated at first start, persisted in the DB, served as JWKS from
 * the DB, rotated by `rotateSigningKey` (CLI `keys rotate`, or on a schedule: SIGNING_KEY_ROTATION_DAYS).
 */
import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, type JWK, importJWK, generateKeyPair, SignJWT } from 'jose';
import type { Session } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';
import { withStartupLock } from './db/lock.ts';

/** JWT lifetime (docs/reference/security.md#session-jwt: 5 minutes). */
export const SESSION_JWT_TTL_SECONDS = 300;
/** Signature algorithm of session JWTs. */
export const JWT_ALG = 'ES256';
/** Claim holding the session, named as the provider names it so its SDKs can read our JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/**
 * Clock skew allowed for relying parties, and the slack for instances still signing with the old key
 * until their next {@link KEY_REFRESH_MS} refresh: a retired key stays published this long past the
 * last JWT it can have signed.
 */
export const ROTATION_GRACE_MS = 60_000;
/** How often (by the app clock) an instance re-reads the key rows: a rotation by another instance or the CLI reaches it within this. */
export const KEY_REFRESH_MS = 5_000;
/**
 * How far ahead a scheduled rotation publishes its new key before it signs: longer than the JWKS
 * answer's `Cache-Control: max-age=300`, so a relying party that honours it has the key first.
 */
export const ROTATION_PUBLISH_AHEAD_MS = 10 * 60_000;

/** The signing key: `kid` and `privateKey` are the key that signs now (a {@link KeyRing} keeps them current). */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Picks (and returns) the key that signs at `nowMs`, re-reading the rows when they are older than {@link KEY_REFRESH_MS}. */
  select?(nowMs: number): Promise<{ kid: string; privateKey: CryptoKey }>;
}

type KeyRow = { kid: string; private_jwk: string; created_at: number; active_from: number | null; retire_at: number | null };

/** When a key row starts signing. */
const activeFrom = (r: Pick<KeyRow, 'active_from' | 'created_at'>) => r.active_from ?? r.created_at;

/**
 * Every key row of the database, kept fresh, and the one signing now: the newest whose `active_from` has
 * come (kid breaks a tie, so every instance picks the same one). Keys published ahead of their moment are
 * not used to sign until it comes.
 */
export class KeyRing implements SigningKeys {
  private rows: KeyRow[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private imported = new Map<string, CryptoKey>();
  private chosen!: { kid: string; privateKey: CryptoKey };
  /** `chosen` holds for times in [chosenFrom, chosenUntil): from its pick to the next key's moment, while the rows are unchanged. */
  private chosenFrom = Number.POSITIVE_INFINITY;
  private chosenUntil = Number.NEGATIVE_INFINITY;

  private constructor(private db: Db) {}

  /**
   * Loads the rows from `db` and picks the key signing at `now`; later refreshes read `later` (default `db`).
   * @throws Error when the database holds no key
   */
  static async open(db: Db, now: number, later: Db = db): Promise<KeyRing> {
    const ring = new KeyRing(db);
    await ring.select(now);
    ring.db = later;
    return ring;
  }

  get kid(): string {
    return this.chosen.kid;
  }
  get privateKey(): CryptoKey {
    return this.chosen.privateKey;
  }

  async select(nowMs: number): Promise<{ kid: string; privateKey: CryptoKey }> {
    if (nowMs - this.loadedAt >= KEY_REFRESH_MS || nowMs < this.loadedAt) {
      this.rows = await this.db.kysely.selectFrom('signing_keys').select(['kid', 'private_jwk', 'created_at', 'active_from', 'retire_at']).execute();
      this.loadedAt = nowMs;
      this.chosenFrom = Number.POSITIVE_INFINITY;
    }
    // The same rows pick the same key until the next key's moment comes: no filter and sort per call
    // (sessions/authenticate asks on every call).
    if (nowMs >= this.chosenFrom && nowMs < this.chosenUntil) return this.chosen;
    const usable = this.rows.filter((r) => activeFrom(r) <= nowMs);
    // Before any key's moment (a clock set back): the oldest key rather than none.
    const pool = usable.length > 0 ? usable : [...this.rows].sort((a, b) => activeFrom(a) - activeFrom(b)).slice(0, 1);
    const row = pool.sort((a, b) => activeFrom(b) - activeFrom(a) || (a.kid < b.kid ? 1 : a.kid > b.kid ? -1 : 0))[0];
    if (!row) throw new Error('no signing key in the database');
    let key = this.imported.get(row.kid);
    if (!key) {
      key = (await importJWK(JSON.parse(row.private_jwk) as JWK, JWT_ALG)) as CryptoKey;
      this.imported.set(row.kid, key);
    }
    this.chosen = { kid: row.kid, privateKey: key };
    this.chosenFrom = nowMs;
    this.chosenUntil = this.rows.reduce((next, r) => (activeFrom(r) > nowMs ? Math.min(next, activeFrom(r)) : next), Number.POSITIVE_INFINITY);
    return this.chosen;
  }
}

/** Generates a key pair and inserts it, signing from `activeAt`. Returns its kid. */
async function insertKey(k: Db['kysely'], now: number, activeAt: number | null): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  const kid = `jwk-${randomUUID()}`;
  const pub = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALG };
  await k
    .insertInto('signing_keys')
    .values({ kid, alg: JWT_ALG, private_jwk: JSON.stringify(priv), public_jwk: JSON.stringify(pub), created_at: now, active_from: activeAt, retire_at: null })
    .execute();
  return kid;
}

/**
 * Loads the signing keys (a {@link KeyRing}), creating the first key if the database has none. Run it
 * under `withStartupLock` so instances starting together create one key between them; `ringDb` is the
 * database the ring re-reads later (the lock's transaction ends), default `db`.
 */
export async function loadSigningKeys(db: Db, now: number, ringDb: Db = db): Promise<SigningKeys> {
  const any = await db.kysely.selectFrom('signing_keys').select('kid').limit(1).executeTakeFirst();
  if (!any) await insertKey(db.kysely, now, null);
  // Rows read inside the lock (they include the key just inserted); later refreshes go to ringDb.
  return KeyRing.open(db, now, ringDb);
}

/** A stored key as `keys list` shows it (no private material). */
export interface SigningKeyInfo {
  kid: string;
  created_at: number;
  active_from: number;
  retire_at: number | null;
}

/** Every stored key, newest moment first. */
export async function listSigningKeys(db: Db): Promise<SigningKeyInfo[]> {
  const rows = await db.kysely.selectFrom('signing_keys').select(['kid', 'created_at', 'active_from', 'retire_at']).execute();
  return rows
    .map((r) => ({ kid: r.kid, created_at: r.created_at, active_from: activeFrom(r), retire_at: r.retire_at }))
    .sort((a, b) => b.active_from - a.active_from || (a.kid < b.kid ? 1 : -1));
}

/**
 * Rotates the signing key (issue 18): a new key is published now and signs from `activeAt` (>= now);
 * every key signing before it is retired at `activeAt` + the JWT lifetime + {@link ROTATION_GRACE_MS},
 * i.e. it leaves the JWKS once every JWT it signed has expired. One rotation may be pending at a time.
 * @throws Error when `activeAt` is in the past or a rotation is already pending
 */
export async function rotateSigningKey(
  db: Db,
  opts: { now: number; activeAt?: number },
): Promise<{ kid: string; activeFrom: number; previousRetireAt: number }> {
  const now = opts.now;
  const activeAt = opts.activeAt ?? now;
  if (activeAt < now) throw new Error('a rotation cannot start in the past');
  return withStartupLock(db, async (k) => {
    const rows = await k.selectFrom('signing_keys').select(['kid', 'created_at', 'active_from', 'retire_at']).execute();
    const pending = rows.find((r) => activeFrom(r) > now && r.retire_at === null);
    if (pending) throw new Error(`a rotation is already pending: ${pending.kid} signs from ${new Date(activeFrom(pending)).toISOString()}`);
    const retireAt = activeAt + SESSION_JWT_TTL_SECONDS * 1000 + ROTATION_GRACE_MS;
    const kid = await insertKey(k, now, activeAt);
    await k.updateTable('signing_keys').set({ retire_at: retireAt }).where('kid', '!=', kid).where('retire_at', 'is', null).execute();
    return { kid, activeFrom: activeAt, previousRetireAt: retireAt };
  });
}

/**
 * Scheduled rotation (SIGNING_KEY_ROTATION_DAYS): when the key signing now is older than `periodMs` and
 * nothing is pending, rotates with the new key published {@link ROTATION_PUBLISH_AHEAD_MS} ahead. Safe
 * with several instances (the rotation re-checks under the start-up lock). Returns the new kid, or null.
 */
export async function rotateIfDue(db: Db, now: number, periodMs: number): Promise<string | null> {
  const keys = await listSigningKeys(db);
  if (keys.some((key) => key.active_from > now && key.retire_at === null)) return null;
  const current = keys.find((key) => key.active_from <= now);
  if (current && now - current.active_from < periodMs) return null;
  try {
    return (await rotateSigningKey(db, { now, activeAt: now + ROTATION_PUBLISH_AHEAD_MS })).kid;
  } catch (err) {
    // Another instance rotated between our check and our lock.
    if (err instanceof Error && err.message.startsWith('a rotation is already pending')) return null;
    throw err;
  }
}

/** Deletes keys past their retire time (their JWTs have all expired; the private key has no use left). */
export async function pruneRetiredKeys(db: Db, now: number): Promise<number> {
  const r = await db.kysely.deleteFrom('signing_keys').where('retire_at', 'is not', null).where('retire_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The public JWKS as the database holds it now: keys added by another instance (or a rotation)
 * appear without a restart, so a JWT any instance signed verifies against any instance's JWKS. A key
 * published ahead of its moment is in it already; a retired key leaves it at its `retire_at` (`now`).
 */
export async function publicJwks(db: Db, now: number = Date.now()): Promise<{ keys: JWK[] }> {
  const rows = await db.kysely
    .selectFrom('signing_keys')
    .select('public_jwk')
    .where((eb) => eb.or([eb('retire_at', 'is', null), eb('retire_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
  return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
}

/** Signs the 5-minute session JWT: sub=user_id, aud=project_id, iss, plus the session claim. */
export async function signSessionJwt(keys: SigningKeys, opts: { projectId: string; issuer: string; session: Session; nowMs: number }): Promise<string> {
  const iat = Math.floor(opts.nowMs / 1000);
  const s = opts.session;
  // The key signing at this moment (rotation): a ring picks it; a plain key is itself.
  const signer = keys.select ? await keys.select(opts.nowMs) : keys;
  return new SignJWT({
    // The session's custom claims at the top level (set through the backend API; reserved names are refused there).
    ...s.custom_claims,
    [SESSION_CLAIM]: {
      id: s.session_id,
      started_at: s.started_at,
      last_accessed_at: s.last_accessed_at,
      expires_at: s.expires_at,
      attributes: s.attributes,
      authentication_factors: s.authentication_factors,
    },
    roles: s.roles,
  })
    .setProtectedHeader({ alg: JWT_ALG, kid: signer.kid, typ: 'JWT' })
    .setSubject(s.user_id)
    .setIssuer(opts.issuer)
    .setAudience(opts.projectId)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + SESSION_JWT_TTL_SECONDS)
    .sign(signer.privateKey);
}
