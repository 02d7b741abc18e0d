/**
 * `WORKERS=N` (issue 16): N server processes on one port with node:cluster, for multi-core machines.
 * The primary migrates the database once, forks the workers (each a whole server: server/main.ts), prints
 * where they listen, sums their metrics on METRICS_PORT, replaces a worker that crashes, and on SIGTERM or
 * SIGINT has every worker drain (start.ts close: in-flight requests finish, the outbox settles) before
 * it exits. Everything the workers share lives in the database (sessions, revokes, rate limits and
 * lockouts, the outbox's claims, the dev inbox, signing keys and the JWKS); what each keeps in memory is
 * a cache that never decides alone (server/README.md "Several processes").
 */
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { logLine } from './ops/log.ts';
import { startMetricsServer } from './ops/metrics.ts';

/** Most workers WORKERS may ask for. */
export const MAX_WORKERS = 64;

/** A worker that crashes after it was serving, or is killed by a signal while starting, is replaced; more than this many replacements within {@link RESTART_WINDOW_MS} stop the server instead. */
export const MAX_RESTARTS = 5;
/** The window of {@link MAX_RESTARTS}. */
export const RESTART_WINDOW_MS = 60_000;

/** Messages between the primary and its workers. */
type WorkerMessage = { type: 'ready'; url: string; publicToken: string } | { type: 'metrics'; id: number; metrics: MetricsJson };
type PrimaryMessage = { type: 'shutdown' } | { type: 'metrics'; id: number };
type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** How long a scrape of METRICS_PORT waits for every ready worker's counters before it fails (a partial sum would mislead). */
export const CLUSTER_METRICS_TIMEOUT_MS = 5_000;

/** Options of {@link runPrimary}. */
export interface PrimaryOptions {
  workers: number;
  /** The workers' graceful-shutdown bound: a worker still running this long (plus slack) after the shutdown is killed. */
  shutdownTimeoutMs: number;
  shutdownDelayMs?: number;
  /** One-time start-up work before any worker starts (the migrations). */
  prepare(): Promise<void>;
  /** Serve the workers' summed metrics here (METRICS_PORT); the workers then serve none of their own. */
  metrics?: { port: number; host: string };
  log?: (line: string) => void;
}

/** True in a process forked by {@link runPrimary}. */
export const isClusterWorker = (): boolean => cluster.isWorker;

/**
 * Runs the cluster primary: resolves never; the process exits 0 once every worker has drained after a
 * signal, 1 when a worker fails to start, crashes too often, or a second signal asks to stop at once.
 */
