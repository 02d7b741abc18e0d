/**
 * TOTP storage: the project's TOTP key (encrypts the shared secrets and the recovery codes at rest),
 * registrations, recovery codes, and the user's `totps` sub-record.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sha256Hex } from '../crypto.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Services } from '../services.ts';
import type { UserRecords } from '../method.ts';

/** Recovery codes made with each TOTP (the provider's number). */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code: 25 of [a-z0-9] is 129 bits (docs/reference/security.md#tokens: >= 128 bits from the CSPRNG). */
export const RECOVERY_CODE_LENGTH = 25;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

const TOTP_KEY_NAME = 'totp_key';
const keyCache = new WeakMap<object, Map<string, Buffer>>();

/**
 * The project's 256-bit TOTP encryption key, made on first use in `server_secrets` (an insert that
 * loses a race reads the winner's, so every instance agrees). Secrets must be readable to verify codes
 * and the provider's recovery_codes call shows the codes again, so they are encrypted, not hashed;
 * redemption still goes through the codes' SHA-256.
 */
async function totpKey(svc: Services): Promise<Buffer> {
  const pid = svc.project.project_id;
  let byProject = keyCache.get(svc.db);
  if (!byProject) {
    byProject = new Map();
    keyCache.set(svc.db, byProject);
  }
  const cached = byProject.get(pid);
  if (cached) return cached;
  const k: Kysely<Database> = svc.db.kysely;
  await k
    .insertInto('server_secrets')
    .values({ project_id: pid, name: TOTP_KEY_NAME, secret: randomBytes(32).toString('base64url'), created_at: svc.now() })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
  const row = await k.selectFrom('server_secrets').select('secret').where('project_id', '=', pid).where('name', '=', TOTP_KEY_NAME).executeTakeFirstOrThrow();
  const key = Buffer.from(row.secret, 'base64url');
  byProject.set(pid, key);
  return key;
}

/** AES-256-GCM with a random 96-bit nonce; `aad` binds the ciphertext to its row (no swapping rows). */
async function encrypt(svc: Services, plain: string, aad: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await totpKey(svc), iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Decrypts {@link encrypt}'s output. @throws Error when the ciphertext or its binding was altered */
async function decrypt(svc: Services, sealed: string, aad: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed TOTP ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', await totpKey(svc), iv);
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Seals a TOTP secret for its row. */
export const sealSecret = (svc: Services, totpId: string, secret: string) => encrypt(svc, secret, `totp:${totpId}`);
/** Opens a TOTP row's secret. */
export const openSecret = (svc: Services, totpId: string, sealed: string) => decrypt(svc, sealed, `totp:${totpId}`);

/** A fresh recovery code, `xxxxx-xxxxx-xxxxx-xxxxx-xxxxx` (unbiased: randomInt rejects biased samples). */
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) s += ALPHABET[randomInt(0, ALPHABET.length)];
  return s.match(/.{5}/g)?.join('-') ?? s;
}

/** The canonical form of a typed recovery code (case, spaces and dashes ignored), or null when malformed. */
export function canonicalRecoveryCode(raw: string): string | null {
  const s = raw.toLowerCase().replace(/[\s-]/g, '');
  return new RegExp(`^[a-z0-9]{${RECOVERY_CODE_LENGTH}}$`).test(s) ? s : null;
}

/** The stored hash of a recovery code, salted with its project so one table cannot cover all projects. */
export function hashRecoveryCode(projectId: string, canonical: string): string {
  return sha256Hex(`totp-recovery:${projectId}:${canonical}`);
}

/** Stores a TOTP's recovery codes (hash and sealed copy of each). */
export async function storeRecoveryCodes(svc: Services, o: { totpId: string; userId: string; codes: readonly string[] }): Promise<void> {
  const pid = svc.project.project_id;
  const now = svc.now();
  const rows = await Promise.all(
    o.codes.map(async (code) => {
      const canonical = canonicalRecoveryCode(code) ?? code;
      const codeHash = hashRecoveryCode(pid, canonical);
      return {
        code_hash: codeHash,
        project_id: pid,
        user_id: o.userId,
        totp_id: o.totpId,
        code_enc: await encrypt(svc, code, `recovery:${codeHash}`),
        consumed_at: null,
        created_at: now,
      };
    }),
  );
  await svc.db.kysely.insertInto('totp_recovery_codes').values(rows).execute();
}

/** The unused recovery codes of one TOTP, in clear, oldest first. */
export async function unusedRecoveryCodes(svc: Services, totpId: string): Promise<string[]> {
  const rows = await svc.db.kysely
    .selectFrom('totp_recovery_codes')
    .select(['code_hash', 'code_enc'])
    .where('totp_id', '=', totpId)
    .where('project_id', '=', svc.project.project_id)
    .where('consumed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('code_hash')
    .execute();
  return Promise.all(rows.map((r) => decrypt(svc, r.code_enc, `recovery:${r.code_hash}`)));
}

/** The user's usable TOTPs: verified ones, and unverified ones not yet expired; oldest first. */
export function liveTotps(svc: Services, userId: string) {
  return liveTotpRows(svc.db.kysely, svc.project.project_id, userId, svc.now());
}

// Compiled once: loadUser runs it on every authenticate answer.
const liveTotpRows = preparedQuery((k, projectId: string, userId: string, now: number) =>
  k
    .selectFrom('totps')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('verified', '=', 1), eb('expires_at', '>', now)]))
    .orderBy('created_at')
    .orderBy('totp_id'),
);

/** The totps method's part of the wire user (docs/reference/wire-protocol.md#authenticate-answers `user.totps`: `{totp_id, verified}`), for loadUser. */
export async function totpsUserRecords(svc: Services, userId: string): Promise<UserRecords> {
  const rows = await liveTotps(svc, userId);
  return { totps: rows.map((r) => ({ totp_id: r.totp_id, verified: r.verified === 1 })) };
}

/** A day after expiry: the pruning tick's grace, as for every other expired row (prune.ts). */
const UNVERIFIED_TOTP_PRUNE_AFTER_MS = 24 * 60 * 60_000;

/**
 * Deletes unverified TOTPs a day after they expired, with their recovery codes. A verified TOTP keeps its
 * enrolment `expires_at` forever, so the generic expired-row rule of prune.ts must never touch `totps`.
 */
export async function pruneTotps(svc: Pick<Services, 'db'>, now: number): Promise<void> {
  const k = svc.db.kysely;
  const dead = k
    .selectFrom('totps')
    .select('totp_id')
    .where('verified', '=', 0)
    .where('expires_at', '<', now - UNVERIFIED_TOTP_PRUNE_AFTER_MS);
  await k.deleteFrom('totp_recovery_codes').where('totp_id', 'in', dead).execute();
  await k
    .deleteFrom('totps')
    .where('verified', '=', 0)
    .where('expires_at', '<', now - UNVERIFIED_TOTP_PRUNE_AFTER_MS)
    .execute();
}
