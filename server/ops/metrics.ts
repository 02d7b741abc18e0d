/**
 * Prometheus metrics (issue 18) with prom-client, one registry per app (tests run many apps in one
 * process; the library's global registry would mix them). Off by default: `/metrics` exists only with
 * METRICS=on (then it answers callers sending `Authorization: Bearer $METRICS_TOKEN`, and loopback callers
 * only when METRICS_LOOPBACK_OPEN=1 says no proxy runs on the host) or on its own port with METRICS_PORT (bind it to a private interface). Label values are bounded: route
 * *patterns* (never raw paths), status codes, method folder names, channels.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Services } from '../services.ts';
import type { Delivery } from '../messaging/delivery.ts';

/** The app's metric families and its registry. */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  signIns: Counter<'method' | 'outcome'>;
  sends: Counter<'channel' | 'outcome'>;
  rateLimited: Counter<'route'>;
  lockouts: Counter<'route'>;
}

/**
 * Creates the registry and its families. `collect` callbacks read the outbox depth and the database
 * pool at scrape time, so nothing polls between scrapes.
 */
export function createMetrics(svc: () => Services | undefined): Metrics {
  const registry = new Registry();
  const labelled = { registers: [registry] };
  const requests = new Counter({
    name: 'auth_http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    ...labelled,
  });
  const duration = new Histogram({
    name: 'auth_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ...labelled,
  });
  const signIns = new Counter({
    name: 'auth_sign_ins_total',
    help: "Calls to a sign-in method's authenticate route by method and outcome (success: 200; failure: any 4xx).",
    labelNames: ['method', 'outcome'] as const,
    ...labelled,
  });
  const sends = new Counter({
    name: 'auth_sends_total',
    help: 'Messages handed to the delivery (email, sms, whatsapp) by outcome.',
    labelNames: ['channel', 'outcome'] as const,
    ...labelled,
  });
  const rateLimited = new Counter({
    name: 'auth_rate_limited_total',
    help: 'Requests refused by a rate limit (error_type too_many_requests) by route pattern.',
    labelNames: ['route'] as const,
    ...labelled,
  });
  const lockouts = new Counter({
    name: 'auth_lockouts_total',
    help: 'Requests refused because the user or client is locked out (user_lock_limit_reached) by route pattern.',
    labelNames: ['route'] as const,
    ...labelled,
  });
  new Gauge({
    name: 'auth_outbox_jobs',
    help: 'Outbox jobs by status (pending: waiting or retrying; dead: given up, kept for inspection).',
    labelNames: ['status'] as const,
    // Every worker of a cluster (WORKERS) reads the same table: summing them would count each job N times.
    aggregator: 'max',
    ...labelled,
    async collect() {
      const s = svc();
      if (!s) return;
      const rows = await s.db.kysely
        .selectFrom('outbox_jobs')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      this.reset();
      this.set({ status: 'pending' }, 0);
      this.set({ status: 'dead' }, 0);
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'auth_db_pool_connections',
    help: 'Database connections by state (total, idle, waiting clients). SQLite: one connection, always total 1.',
    labelNames: ['state'] as const,
    ...labelled,
    collect() {
      const s = svc();
      if (!s) return;
      const p = s.db.pool?.();
      this.set({ state: 'total' }, p?.total ?? 1);
      this.set({ state: 'idle' }, p?.idle ?? 0);
      this.set({ state: 'waiting' }, p?.waiting ?? 0);
    },
  });
  return { registry, requests, duration, signIns, sends, rateLimited, lockouts };
}

/** Method folder of a sign-in route pattern (`/sdk/v1/otps/authenticate` -> `otps`), or null when it is no sign-in. */
export function signInMethodOf(route: string): string | null {
  const m = /^\/sdk\/v1\/([a-z_]+)\/(?:[a-z_/]+\/)?authenticate$/.exec(route);
  // sessions/authenticate checks an existing session: it signs no one in.
  if (!m || m[1] === 'sessions') return null;
  return m[1]!;
}

/** Records one finished request (called by the request middleware). */
export function observeRequest(m: Metrics, r: { method: string; route: string; status: number; seconds: number; errorType?: string | undefined }): void {
  const labels = { method: r.method, route: r.route, status: String(r.status) };
  m.requests.inc(labels);
  m.duration.observe(labels, r.seconds);
  const method = signInMethodOf(r.route);
  if (method && r.method === 'POST') {
    if (r.status === 200) m.signIns.inc({ method, outcome: 'success' });
    else if (r.status >= 400 && r.status < 500) m.signIns.inc({ method, outcome: 'failure' });
  }
  if (r.errorType === 'too_many_requests') m.rateLimited.inc({ route: r.route });
  if (r.errorType === 'user_lock_limit_reached') m.lockouts.inc({ route: r.route });
}

/** `delivery` counting each send by channel and outcome. */
export function countingDelivery(delivery: Delivery, m: Metrics): Delivery {
  return {
    async send(message) {
      try {
        await delivery.send(message);
        m.sends.inc({ channel: message.channel, outcome: 'sent' });
      } catch (err) {
        m.sends.inc({ channel: message.channel, outcome: 'failed' });
        throw err;
      }
    },
  };
}

/** A metrics-only HTTP server (METRICS_PORT): `GET /metrics`, nothing else. */
export async function startMetricsServer(
  registry: { metrics(): Promise<string>; contentType: string },
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
