/** The one synchronous member of `client.mfa` (eager in ../methods.ts): a few bytes of the client's core. */
import type { MethodContext } from '../method.ts';
import type { MfaRequired } from '../schemas/second-step.ts';

/** `client.mfa.onRequired`: subscribes once the second-step holder is in (eager: ../methods.ts). */
export function onRequired(ctx: MethodContext, callback: (required: MfaRequired | null) => void): () => void {
  let live = true;
  let stop: (() => void) | undefined;
  ctx.secondStep().then(
    (s) => {
      if (live) stop = s.subscribe(callback);
    },
    () => undefined,
  );
  return () => {
    live = false;
    stop?.();
  };
}
