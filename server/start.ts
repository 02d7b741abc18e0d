/** `startServer`: the app on a real socket (used by main.ts, the demo and tests). */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './app.ts';
import { ApiError, type ErrorType } from './errors.ts';
import { errorBody } from './responses.ts';
import { startMetricsServer } from './ops/metrics.ts';
import type { Registry } from 'prom-client';

/**
 * Socket limits (docs/reference/security.md#host-and-transport "time-outs on headers, bodies and idle connections"): a client sending a
 * byte every half second must not hold a connection for ever, nor may a crowd of them exhaust the
 * process. All times in ms; 0 turns a time-out off (not recommended).
 */
export interface SocketLimits {
  /** Whole header block must arrive within this (Node `headersTimeout`). Default 10 s. */
  headersTimeoutMs: number;
  /** Whole request, headers and body, must arrive within this (Node `requestTimeout`). Default 15 s. */
  requestTimeoutMs: number;
  /** A socket with no traffic either way is closed after this (`server.timeout`). Default 30 s. */
  idleTimeoutMs: number;
  /** A kept-alive socket waits this long for its next request (Node `keepAliveTimeout`). Default 5 s. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; further ones are closed at once (`server.maxConnections`). Default 1024. */
  maxConnections: number;
  /**
   * How often Node checks the header and request time-outs (`connectionsCheckingInterval`): they are
   * enforced only at these checks, so a time-out can overrun by up to this much. Default 1 s (Node: 30 s).
   */
  connectionsCheckingIntervalMs: number;
}

/** Default {@link SocketLimits}: headers 10 s, whole request 15 s, idle 30 s, keep-alive 5 s, 1024 connections, checked every 1 s. */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  connectionsCheckingIntervalMs: 1_000,
};

/** Merges `partial` over the defaults and checks the values. @throws Error naming the bad setting */
export function socketLimits(partial: Partial<SocketLimits> = {}): SocketLimits {
  const l = { ...DEFAULT_SOCKET_LIMITS, ...partial };
  for (const [name, v] of Object.entries(l)) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`socket limit ${name} must be a non-negative integer, got ${v}`);
  }
  if (l.connectionsCheckingIntervalMs === 0) throw new Error('socket limit connectionsCheckingIntervalMs must be positive');
  // Node refuses this combination at createServer; say which settings clash, in our names.
  if (l.requestTimeoutMs > 0 && l.headersTimeoutMs > l.requestTimeoutMs) {
    throw new Error(`headersTimeoutMs (${l.headersTimeoutMs}) must not exceed requestTimeoutMs (${l.requestTimeoutMs})`);
  }
  return l;
}

/**
 * Answers a request Node itself gives up on (a time-out, a malformed request) with our JSON error body
 * instead of Node's bare status line, then drops the socket as Node would.
 */
function onClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const type: ErrorType | null =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : err.code === 'HPE_HEADER_OVERFLOW' ? null : 'invalid_request_body';
  // Only when nothing of an answer has gone out yet: anything else would corrupt the response stream.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent && err.code !== 'ECONNRESET') {
    if (type === null) socket.write('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    else {
      const apiErr = new ApiError(type, type === 'invalid_request_body' ? { message: 'The request is not valid HTTP.' } : {});
      const body = JSON.stringify(errorBody(apiErr, `request-id-${randomUUID()}`));
      socket.write(
        `HTTP/1.1 ${apiErr.status} ${STATUS_CODES[apiErr.status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
  }
  socket.destroy();
}

/** Options of {@link startServer}; anything else of {@link AppOptions} passes through. */
export interface StartServerOptions extends AppOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
  /** Socket time-outs and the connection cap; each field defaults as {@link DEFAULT_SOCKET_LIMITS}. */
  socketLimits?: Partial<SocketLimits>;
  /**
   * Graceful shutdown bound (SHUTDOWN_TIMEOUT_MS): on close, requests in flight get this long to finish
   * before their connections are cut. Default {@link DEFAULT_SHUTDOWN_TIMEOUT_MS}.
   */
  shutdownTimeoutMs?: number;
  /**
   * Time between the start of a shutdown and the end of accepting connections (SHUTDOWN_DELAY_MS, default 0):
   * `/readyz` answers 503 meanwhile, so a balancer polling it stops routing here before connections are refused.
   */
  shutdownDelayMs?: number;
  /** Serve Prometheus metrics on their own port (METRICS_PORT; 0 picks one), on `metricsHost` (default the server's host). */
  metricsPort?: number;
  metricsHost?: string;
}

/** Default graceful shutdown bound: 10 s (under Kubernetes' default 30 s grace period, above any normal request). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. http://localhost:8787 (localhost for loopback hosts: a valid WebAuthn RP ID). */
  url: string;
  port: number;
  publicToken: string;
  /** Port of the metrics-only server (metricsPort), when started. */
  metricsPort?: number;
  /** The app's metrics registry (a cluster worker hands it to the primary's aggregation, server/cluster.ts). */
  metricsRegistry: Registry;
  /**
   * Graceful shutdown: stops accepting connections (and /readyz answers 503), lets requests in flight
   * finish within the shutdown bound, then stops the timers, lets the outbox finish the send in progress
   * (its state is in the database: a pending job is retried by the next instance) and closes the database.
   */
  close(): Promise<void>;
}

/**
 * Starts the reference server and resolves once it listens.
 * @example const srv = await startServer({ port: 0, dataDir: tmp }); await fetch(`${srv.url}/dev/project.json`); await srv.close();
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const limits = socketLimits(opts.socketLimits);
  const instance = await createApp(opts);
  const shutdownTimeoutMs = opts.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  const host = opts.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve(
      {
        fetch: instance.app.fetch,
        port: opts.port ?? 8787,
        hostname: host,
        serverOptions: {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
        },
      },
      () => resolve(s),
    );
    // Idle sockets (no bytes either way) are destroyed by Node when no 'timeout' listener is set.
    s.setTimeout(limits.idleTimeoutMs);
    if (limits.maxConnections > 0) s.maxConnections = limits.maxConnections;
    s.on('clientError', onClientError);
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await instance.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '0.0.0.0' || host === '::' || host === '::1';
  const urlHost = loopback ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  if (opts.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(instance.metrics.registry, opts.metricsPort, opts.metricsHost ?? host).catch(async (err: unknown) => {
      server.close();
      await instance.close();
      throw err;
    });
  }
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    publicToken: instance.publicToken,
    metricsRegistry: instance.metrics.registry,
    ...(metricsServer ? { metricsPort: metricsServer.port } : {}),
    close() {
      closed ??= (async () => {
        instance.lifecycle.draining = true;
        if (opts.shutdownDelayMs) await new Promise((r) => setTimeout(r, opts.shutdownDelayMs));
        await drain(server, shutdownTimeoutMs);
        await metricsServer?.close();
        await instance.close();
      })();
      return closed;
    },
  };
}

/**
 * Stops accepting, then waits up to `boundMs` for requests in flight: idle keep-alive sockets are closed
 * at once and again as each in-flight request finishes (Node keeps a socket open after its response
 * otherwise); whatever is still open at the bound is cut.
 */
async function drain(server: ReturnType<typeof serve>, boundMs: number): Promise<void> {
  const s = server as import('node:http').Server;
  const done = new Promise<void>((resolve) => s.close(() => resolve()));
  s.closeIdleConnections();
  const sweep = setInterval(() => s.closeIdleConnections(), 25);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), boundMs);
  });
  try {
    if ((await Promise.race([done, bound])) === 'timeout') {
      s.closeAllConnections();
      await done;
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
