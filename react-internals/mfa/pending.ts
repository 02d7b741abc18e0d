/** The widget's record of each client's pending second step (shared by the entry and the screens, no cycle). */
import type { AuthClient, MfaRequired } from '../../sdk-core/index.ts';

/**
 * The pending second step of each client as its screens read it (synchronously, while they render): the
 * last `client.mfa.onRequired` answer, null when none waits (after a reload the screens offer to start
 * again). The client's own reads are asynchronous: `client.mfa` loads on first use.
 */
export const pendingSteps = new WeakMap<AuthClient, MfaRequired | null>();

/** The pending second step of `client`, or null. */
export const pendingStep = (client: AuthClient): MfaRequired | null => pendingSteps.get(client) ?? null;
