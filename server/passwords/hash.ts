/** Password hashing with node:crypto scrypt (docs/reference/security.md#passwords): NFKC, byte cap, no truncation, constant-time compare. */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.ts';

/** Fewest characters a password may have (docs/reference/security.md#passwords). */
export const PASSWORD_MIN_LENGTH = 8;
/** Most UTF-8 bytes a password may have after NFKC; longer ones are refused (never truncated). */
export const PASSWORD_MAX_BYTES = 256;

/** scrypt cost parameters: N = 2^15, r = 8, p = 1 (OWASP's scrypt floor), 16-byte salt, 32-byte key. */
export const SCRYPT_PARAMS = { logN: 15, r: 8, p: 1, saltBytes: 16, keyBytes: 32 } as const;

/** NFKC form of a password, so the same visible password typed on different keyboards hashes alike. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Throws 400 password_too_long when the normalised password exceeds {@link PASSWORD_MAX_BYTES}. */
export function assertPasswordLength(normalized: string): void {
  if (Buffer.byteLength(normalized, 'utf8') > PASSWORD_MAX_BYTES) throw new ApiError('password_too_long');
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem must exceed 128 * N * r (32 MiB at the defaults); Node's default limit is exactly 32 MiB.
    scrypt(password, salt, keyBytes, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The scrypt costs a stored hash may name (a corrupted row must not ask for gigabytes of memory). */
export const SCRYPT_LOG_N_RANGE = { min: 10, max: 20 } as const;

/** The cost of new hashes in this process: production's unless {@link cheapHashingForTests} lowered it. */
let costInUse: number = SCRYPT_PARAMS.logN;

/**
 * Makes this process hash new passwords at the cheapest accepted cost (2^10): the method's
 * `cheapWorkForTests`, which only the test helpers call (server/test-helpers.ts), so the suite spends its time on behaviour rather than key
 * stretching. A hash records its cost, so verification runs the same code either way; the production
 * cost stays what {@link hashPassword} uses by default everywhere else.
 */
export function cheapHashingForTests(): void {
  costInUse = SCRYPT_LOG_N_RANGE.min;
}

/** Hashes a normalised password; the result names its parameters: `scrypt$logN$r$p$salt$key` (base64url). */
export async function hashPassword(normalized: string, logN: number = costInUse): Promise<string> {
  const { r, p, saltBytes, keyBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const key = await derive(normalized, salt, logN, r, p, keyBytes);
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `normalized` matches `stored`; compares in constant time; false for unreadable hashes. */
export async function verifyPassword(normalized: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Bounds stop a corrupted row from asking for gigabytes of memory.
  if (
    !Number.isInteger(logN) ||
    logN < SCRYPT_LOG_N_RANGE.min ||
    logN > SCRYPT_LOG_N_RANGE.max ||
    !Number.isInteger(r) ||
    r < 1 ||
    r > 32 ||
    !Number.isInteger(p) ||
    p < 1 ||
    p > 16
  )
    return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const key = await derive(normalized, salt, logN, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

/** A fixed dummy hash per cost, made once. */
const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same scrypt work as a real verification against a fixed dummy hash of the cost new hashes get,
 * so an unknown account answers in about the same time as a wrong password (no enumeration by timing,
 * docs/reference/security.md#passwords).
 */
export async function burnVerification(normalized: string, logN: number = costInUse): Promise<void> {
  let dummy = dummyHashes.get(logN);
  if (!dummy) {
    dummy = hashPassword('dummy password for timing equalisation', logN);
    dummyHashes.set(logN, dummy);
  }
  await verifyPassword(normalized, await dummy);
}
