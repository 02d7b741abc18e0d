/** Secrets: CSPRNG tokens, uniform OTP codes, hashes and constant-time comparison (DESIGN 3). */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Opaque bearer token: 32 bytes (256 bits) from the CSPRNG, base64url. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Prefixed unique id such as `user-test-<uuid>`. */
export function newId(kind: string, mode: string): string {
  return `${kind}-${mode}-${randomUUID()}`;
}

/** A 6-digit code; randomInt rejects biased samples, so every code is equally likely. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Hex SHA-256 of the token; what the database stores instead of the token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Salted OTP hash: salting with the OTP's own id stops one precomputed table from covering all codes. */
export function hashOtp(otpId: string, code: string): string {
  return sha256Hex(`${otpId}:${code}`);
}

/** Compares two hex digests in constant time (unequal lengths just fail). */
export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
