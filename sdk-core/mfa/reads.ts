/**
 * The synchronous members of `client.mfa` (issue 29): eager in the registry (../methods.ts), so they
 * answer before the group's code is there; a few bytes of the client's initial JS.
 */
import type { MethodContext } from '../method.ts';
import type { MFA } from './index.ts';

/** `factors`, `onRequired` and `intermediateToken` over the client's second-step holder. */
export function mfaReads(ctx: MethodContext): Pick<MFA, 'factors' | 'onRequired' | 'intermediateToken'> {
  const step = ctx.secondStep;
  return {
    // Nothing is pending before a sign-in call loaded the holder.
    factors: () => step.now()?.pending() ?? null,
    onRequired(callback) {
      let stop: (() => void) | null = null;
      let live = true;
      // A sign-in call loads the holder before its request, so a subscriber is in before any answer.
      step.load().then(
        (s) => {
          if (live) stop = s.subscribe(callback);
        },
        () => undefined,
      );
      return () => {
        live = false;
        stop?.();
      };
    },
    intermediateToken: () => ctx.sessions.getIntermediateToken(),
  };
}
