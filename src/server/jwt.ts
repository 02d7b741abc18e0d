/**
 * Compact JWS parsing and signature checks on Web Crypto alone (Node 20+, Deno, Bun, edge runtimes): no
 * dependency. Only asymmetric algorithms exist here, so `none` and the HMAC family can never verify.
 */
import type { JwtAlgorithm } from './algorithms.ts';
import { SessionVerificationError } from './errors.ts';

/** One public key of a JWKS, as served at `/.well-known/jwks.json` or `/v1/sessions/jwks/{project_id}`. */
export interface PublicJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  d?: string;
}

/** A JWT split and decoded, its signature not yet checked. */
export interface DecodedJwt {
  header: { alg?: unknown; kid?: unknown; typ?: unknown; crit?: unknown };
  payload: Record<string, unknown>;
  signingInput: Uint8Array;
  signature: Uint8Array;
}

const PARAMS: Record<
  JwtAlgorithm,
  { import: EcKeyImportParams | RsaHashedImportParams; verify: EcdsaParams | AlgorithmIdentifier; kty: string; crv?: string }
> = {
  ES256: { import: { name: 'ECDSA', namedCurve: 'P-256' }, verify: { name: 'ECDSA', hash: 'SHA-256' }, kty: 'EC', crv: 'P-256' },
  ES384: { import: { name: 'ECDSA', namedCurve: 'P-384' }, verify: { name: 'ECDSA', hash: 'SHA-384' }, kty: 'EC', crv: 'P-384' },
  RS256: { import: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, verify: { name: 'RSASSA-PKCS1-v1_5' }, kty: 'RSA' },
};

const invalid = (message: string, cause?: unknown) => new SessionVerificationError('invalid', message, cause === undefined ? undefined : { cause });

/** Decodes base64url (no padding) to bytes; throws on any other character. */
function base64urlBytes(part: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw invalid('The JWT is not base64url.');
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4);
  let bin: string;
  try {
    bin = atob(b64);
  } catch (e) {
    throw invalid('The JWT is not base64url.', e);
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function jsonObject(bytes: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    throw invalid(`The JWT's ${what} is not JSON.`, e);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`The JWT's ${what} is not a JSON object.`);
  return value as Record<string, unknown>;
}

/** Splits a compact JWS (`header.payload.signature`, at most 16 KB) and decodes its parts. */
export function decodeJwt(jwt: string): DecodedJwt {
  if (jwt.length > 16_384) throw invalid('The JWT is too long.');
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts.some((p) => p === '')) throw invalid('The JWT does not have three parts.');
  const [h, p, s] = parts as [string, string, string];
  const header = jsonObject(base64urlBytes(h), 'header');
  const payload = jsonObject(base64urlBytes(p), 'payload');
  return { header, payload, signingInput: new TextEncoder().encode(`${h}.${p}`), signature: base64urlBytes(s) };
}

/**
 * Imports `jwk` to verify `alg` signatures. Null when the key cannot: another key type or curve, an `alg`
 * of its own that differs, a use other than `sig`, or private material (a JWKS must never carry any).
 */
export async function importVerifyKey(jwk: PublicJwk, alg: JwtAlgorithm): Promise<CryptoKey | null> {
  const p = PARAMS[alg];
  if (jwk.kty !== p.kty || (p.crv && jwk.crv !== p.crv) || (jwk.alg !== undefined && jwk.alg !== alg)) return null;
  if ((jwk.use !== undefined && jwk.use !== 'sig') || jwk.d !== undefined) return null;
  const material: JsonWebKey = p.kty === 'EC' ? { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: 'RSA', n: jwk.n, e: jwk.e };
  try {
    return await crypto.subtle.importKey('jwk', material, p.import, false, ['verify']);
  } catch {
    return null;
  }
}

/** True when `decoded`'s signature is `key`'s, under `alg`. */
export async function verifySignature(decoded: DecodedJwt, key: CryptoKey, alg: JwtAlgorithm): Promise<boolean> {
  try {
    return await crypto.subtle.verify(PARAMS[alg].verify, key, decoded.signature as BufferSource, decoded.signingInput as BufferSource);
  } catch {
    return false;
  }
}
