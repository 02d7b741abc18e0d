/** Secrets: CSPRNG tokens, uniform OTP codes, hashes and constant-time comparison (docs/reference/security.md#tokens). */
import { hash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

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

/**
 * Hex SHA-256 of the token (UTF-8); what the database stores instead of the token. The one-shot
 * `crypto.hash` (Node 20.12+) is about 4x cheaper than createHash/update/digest for a token this size,
 * and every authenticated call hashes one.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
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
