/** PKCE pairs (RFC 7636, docs/reference/constants.md#client-sdk). */
import { PKCE_VERIFIER_WORDS } from '../schemas/defaults.ts';

/** A PKCE pair: the secret verifier kept locally, the challenge sent with the flow's first call. */
export interface PKCEPair {
  code_verifier: string;
  code_challenge: string;
}

const toHex = (n: number) => n.toString(16).padStart(8, '0');

/** Base64url without padding (RFC 4648 §5), as RFC 7636 wants for S256 challenges. */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** docs/reference/constants.md#client-sdk: verifier of 16 random 32-bit values hex-encoded; challenge SHA-256 base64url (RFC 7636 S256). */
export async function createPKCEPair(): Promise<PKCEPair> {
  const values = globalThis.crypto.getRandomValues(new Uint32Array(PKCE_VERIFIER_WORDS));
  const code_verifier = Array.from(values, toHex).join('');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(code_verifier));
  return { code_verifier, code_challenge: base64url(new Uint8Array(digest)) };
}
