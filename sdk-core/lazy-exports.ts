/**
 * The client entry's asynchronous helpers, whose code loads on their first call (issue 16: the
 * client's initial JS is its core). A failed load rejects with ApiUnreachableError 'network'
 * ('Unable to contact our servers.', as a lazily loaded method group does) and is tried again on
 * the next call.
 */
import type { AuthClient } from './client.ts';
import { lazily } from './method.ts';
import type { PKCEPair } from './pkce/pair.ts';
import type { PreloadableGroup } from './preload.ts';

const pkce = lazily(() => import('./pkce/pair.ts'));
const preload = lazily(() => import('./preload.ts'));

/** docs/reference/constants.md#client-sdk: verifier of 16 random 32-bit values hex-encoded; challenge SHA-256 base64url (RFC 7636 S256). */
export async function createPKCEPair(): Promise<PKCEPair> {
  return (await pkce()).createPKCEPair();
}

/**
 * Loads the code of the named method groups now, ahead of their first call; a group already loaded
 * costs nothing. Rejects with ApiUnreachableError ('Unable to contact our servers.') when a group's
 * code cannot be fetched; that group tries again on its next call (or preload), so a warm-up may
 * ignore the rejection.
 * @throws UsageError (as a rejection) when `names` is not a list of the client's group names
 * @example preloadMethods(client, ['otps', 'passwords']).catch(() => {}); // warm-up only
 */
export async function preloadMethods(client: AuthClient, names: readonly PreloadableGroup[]): Promise<void> {
  return (await preload()).preloadMethods(client, names);
}
