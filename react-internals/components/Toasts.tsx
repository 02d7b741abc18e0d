/** Toasts (SPEC §9): success 2000 ms, error 4000 ms, at most 20 at once, announced politely. */
import { MAX_TOASTS as SPEC_MAX_TOASTS, TOAST_DURATION_MS as SPEC_TOAST_MS } from '../../sdk-core/schemas/defaults.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WidgetClock } from '../clock.ts';
import type { ToastKind } from '../context.ts';

/** How long each kind stays (SPEC §9). */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: SPEC_TOAST_MS.success, error: SPEC_TOAST_MS.error };
/** Most toasts shown at once (SPEC §9); older ones are dropped first. */
export const MAX_TOASTS = SPEC_MAX_TOASTS;

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Toast list state plus the function that adds one; timers go through the injected clock. */
export function useToasts(clock: WidgetClock): { toasts: Toast[]; show: (kind: ToastKind, text: string) => void } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<unknown>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clock.clearTimeout(t);
      pending.clear();
    };
  }, [clock]);
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = ++nextId.current;
      setToasts((list) => [...list, { id, kind, text }].slice(-MAX_TOASTS));
      const handle = clock.setTimeout(() => {
        timers.current.delete(handle);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, TOAST_DURATION_MS[kind]);
      timers.current.add(handle);
    },
    [clock],
  );
  return { toasts, show };
}

/** The toast region; always rendered so screen readers register the live region before it fills. */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <div className="ae-toasts" role="status" aria-live="polite" part="toasts">
      {toasts.map((t) => (
        <div key={t.id} className="ae-toast" data-kind={t.kind} part={`toast toast-${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
