/** Time source of the widgets, injectable so tests freeze and advance time (docs/reference/house-style.md#tests). */
export interface WidgetClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Schedules `fn` after `ms`; returns a handle for clearTimeout. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a scheduled call. */
  clearTimeout(handle: unknown): void;
}

/** The real clock. */
export const realClock: WidgetClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
