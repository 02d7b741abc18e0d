/**
 * Test support for sdk-core's Node tests: a fault-injecting HTTP proxy that sits in front of the
 * real reference server (server down, 5xx, a chosen error_type, held answers, and a server that
 * accepts and never answers), dev-inbox sign-in, and a recording client. The fake clock and the
 * polling helper are the repository's one pair (test/time.ts), re-exported here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { RunningServer, StartServerOptions } from '../server/start.ts';
import { eventually } from '../test/time.ts';
import { type AuthClient, createClient } from './client.ts';
import { MemoryCookieJar, MemoryStore } from './storage.ts';

export { eventually, FakeClock } from '../test/time.ts';

/** How the proxy answers the next requests. */
export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'down' }
  | { kind: 'status'; status: number; error_type: string }
  /** Any answer, as a proxy or WAF in the way might give it (e.g. a 403 HTML page). */
  | { kind: 'raw'; status: number; contentType: string; body: string }
  | { kind: 'hold' }
  /** Accepts and never answers (until the client gives up); `paths` limits it to matching URLs, others pass. */
  | { kind: 'hang'; paths?: RegExp };

/** A real HTTP proxy to the reference server with switchable faults. */
export class FaultProxy {
  mode: FaultMode = { kind: 'pass' };
  /** Paths of every request seen, in order. */
  readonly seen: string[] = [];
  private server: Server | null = null;
  private held: (() => void)[] = [];
  /** Requests hanging right now (the client has not given up on them yet). */
  hanging = 0;
  /** Paths of the requests whose answer went back whole, so a test waits for an answer rather than a time. */
  readonly answered: string[] = [];

  constructor(private readonly target: string) {}

  /** Starts listening; resolves to the proxy's base URL. */
  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      this.seen.push(req.url ?? '');
      res.on('finish', () => this.answered.push(req.url ?? ''));
      const mode = this.mode;
      // A browser page on another origin can read the proxy's own answers too (CORS as the server
      // would send it), and its preflights reach the server, so faults show as the page sees them.
      const origin = req.headers.origin;
      const cors: Record<string, string> = origin ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' } : {};
      const preflight = req.method === 'OPTIONS' && (mode.kind === 'raw' || mode.kind === 'status');
      if (mode.kind === 'hang' && (!mode.paths || mode.paths.test(req.url ?? ''))) {
        this.hanging++;
        // The client's abort closes the socket; that is when the request stops hanging.
        res.on('close', () => this.hanging--);
        return;
      }
      if (mode.kind === 'down') {
        req.socket.destroy();
        return;
      }
      if (mode.kind === 'raw' && !preflight) {
        res.writeHead(mode.status, { 'content-type': mode.contentType, ...cors });
        res.end(mode.body);
        return;
      }
      if (mode.kind === 'status' && !preflight) {
        res.writeHead(mode.status, { 'content-type': 'application/json', ...cors });
        res.end(JSON.stringify({ status_code: mode.status, request_id: 'proxy', error_type: mode.error_type, error_message: mode.error_type, error_url: '' }));
        return;
      }
      const forward = () => {
        const upstream = request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      };
      if (mode.kind === 'hold') this.held.push(forward);
      else forward();
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Forwards every held request. */
  release(): void {
    for (const f of this.held.splice(0)) f();
  }

  /** Requests waiting in hold mode. */
  get holding(): number {
    return this.held.length;
  }

  /** Stops listening. */
  async stop(): Promise<void> {
    this.release();
    const s = this.server;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
}

/** The newest passcode the dev inbox holds for `email`. */
export async function devInboxCode(serverUrl: string, email: string): Promise<string> {
  return eventually(async () => {
    const r = await fetch(`${serverUrl}/dev/inbox.json`);
    const { messages } = (await r.json()) as { messages: { to: string; code: string | null }[] };
    return messages.find((m) => m.to === email)?.code;
  }, `a passcode for ${email}`);
}

/** Signs `client` in by email passcode, reading the code from the server's dev inbox. */
export async function signInByEmail(
  client: {
    otps: {
      email: { loginOrCreate(e: string): Promise<{ method_id: string }> };
      authenticate(c: string, m: string, o: { session_duration_minutes: number }): Promise<unknown>;
    };
  },
  serverUrl: string,
  email: string,
): Promise<void> {
  const { method_id } = await client.otps.email.loginOrCreate(email);
  await client.otps.authenticate(await devInboxCode(serverUrl, email), method_id, { session_duration_minutes: 60 });
}

/**
 * A client of the real server with in-memory cookies and storage and no background refresh, whose
 * calls are recorded by path without the /sdk/v1 prefix (the server is real; this only watches).
 * Added to `made`, for the test's after() to destroy. console.warn is muted while it is made:
 * several clients in one process warn about each other.
 */
export function recordingClient(
  server: { publicToken: string; url: string },
  made: AuthClient[],
): { client: AuthClient; storage: MemoryStore; cookies: MemoryCookieJar; paths: string[] } {
  const storage = new MemoryStore();
  const cookies = new MemoryCookieJar();
  const paths: string[] = [];
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    const client = createClient(server.publicToken, {
      apiBaseUrl: server.url,
      fetch: (u, i) => {
        paths.push(new URL(u).pathname.replace('/sdk/v1', ''));
        return fetch(u, i);
      },
      cookies,
      storage,
      disableSessionRefresh: true,
    });
    made.push(client);
    return { client, storage, cookies, paths };
  } finally {
    console.warn = warn;
  }
}

/**
 * The real reference server of a test file or suite: started in `before` (port 0, a temp SQLite
 * folder, `options` over the defaults) and, in `after`, `clients` destroyed, the server closed and the
 * folder removed. `server` answers once `before` has run; `dataDir` is known at once (a test may open
 * the same database). The server's code is loaded in `before`, so importing this file costs nothing.
 */
export function referenceServer(
  options: Omit<StartServerOptions, 'port' | 'dataDir'> = {},
  clients: AuthClient[] = [],
): { server: RunningServer; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-sdk-'));
  let running: RunningServer | undefined;
  before(async () => {
    const { startServer } = await import('../server/start.ts');
    running = await startServer({ port: 0, dataDir, ...options });
  });
  after(async () => {
    for (const c of clients.splice(0)) c.destroy();
    await running?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = (): RunningServer => {
    if (!running) throw new Error('referenceServer: the server starts in before(); read it inside a test or hook');
    return running;
  };
  const server = new Proxy({} as RunningServer, {
    get: (_, key) => {
      const r = started();
      const value = Reflect.get(r, key);
      return typeof value === 'function' ? value.bind(r) : value;
    },
  });
  return { server, dataDir };
}
