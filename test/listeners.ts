/** Counts an event target's live listeners of one event type, for leak tests (browser and Node). */

/**
 * Wraps `target`'s addEventListener and removeEventListener until `restore()`; `live()` is how many
 * listeners of `type` added since are still registered (added and not removed).
 */
export function watchListeners(target: EventTarget, type: string): { live: () => number; restore: () => void } {
  const live = new Set<EventListenerOrEventListenerObject>();
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  target.addEventListener = function (
    this: EventTarget,
    t: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (t === type && listener) live.add(listener);
    add.call(this, t, listener, options);
  };
  target.removeEventListener = function (
    this: EventTarget,
    t: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | EventListenerOptions,
  ) {
    if (t === type && listener) live.delete(listener);
    remove.call(this, t, listener, options);
  };
  return {
    live: () => live.size,
    restore: () => {
      target.addEventListener = add;
      target.removeEventListener = remove;
    },
  };
}
