/** `startServer`: the app on a real socket (used by main.ts, the demo and tests). */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './app.ts';

/** Options of {@link startServer}; anything else of {@link AppOptions} passes through. */
export interface StartServerOptions extends AppOptions {
  /** 0 picks a free port. Default 8787. */
  port?: number;
  /** Listen address. Default 127.0.0.1. */
  host?: string;
}

/** A running server. */
export interface RunningServer {
  /** Base URL, e.g. http://localhost:8787 (localhost for loopback hosts: a valid WebAuthn RP ID). */
  url: string;
  port: number;
  publicToken: string;
  close(): Promise<void>;
}

/**
 * Starts the reference server and resolves once it listens.
 * @example const srv = await startServer({ port: 0, dataDir: tmp }); await fetch(`${srv.url}/dev/project.json`); await srv.close();
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const instance = await createApp(opts);
  const host = opts.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: instance.app.fetch, port: opts.port ?? 8787, hostname: host }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (err: unknown) => {
    await instance.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '0.0.0.0' || host === '::' || host === '::1';
  const urlHost = loopback ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    publicToken: instance.publicToken,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open; the server is going away, so drop them.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }).then(() => instance.close());
      return closed;
    },
  };
}
