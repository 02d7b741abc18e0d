/**
 * Toasts (docs/reference/constants.md#widget): success 2000 ms, error 4000 ms, at most 20 at once, announced politely. They sit
 * on the widget (not at the top of the page, away from it), and their timers pause while the pointer
 * is over them or focus is in them (issue 17 defect 3, WCAG 2.2.1): the reference durations count only
 * the time nobody is reading them.
 */
import { MAX_TOASTS as SPEC_MAX_TOASTS, TOAST_DURATION_MS as SPEC_TOAST_MS } from '../../sdk-core/schemas/defaults.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetClock } from '../clock.ts';
import type { ToastKind } from '../context.ts';

/** How long each kind stays (docs/reference/constants.md#widget). */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: SPEC_TOAST_MS.success, error: SPEC_TOAST_MS.error };
/** Most toasts shown at once (docs/reference/constants.md#widget); older ones are dropped first. */
export const MAX_TOASTS = SPEC_MAX_TOASTS;

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** A toast's running timer: when it fires, or (paused) how much of its time is left. */
interface ToastTimer {
  handle: unknown;
  endsAt: number;
  left: number;
}

/** What {@link useToasts} gives the shell. */
export interface ToastsApi {
  toasts: Toast[];
  show: (kind: ToastKind, text: string) => void;
  /** Holds (true) or releases (false) every toast's timer: hover and focus in the toast list. */
  hold: (on: boolean) => void;
  /** Removes one toast now (its dismiss button). */
  dismiss: (id: number) => void;
}

/** Toast list state plus the functions that add, hold and dismiss; timers go through the injected clock. */
export function useToasts(clock: WidgetClock): ToastsApi {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ToastTimer>());
  const held = useRef(false);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending.values()) clock.clearTimeout(t.handle);
      pending.clear();
    };
  }, [clock]);
  const dismiss = useCallback(
    (id: number) => {
      const t = timers.current.get(id);
      if (t) clock.clearTimeout(t.handle);
      timers.current.delete(id);
      setToasts((list) => list.filter((x) => x.id !== id));
    },
    [clock],
  );
  const arm = useCallback(
    (id: number, ms: number) => {
      const timer: ToastTimer = { handle: undefined, endsAt: clock.now() + ms, left: ms };
      if (!held.current) timer.handle = clock.setTimeout(() => dismiss(id), ms);
      timers.current.set(id, timer);
    },
    [clock, dismiss],
  );
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = ++nextId.current;
      setToasts((list) => {
        const next = [...list, { id, kind, text }];
        // Dropped from the front (docs/reference/constants.md#widget at most 20): their timers go with them.
        for (const old of next.slice(0, -MAX_TOASTS)) {
          const t = timers.current.get(old.id);
          if (t) clock.clearTimeout(t.handle);
          timers.current.delete(old.id);
        }
        return next.slice(-MAX_TOASTS);
      });
      arm(id, TOAST_DURATION_MS[kind]);
    },
    [clock, arm],
  );
  const hold = useCallback(
    (on: boolean) => {
      if (held.current === on) return;
      held.current = on;
      const now = clock.now();
      for (const [id, t] of timers.current) {
        if (on) {
          clock.clearTimeout(t.handle);
          t.handle = undefined;
          t.left = Math.max(0, t.endsAt - now);
        } else {
          t.endsAt = now + t.left;
          t.handle = clock.setTimeout(() => dismiss(id), t.left);
        }
      }
    },
    [clock, dismiss],
  );
  return { toasts, show, hold, dismiss };
}

/** Props of {@link ToastList}. */
export interface ToastListProps {
  toasts: readonly Toast[];
  /** Pauses (true) and resumes (false) the timers; omitted, toasts never pause. */
  onHold?: (on: boolean) => void;
  /** Dismisses one toast; omitted, toasts have no dismiss button. */
  onDismiss?: (id: number) => void;
  /** The dismiss button's accessible name. */
  dismissLabel?: string;
}

/** The toast region; always rendered so screen readers register the live region before it fills. */
export function ToastList({ toasts, onHold, onDismiss, dismissLabel = 'Dismiss' }: ToastListProps) {
  const hover = useRef(false);
  const focus = useRef(false);
  const update = () => onHold?.(hover.current || focus.current);
  return (
    <div
      className="ae-toasts"
      role="status"
      aria-live="polite"
      part="toasts"
      onMouseEnter={() => {
        hover.current = true;
        update();
      }}
      onMouseLeave={() => {
        hover.current = false;
        update();
      }}
      onFocus={() => {
        focus.current = true;
        update();
      }}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        focus.current = false;
        update();
      }}
    >
      {toasts.map((t) => (
        <div key={t.id} className="ae-toast" data-kind={t.kind} part={`toast toast-${t.kind}`}>
          <span>{t.text}</span>
          {onDismiss && (
            <button type="button" className="ae-toast-close" part="toast-dismiss" aria-label={dismissLabel} onClick={() => onDismiss(t.id)}>
              {/* The mark is CSS generated content, so the toast's text stays exactly its message. */}
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