export async function runPrimary(o: PrimaryOptions): Promise<void> {
  const log = o.log ?? ((line: string) => console.error(line));
  await o.prepare();
  const ready = new Set<Worker>();
  const restarts: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let announced = false;
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  // Scrapes waiting for workers' counters, by request id.
  const scrapes = new Map<number, { waiting: Set<Worker>; parts: MetricsJson[]; done: (err?: Error) => void }>();
  let scrapeId = 0;
  /**
   * The workers' counters summed (prom-client's aggregation: sums, or the family's own aggregator).
   * Asked of the ready workers only: one still starting has no listener yet, and a message sent to it
   * would be lost (prom-client's own clusterMetrics asks every connected worker, and times out then).
   */
  const clusterMetrics = (): Promise<string> => {
    const id = ++scrapeId;
    const waiting = new Set([...ready].filter((w) => w.isConnected()));
    const parts: MetricsJson[] = [];
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error('a worker did not answer the metrics request')), CLUSTER_METRICS_TIMEOUT_MS);
      const finish = (err?: Error) => {
        clearTimeout(timer);
        scrapes.delete(id);
        if (err) reject(err);
        else AggregatorRegistry.aggregate(parts).metrics().then(resolve, reject);
      };
      scrapes.set(id, { waiting, parts, done: finish });
      if (waiting.size === 0) finish();
      for (const w of waiting) w.send({ type: 'metrics', id } satisfies PrimaryMessage);
    });
  };
  const answered = (w: Worker, id: number, metrics?: MetricsJson) => {
    const scrape = scrapes.get(id);
    if (!scrape?.waiting.delete(w)) return;
    if (metrics) scrape.parts.push(metrics);
    if (scrape.waiting.size === 0) scrape.done();
  };

  const fork = () => {
    const w = cluster.fork();
    w.on('message', (m: WorkerMessage) => {
      if (m?.type === 'metrics') {
        answered(w, m.id, m.metrics);
        return;
      }
      if (m?.type !== 'ready') return;
      ready.add(w);
      // Asked to stop while this worker started: a message sent before it listened would be lost, so now.
      if (stopping) {
        w.send({ type: 'shutdown' } satisfies PrimaryMessage);
        return;
      }
      if (!announced && ready.size === o.workers) {
        announced = true;
        console.log(`Auth Elements reference server listening on ${m.url} (${o.workers} worker processes)`);
        if (metricsServer) console.log(`Metrics on port ${metricsServer.port} (/metrics, summed over the workers)`);
        console.log(`Public token: ${m.publicToken}`);
      }
    });
    return w;
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = Math.max(exitCode, code);
    log(logLine('info', { msg: 'shutting down the workers', workers: Object.keys(cluster.workers ?? {}).length }));
    // Workers still starting get theirs when they report ready (above).
    for (const w of ready) if (w.isConnected()) w.send({ type: 'shutdown' } satisfies PrimaryMessage);
    // A worker that outlives its own bound (plus its shutdown delay and slack) is killed.
    setTimeout(
      () => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      },
      o.shutdownTimeoutMs + (o.shutdownDelayMs ?? 0) + 5_000,
    ).unref();
  };

  cluster.on('exit', (w, code, signal) => {
    const wasReady = ready.delete(w);
    // A scrape waiting for this worker sums the others (its counters left with it).
    for (const [id] of scrapes) answered(w, id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        void metricsServer?.close().finally(() => {
          log(logLine('info', { msg: 'stopped' }));
          process.exit(exitCode);
        });
        if (!metricsServer) {
          log(logLine('info', { msg: 'stopped' }));
          process.exit(exitCode);
        }
      }
      return;
    }
    if (!wasReady && code !== null) {
      // A worker that exited by itself before it served (a port in use, a database it cannot open): the
      // others would fail alike. One killed by a signal is replaced as a crash is (bounded below).
      log(logLine('error', { msg: 'a worker failed to start: stopping', pid: w.process.pid, code, signal }));
      stopAll(1);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      log(logLine('error', { msg: 'workers keep crashing: stopping', restarts: restarts.length, window_ms: RESTART_WINDOW_MS }));
      stopAll(1);
      return;
    }
    restarts.push(now);
    log(logLine('warn', { msg: 'a worker exited: starting another', pid: w.process.pid, code, signal }));
    fork();
  });

  let signals = 0;
  const onSignal = (signal: string) => {
    signals += 1;
    if (signals > 1) {
      // A second signal while draining: the operator wants out now.
      log(logLine('warn', { msg: 'second signal: exiting without waiting', signal }));
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }
    log(logLine('info', { msg: 'shutting down', signal }));
    stopAll(0);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  if (o.metrics) {
    metricsServer = await startMetricsServer(
      { metrics: clusterMetrics, contentType: AggregatorRegistry.PROMETHEUS_CONTENT_TYPE },
      o.metrics.port,
      o.metrics.host,
    );
  }
  for (let i = 0; i < o.workers; i++) fork();
}

/**
 * In a worker, called before the server starts: listens at once for the primary's shutdown request (and
 * for the primary going away), so one that arrives while this worker is still starting is not lost.
 * Returns the call to make once the server listens: it reports `ready` to the primary, answers its
 * metrics requests from `registry` (the primary asks only ready workers), and from then on a shutdown request runs `stop` (start.ts's
 * graceful close); one that came earlier runs it at once. A signal sent to the whole process group
 * (Ctrl-C) reaches the worker too: main.ts's own handlers treat it as the same stop.
 */
export function joinCluster(): (o: { url: string; publicToken: string; registry: Registry; stop: () => void }) => void {
  let stop: (() => void) | undefined;
  let asked = false;
  const ask = () => {
    asked = true;
    stop?.();
  };
  let registry: Registry | undefined;
  process.on('message', (m: PrimaryMessage) => {
    if (m?.type === 'shutdown') ask();
    else if (m?.type === 'metrics' && registry) {
      const id = m.id;
      registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: 'metrics', id, metrics } satisfies WorkerMessage),
        // Counted as nothing rather than left waiting: the scrape still ends within its bound.
        () => process.send?.({ type: 'metrics', id, metrics: [] } satisfies WorkerMessage),
      );
    }
  });
  // The primary died: no one is left to coordinate; drain and exit.
  process.on('disconnect', ask);
  return (o) => {
    registry = o.registry;
    stop = o.stop;
    process.send?.({ type: 'ready', url: o.url, publicToken: o.publicToken } satisfies WorkerMessage);
    if (asked) o.stop();
  };
}
