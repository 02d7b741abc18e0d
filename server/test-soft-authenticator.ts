/**
 * Test support: a software WebAuthn authenticator on node:crypto (ES256 keys, "none" attestation, a
 * hand-written CBOR encoder). It produces the same RegistrationResponseJSON / AuthenticationResponseJSON
 * a browser would, so server tests exercise the real verification without a browser.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** RFC 8949 encoding of the few types WebAuthn structures use. */
export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const parts: Buffer[] = [head(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');

/** A credential the soft authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

/** Knobs to make a response wrong in one specific way. */
export interface Tamper {
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** Flags byte override (UP 0x01, UV 0x04, AT 0x40). */
  flags?: number;
  /** Counter to report instead of the next one. */
  counter?: number;
  /** Flip a byte of the signature. */
  badSignature?: boolean;
  /** Fields merged into clientDataJSON (signed over, as a browser would), e.g. `{ crossOrigin: true }`. */
  clientData?: Record<string, unknown>;
  /** Bytes appended to the attestationObject after its CBOR item (registration). */
  trailingBytes?: Uint8Array;
}

/** Options JSON as the server sends it (the fields used here). */
interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials?: { id: string }[];
}
interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/** A software authenticator: `create` and `get` return what the browser would send as JSON. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  private readonly aaguid = Buffer.alloc(16);

  /** Makes a credential for creation options (parsed JSON or the JSON string) at `origin`. */
  create(options: CreationOptionsJSON | string, origin: string, t: Tamper = {}) {
    const o: CreationOptionsJSON = typeof options === 'string' ? JSON.parse(options) : options;
    const rpId = t.rpId ?? o.rp.id ?? new URL(origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const counter = t.counter ?? 0;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(id.length);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([t.flags ?? 0x45]), count, this.aaguid, idLen, id, cose]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: t.challenge ?? o.challenge, origin: t.origin ?? origin, crossOrigin: false, ...t.clientData }),
    );
    const attestationObject = Buffer.concat([
      cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      ),
      t.trailingBytes ?? Buffer.alloc(0),
    ]);
    this.credentials.push({ id, rpId, userHandle: o.user.id, privateKey, counter });
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
    };
  }

  /** Signs an assertion for request options with the first matching credential (or `credential`). */
  get(options: RequestOptionsJSON | string, origin: string, t: Tamper = {}, credential?: SoftCredential) {
    const o: RequestOptionsJSON = typeof options === 'string' ? JSON.parse(options) : options;
    const rpId = o.rpId ?? new URL(origin).hostname;
    const allowed = o.allowCredentials?.map((c) => c.id) ?? [];
    const cred = credential ?? this.credentials.find((c) => c.rpId === rpId && (allowed.length === 0 || allowed.includes(b64u(c.id))));
    if (!cred) throw new Error('no credential for this RP');
    if (t.counter === undefined) cred.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(t.counter ?? cred.counter);
    const authData = Buffer.concat([sha256(t.rpId ?? rpId), Buffer.from([t.flags ?? 0x05]), count]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: t.challenge ?? o.challenge, origin: t.origin ?? origin, crossOrigin: false, ...t.clientData }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.privateKey);
    if (t.badSignature) signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 0xff;
    return {
      id: b64u(cred.id),
      rawId: b64u(cred.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: cred.userHandle },
    };
  }
}
