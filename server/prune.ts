/**
 * Pruning on a schedule: a timer in the server process deletes telemetry past its retention and old
 * rate-limit windows, so tables an unauthenticated caller can grow (`events`, `rate_counters`) stay
 * bounded even when no request comes in to do it. The timer uses the app's injected clock for what is
 * old, and stops (waiting for a run in progress) before the database closes.
 */
import type { Services } from './http.ts';
import { pruneCounters } from './rate-limit.ts';

/** Telemetry rows older than this are deleted. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Default time between pruning runs. */
export const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** One pruning pass at the clock's now. */
export async function pruneOnce(svc: Services): Promise<void> {
  const now = svc.now();
  await svc.db.kysely
    .deleteFrom('events')
    .where('received_at', '<', now - EVENT_RETENTION_MS)
    .execute();
  await pruneCounters(svc.db, now);
  for (const m of svc.methods) await m.prune?.(svc, now);
}

/** A running pruning timer. */
export interface PruneTimer {
  /** Stops the timer and resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/** Runs {@link pruneOnce} every `everyMs` (unref'd: it never keeps the process alive); failures are logged. */
export function startPruning(svc: Services, everyMs: number): PruneTimer {
  let running: Promise<void> | null = null;
  const run = () => {
    // A slow run is not stacked on: the next tick finds it still going and skips.
    if (running) return;
    running = pruneOnce(svc)
      .catch((err: unknown) =>
        svc.log(JSON.stringify({ time: new Date().toISOString(), level: 'error', prune: err instanceof Error ? err.message : String(err) })),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
