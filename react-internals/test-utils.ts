/** Helpers for the widget browser tests (imported by *.test.ts(x) only). */
import type { WidgetClock } from './clock.ts';

/** A clock that only moves when a test calls advance(). */
export class FakeClock implements WidgetClock {
  #now: number;
  #nextId = 1;
  #timers = new Map<number, { at: number; fn: () => void }>();
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#nextId++;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
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

/** Sets a React-controlled input's value the way typing would (React ignores plain .value writes). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Resolves when `predicate` returns something truthy (polling every 10 ms); fails after `ms`. */
export async function waitFor<T>(predicate: () => T | null | undefined | false, what = 'condition', ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = predicate();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
