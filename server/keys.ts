/** Session-JWT signing: an ES256 key pair generated at first start, persisted in the DB, served as JWKS from the DB. */
import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, type JWK, importJWK, generateKeyPair, SignJWT } from 'jose';
import type { Session } from '../sdk-core/schemas/index.ts';
import type { Db } from './db/index.ts';

/** JWT lifetime (DESIGN 3: 5 minutes). */
export const SESSION_JWT_TTL_SECONDS = 300;
/** Signature algorithm of session JWTs. */
export const JWT_ALG = 'ES256';
/** Claim holding the session, named as the provider names it so its SDKs can read our JWTs. */
export const SESSION_CLAIM = 'https://stytch.com/session';

/** The active signing key (the public JWKS is read from the database: {@link publicJwks}). */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * Loads the newest signing key, creating one if the database has none. Run it under
 * `withStartupLock` so instances starting together create one key between them.
 */
export async function loadSigningKeys(db: Db, now: number): Promise<SigningKeys> {
  const k = db.kysely;
  // Newest first; kid breaks a tie so every instance picks the same key from the same rows.
  const newest = () => k.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').orderBy('kid', 'desc').limit(1).executeTakeFirst();
  let row = await newest();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(JWT_ALG, { extractable: true });
    const kid = `jwk-${randomUUID()}`;
    const pub = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALG, use: 'sig' };
    const priv = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALG };
    await k
      .insertInto('signing_keys')
      .values({ kid, alg: JWT_ALG, private_jwk: JSON.stringify(priv), public_jwk: JSON.stringify(pub), created_at: now })
      .execute();
    row = await newest();
  }
  const privateKey = (await importJWK(JSON.parse(row!.private_jwk) as JWK, JWT_ALG)) as CryptoKey;
  return { kid: row!.kid, privateKey };
}

/**
 * The public JWKS as the database holds it now: keys added by another instance (or a rotation)
 * appear without a restart, so a JWT any instance signed verifies against any instance's JWKS.
 * Every stored public key stays in it, so JWTs signed before a rotation still verify.
 */
export async function publicJwks(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db.kysely.selectFrom('signing_keys').select('public_jwk').orderBy('created_at', 'desc').orderBy('kid', 'desc').execute();
  return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
}

/** Signs the 5-minute session JWT: sub=user_id, aud=project_id, iss, plus the session claim. */
export async function signSessionJwt(keys: SigningKeys, opts: { projectId: string; issuer: string; session: Session; nowMs: number }): Promise<string> {
  const iat = Math.floor(opts.nowMs / 1000);
  const s = opts.session;
  return new SignJWT({
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
    .setProtectedHeader({ alg: JWT_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(s.user_id)
    .setIssuer(opts.issuer)
    .setAudience(opts.projectId)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + SESSION_JWT_TTL_SECONDS)
    .sign(keys.privateKey);
}
