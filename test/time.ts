/**
 * Time for tests, one of each (issue 12): a fake clock that moves only when told, and a bounded
 * polling helper for what real I/O settles on its own time. Plain TypeScript with no imports, so
 * Node tests (sdk-core, server) and browser tests (widgets, elements) share them. Tests never
 * sleep to wait for something: they advance the clock, or poll with {@link eventually}.
 */

/**
 * A clock that moves only when a test calls {@link FakeClock.advance}. Structurally both the client's
 * `Clock` (sdk-core/client.ts) and the widgets' `WidgetClock` (react-internals/clock.ts).
 */
export class FakeClock {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();
  /** Every delay asked of setTimeout, in order (the refresh schedule is read from it). */
  readonly delays: number[] = [];

  /** @param start the epoch ms now() starts at; a fixed date so nothing depends on the real one */
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  /** Milliseconds since the epoch, as far as this clock has moved. */
  now(): number {
    return this.#now;
  }

  /** Schedules `fn` at now + ms (a negative delay runs at the next advance). */
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.delays.push(ms);
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), fn });
    return id;
  }

  /** Cancels a timer. */
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Timers still waiting. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time forward by `ms`, running due timers in order (including ones they schedule). */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.#timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.#timers.delete(next[0]);
      this.#now = next[1].at;
      next[1].fn();
    }
    this.#now = end;
  }
}

/**
 * Resolves to `predicate()`'s first truthy value, polling every `intervalMs` of real time (for
 * network round trips and rendering); rejects with "timed out waiting for <what>" after `timeoutMs`.
 * An async predicate is awaited on each poll.
 */
export async function eventually<T>(
  predicate: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  what = 'condition',
  timeoutMs = 8000,
  intervalMs = 10,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
