/**
 * The event bridge (docs/reference/house-style.md#layers): every widget event and error goes to the host's callbacks and is
 * dispatched on the element as a bubbling, composed CustomEvent, so hosts can listen either way.
 */
import type { AuthCallbacks, AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';

/** DOM event name carrying an AuthEvent as `detail`. */
export const AUTH_EVENT = 'auth-event';
/** DOM event name carrying an AuthErrorDetail as `detail`. */
export const AUTH_ERROR = 'auth-error';

// A throwing host callback must not break the widget's flow; rethrow it asynchronously so it still
// shows up in the console and in window.onerror.
function safely(fn: () => void): void {
  try {
    fn();
  } catch (e) {
    queueMicrotask(() => {
      throw e;
    });
  }
}

/** Delivers `event` to `callbacks.onEvent` and as an `auth-event` on `host`. */
export function forwardEvent(host: HTMLElement, callbacks: AuthCallbacks | undefined, event: AuthEvent): void {
  host.dispatchEvent(new CustomEvent<AuthEvent>(AUTH_EVENT, { detail: event, bubbles: true, composed: true }));
  if (callbacks?.onEvent) safely(() => callbacks.onEvent?.(event));
}

/** Delivers `error` to `callbacks.onError` and as an `auth-error` on `host`. */
export function forwardError(host: HTMLElement, callbacks: AuthCallbacks | undefined, error: AuthErrorDetail): void {
  host.dispatchEvent(new CustomEvent<AuthErrorDetail>(AUTH_ERROR, { detail: error, bubbles: true, composed: true }));
  if (callbacks?.onError) safely(() => callbacks.onError?.(error));
}
