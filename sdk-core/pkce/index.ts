import { PKCE_VERIFIER_WORDS } from '../schemas/defaults.ts';
import { parseStoredJson, StoredPKCEPair } from '../schemas/stored.ts';
import type { KeyValueStore } from '../storage.ts';

/** A PKCE pair: the secret verifier kept locally, the challenge sent with the flow's first call. */
export interface PKCEPair {
  code_verifier: string;
  code_challenge: string;
}

/** Flows that keep their own verifier, so a password reset and a magic link can be in flight at once. */
export type PKCEFlow = 'magic_links' | 'passwords' | 'oauth' | 'sso';

const toHex = (n: number) => n.toString(16).padStart(8, '0');

/** Base64url without padding (RFC 4648 §5), as RFC 7636 wants for S256 challenges. */
export function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SPEC §9: verifier of 16 random 32-bit values hex-encoded; challenge SHA-256 base64url (RFC 7636 S256). */
export async function createPKCEPair(): Promise<PKCEPair> {
  const values = globalThis.crypto.getRandomValues(new Uint32Array(PKCE_VERIFIER_WORDS));
  const code_verifier = Array.from(values, toHex).join('');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(code_verifier));
  return { code_verifier, code_challenge: base64url(new Uint8Array(digest)) };
}

/** Keeps one PKCE pair per flow in local storage under a per-token key (SPEC §9). */
export class PKCEStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly publicToken: string,
  ) {}

  private key(flow: PKCEFlow): string {
    return `auth_elements_pkce::${this.publicToken}::${flow}`;
  }

  /** Starts a flow: makes and stores a fresh pair, returns it. */
  async start(flow: PKCEFlow): Promise<PKCEPair> {
    const pair = await createPKCEPair();
    try {
      this.store.setItem(this.key(flow), JSON.stringify(pair));
    } catch {
      // without storage the flow can still finish in this page, not after a redirect
    }
    return pair;
  }

  /** The stored pair of a flow, if any; a stored value that is not a well-formed pair counts as none. */
  get(flow: PKCEFlow): PKCEPair | null {
    let raw: string | null = null;
    try {
      raw = this.store.getItem(this.key(flow));
    } catch {
      // unreadable storage: no pair
    }
    return parseStoredJson(StoredPKCEPair, raw, `PKCE pair (${flow})`);
  }

  /** True when this browser holds a pair for `flow`, i.e. the flow was started here. */
  has(flow: PKCEFlow): boolean {
    return this.get(flow) !== null;
  }

  /** Forgets a flow's pair after a successful authenticate. */
  clear(flow: PKCEFlow): void {
    try {
      this.store.removeItem(this.key(flow));
    } catch {
      // nothing stored to clear
    }
  }
}
