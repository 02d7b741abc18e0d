/** PKCE fields (RFC 7636) of the send and authenticate bodies. */
import './zod-config.ts';
import { z } from 'zod/mini';

/** RFC 7636 S256 challenge: base64url of a SHA-256 digest, always 43 characters ('plain' is not accepted). */
export const codeChallenge = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/));

/** A PKCE verifier as sent; its match with the stored challenge is checked by the server (-> pkce_mismatch). */
export const codeVerifier = z.string().check(z.maxLength(256));
