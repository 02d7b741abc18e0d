/**
 * Warming the client's lazily loaded method groups (issue 16): a widget that knows its products
 * loads their groups' code while the user types, so the first call does not wait for it.
 */
import type { AuthClient } from './client.ts';
import { UsageError } from './errors.ts';
import { loaders } from './method.ts';
import { type MethodName, SDK_METHODS } from './methods.ts';

/** A group {@link preloadMethods} can load: a registered method, or `user` or `session` (core groups whose less used calls load on first use). */
export type PreloadableGroup = MethodName | 'user' | 'session';

/**
 * Loads the code of the named method groups now, ahead of their first call; a group already loaded
 * costs nothing. Rejects with ApiUnreachableError ('Unable to contact our servers.') when a group's
 * code cannot be fetched; that group tries again on its next call (or preload), so a warm-up may
 * ignore the rejection.
 * @throws UsageError (as a rejection) when `names` is not a list of the client's group names
 * @example preloadMethods(client, ['otps', 'passwords']).catch(() => {}); // warm-up only
 */
export async function preloadMethods(client: AuthClient, names: readonly PreloadableGroup[]): Promise<void> {
  const known: readonly string[] = [...SDK_METHODS.map((m) => m.name), 'user', 'session'];
  const bad = Array.isArray(names) ? names.find((n) => !known.includes(n)) : names;
  if (!Array.isArray(names) || bad !== undefined) {
    throw new UsageError(
      'preloadMethods',
      'names',
      `must be a list of the client's method groups (${known.join(', ')}); got ${JSON.stringify(bad) ?? String(bad)}.`,
    );
  }
  // A lazy group's loader runs once; a group with none (already a plain object) resolves at once.
  await Promise.all(names.map((n: PreloadableGroup) => loaders.get(client[n] as object)?.()));
}
