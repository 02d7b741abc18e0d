/** The OTP expiry countdown (docs/reference/methods/otps.md#screens: 'Your code expires in m:ss.' then 'Your code has expired.'). */
import { useEffect, useState } from 'react';
import type { WidgetClock } from '../clock.ts';
import { formatCountdown as formatIn } from '../i18n/format.ts';

/** `m:ss` for a number of whole seconds (negative counts as 0), in `locale`'s digits. */
export function formatCountdown(totalSeconds: number, locale = 'en'): string {
  return formatIn(locale, totalSeconds);
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
