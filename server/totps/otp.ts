/**
 * The one TOTP / HOTP code path (RFC 6238 over RFC 4226) the routes and the test vectors go through:
 * the otpauth library does the HMAC and the dynamic truncation; this module fixes the parameters
 * (30-second steps, 6 digits, SHA-1 for authenticator apps: what they all support) and reports the
 * time step a code matched, which the routes store to accept each step once.
 */
import { HOTP, Secret, TOTP } from 'otpauth';

/** RFC 6238 time step in seconds (the value every authenticator app uses). */
export const TOTP_PERIOD_S = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one (clock drift and typing time: +/-30 s). */
export const TOTP_WINDOW = 1;
/** The HMAC of the registrations this server makes (RFC 6238 allows SHA1, SHA256, SHA512). */
export const TOTP_ALGORITHM = 'SHA1';

/** Hash functions of RFC 6238 section 1.2. */
export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** A fresh 160-bit secret (RFC 4226 section 4 recommends 160 bits), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The RFC 6238 time step (T) of `timestampMs`. */
export function totpStep(timestampMs: number, periodS = TOTP_PERIOD_S): number {
  return Math.floor(timestampMs / 1000 / periodS);
}

/** Parameters of one verification or generation; the defaults are this server's registrations'. */
export interface TotpParams {
  /** The shared secret, base32 (RFC 4648) or raw bytes. */
  secret: string | Uint8Array;
  algorithm?: TotpAlgorithm;
  digits?: number;
  periodS?: number;
}

function secretOf(s: string | Uint8Array): Secret {
  return typeof s === 'string' ? Secret.fromBase32(s) : new Secret({ buffer: s.slice().buffer });
}

/** The code for the step holding `timestampMs` (RFC 6238 TOTP). */
export function totpCode(p: TotpParams, timestampMs: number): string {
  return TOTP.generate({
    secret: secretOf(p.secret),
    algorithm: p.algorithm ?? TOTP_ALGORITHM,
    digits: p.digits ?? TOTP_DIGITS,
    period: p.periodS ?? TOTP_PERIOD_S,
    timestamp: timestampMs,
  });
}

/** The RFC 4226 HOTP code for `counter` (what TOTP computes with T as the counter). */
export function hotpCode(p: TotpParams, counter: number): string {
  return HOTP.generate({ secret: secretOf(p.secret), algorithm: p.algorithm ?? TOTP_ALGORITHM, digits: p.digits ?? TOTP_DIGITS, counter });
}

/**
 * The time step `token` is valid for within +/-`window` steps of `timestampMs`, or null. otpauth
 * compares in constant time and searches the window; the step it matched is what a replay check needs.
 */
export function matchTotp(p: TotpParams, token: string, timestampMs: number, window = TOTP_WINDOW): number | null {
  const periodS = p.periodS ?? TOTP_PERIOD_S;
  const delta = TOTP.validate({
    token,
    secret: secretOf(p.secret),
    algorithm: p.algorithm ?? TOTP_ALGORITHM,
    digits: p.digits ?? TOTP_DIGITS,
    period: periodS,
    timestamp: timestampMs,
    window,
  });
  return delta === null ? null : totpStep(timestampMs, periodS) + delta;
}

/**
 * `n` distinct 6-digit codes that are NOT valid at `timestampMs` within +/-`window` steps (tests use them
 * as wrong guesses that cannot match by chance).
 */
export function wrongTotpCodes(p: TotpParams, timestampMs: number, n: number, window = TOTP_WINDOW): string[] {
  const valid = new Set<string>();
  for (let d = -window - 1; d <= window + 1; d++) valid.add(totpCode(p, timestampMs + d * (p.periodS ?? TOTP_PERIOD_S) * 1000));
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const code = String((i * 7919 + 13) % 1_000_000).padStart(TOTP_DIGITS, '0');
    if (!valid.has(code) && !out.includes(code)) out.push(code);
  }
  return out;
}

/** The `otpauth://totp/...` URI (Key Uri Format) an authenticator app scans. */
export function otpauthUri(o: { secret: string; issuer: string; label: string }): string {
  return new TOTP({
    issuer: o.issuer,
    label: o.label,
    secret: Secret.fromBase32(o.secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  }).toString();
}
