import { parseStoredJson } from '../schemas/stored.ts';
import { StoredPKCEPair } from '../schemas/stored-pkce.ts';
import type { KeyValueStore } from '../storage.ts';
import { createPKCEPair, type PKCEPair } from './pair.ts';

// The pair itself is in ./pair.ts (the client entry exports createPKCEPair; the store below loads
// with the methods that use it, issue 16).
export { base64url, createPKCEPair, type PKCEPair } from './pair.ts';

/** Flows that keep their own verifier, so a password reset and a magic link can be in flight at once. */
export type PKCEFlow = 'magic_links' | 'passwords' | 'oauth' | 'sso';

/** Keeps one PKCE pair per flow in local storage under a per-token key (docs/reference/constants.md#client-sdk). */
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
