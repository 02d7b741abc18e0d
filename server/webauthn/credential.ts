/**
 * Parsing of a WebAuthn `public_key_credential` before @simplewebauthn/server verifies it, with the
 * checks of WebAuthn Level 3 (sections 7.1 and 7.2) that library leaves to us:
 * - the attestationObject is exactly one CBOR item (7.1 step 12 decodes it; bytes after the item mean
 *   the authenticator output was tampered with or spliced, so the credential is refused);
 * - `clientDataJSON.crossOrigin` must be absent or false and `topOrigin` absent (7.1 steps 9-10, 7.2
 *   steps 13-14: the relying party decides whether it accepts ceremonies in cross-origin iframes; this
 *   server never does, since no host embeds the widget in a cross-origin frame to make a passkey).
 */
import { decodePartialCBOR } from '@levischuck/tiny-cbor';
import { z } from 'zod/mini';
import { parseWith } from '../../sdk-core/schemas/index.ts';
import { ApiError } from '../errors.ts';
import { findNul, parseJsonText } from '../body.ts';

// Only the fields the verifier reads are required; their values are checked by the verifier itself.
const b64url = z.string().check(z.maxLength(16 * 1024), z.regex(/^[A-Za-z0-9_-]*={0,2}$/));
const CredentialShape = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.string()),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: z.optional(b64url),
    authenticatorData: z.optional(b64url),
    signature: z.optional(b64url),
    userHandle: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
    transports: z.optional(z.array(z.string().check(z.maxLength(32)))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64url),
  }),
});
const ClientData = z.object({
  type: z.string(),
  challenge: z.string().check(z.maxLength(256)),
  origin: z.string().check(z.maxLength(2048)),
  crossOrigin: z.optional(z.unknown()),
  topOrigin: z.optional(z.unknown()),
});

/** A credential as parsed: its JSON (shape-checked) and its decoded client data. */
export interface ParsedCredential {
  json: z.infer<typeof CredentialShape>;
  clientData: z.infer<typeof ClientData>;
}

const bad = (why: string) => new ApiError('invalid_public_key_credential', { details: { reason: why } });

/** JSON text of a credential part; any parse failure (depth cap included) is a malformed credential. */
function json(text: string, what: string): unknown {
  try {
    return parseJsonText(text);
  } catch (err) {
    throw bad(`${what} is not JSON${err instanceof ApiError && err.errorType === 'json_too_deep' ? ' (nested too deeply)' : ''}`);
  }
}

/**
 * Decodes an attestationObject strictly: one well-formed CBOR item and not a byte more.
 * @throws ApiError invalid_public_key_credential
 */
export function assertSingleCborItem(bytes: Uint8Array, what: string): void {
  let length: number;
  try {
    [, length] = decodePartialCBOR(bytes, 0);
  } catch {
    // Malformed CBOR, or nesting deep enough to exhaust the decoder's stack: refused either way.
    throw bad(`${what} is not well-formed CBOR`);
  }
  if (length !== bytes.length) throw bad(`${what} has ${bytes.length - length} trailing bytes after its CBOR item`);
}

/**
 * Parses the `public_key_credential` JSON string and its clientDataJSON, and applies the Level 3
 * checks above (registration also gets the strict attestationObject decode).
 * @throws ApiError invalid_public_key_credential for anything that is not a well-formed, same-origin credential.
 */
export function parseCredential(raw: string, ceremony: 'register' | 'authenticate'): ParsedCredential {
  const value = json(raw, 'public_key_credential');
  if (findNul(value) !== null) throw bad('public_key_credential contains the NUL character');
  const parsed = parseWith(CredentialShape, value);
  if (!parsed.ok) throw bad(`public_key_credential${parsed.errors[0]?.dataPath ?? ''}: ${parsed.errors[0]?.message ?? 'invalid'}`);
  const cred = parsed.value;
  if (ceremony === 'register') {
    if (!cred.response.attestationObject) throw bad('response.attestationObject is missing');
    assertSingleCborItem(new Uint8Array(Buffer.from(cred.response.attestationObject, 'base64url')), 'response.attestationObject');
  }
  if (ceremony === 'authenticate' && (!cred.response.authenticatorData || !cred.response.signature)) {
    throw bad('response.authenticatorData or response.signature is missing');
  }
  const clientData = json(Buffer.from(cred.response.clientDataJSON, 'base64url').toString('utf8'), 'response.clientDataJSON');
  // The challenge is looked up in the database, where a NUL cannot go.
  if (findNul(clientData) !== null) throw bad('response.clientDataJSON contains the NUL character');
  const cd = parseWith(ClientData, clientData);
  if (!cd.ok) throw bad('response.clientDataJSON lacks type, challenge or origin');
  // Level 3: crossOrigin is a boolean when present; anything but false is refused, as is any topOrigin.
  if (cd.value.crossOrigin !== undefined && cd.value.crossOrigin !== false) throw bad('clientDataJSON.crossOrigin: cross-origin ceremonies are not accepted');
  if (cd.value.topOrigin !== undefined) throw bad('clientDataJSON.topOrigin: ceremonies in a cross-origin frame are not accepted');
  return { json: cred, clientData: cd.value };
}
