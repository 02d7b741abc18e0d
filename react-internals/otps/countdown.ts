/** The OTP expiry countdown (SPEC §2: 'Your code expires in m:ss.' then 'Your code has expired.'). */
import { useEffect, useState } from 'react';
import type { WidgetClock } from '../clock.ts';

/** `m:ss` for a number of whole seconds (negative counts as 0). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds left until `deadline` (epoch ms), rounded up so 0 means expired. */
export const secondsLeft = (deadline: number, now: number): number => Math.max(0, Math.ceil((deadline - now) / 1000));

/** Seconds left until `deadline`, re-rendering at each whole-second boundary until it reaches 0. */
export function useCountdown(deadline: number, clock: WidgetClock): number {
  const [left, setLeft] = useState(() => secondsLeft(deadline, clock.now()));
  useEffect(() => {
    let handle: unknown;
    const tick = () => {
      const now = clock.now();
      const s = secondsLeft(deadline, now);
      setLeft(s);
      if (s > 0) {
        // Wake at the next whole-second boundary of the deadline rather than every 1000 ms, so
        // the display never drifts from the real expiry.
        const untilNext = (deadline - now) % 1000 || 1000;
        handle = clock.setTimeout(tick, untilNext);
      }
    };
    tick();
    return () => clock.clearTimeout(handle);
  }, [deadline, clock]);
  return left;
}
