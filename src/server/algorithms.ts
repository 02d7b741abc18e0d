/** The JWT signature algorithms of `auth-elements/server`: a module of its own so the entry's declarations name no Web Crypto type. */

/** Signature algorithms the verifier knows; the reference server signs ES256 (docs/reference/wire-protocol.md#session-jwt). */
export type JwtAlgorithm = 'ES256' | 'ES384' | 'RS256';

/** The algorithms the verifier implements (all asymmetric: `none` and HMAC can never verify). */
export const KNOWN_ALGORITHMS: readonly JwtAlgorithm[] = ['ES256', 'ES384', 'RS256'];
