/**
 * The stored PKCE pair's shape, beside the other stored shapes (./stored.ts) but in a module of its
 * own: only the methods that keep a verifier read it, and they load on first use (issue 16).
 */
import { type Check, fields, str } from './stored.ts';

/** A PKCE pair kept between a send and its redemption (docs/reference/constants.md#client-sdk; RFC 7636 4.1 verifier, S256 challenge). */
export const StoredPKCEPair: Check<{ code_verifier: string; code_challenge: string }> = fields({
  code_verifier: str(43, 128, /^[A-Za-z0-9._~-]+$/),
  code_challenge: str(43, 43, /^[A-Za-z0-9_-]+$/),
});
