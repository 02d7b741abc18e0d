/**
 * The client calls of issue 30's server part not yet on this branch (h-profile-server adds them to sdk-core):
 * typed here so the sections compile; each shim goes once that branch is merged.
 */
import type { AuthClient } from '../../sdk-core/index.ts';

interface PendingOAuth {
  attach(provider: string): Promise<string>;
}

/** `client.oauth`'s new call. */
export const oauthCalls = (c: AuthClient): PendingOAuth => c.oauth as unknown as PendingOAuth;
