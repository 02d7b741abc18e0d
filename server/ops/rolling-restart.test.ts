/**
 * The compose topology's behaviour (server/compose.yaml) without Docker: two server processes on one store
 * (Postgres with TEST_DATABASE_URL, else one SQLite file) behind a small proxy that does what the Caddyfile
 * says: round robin over upstreams whose /readyz answers 200, polled; a refused connection retried on the
 * other upstream; X-Forwarded-For replaced with the client's address (TRUST_PROXY=1 on the servers). One
 * instance is stopped with SIGTERM while traffic flows: no request fails, and the client IP the servers
 * record is the one the proxy set.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { freePort, serverCommand, testStore, type TestStore } from '../test-helpers.ts';

interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

async function startInstance(store: TestStore, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const e: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...env };
  if (store.databaseUrl) e.DATABASE_URL = store.databaseUrl;
  else {
    delete e.DATABASE_URL;
    e.DATA_DIR = store.dataDir;
  }
  const child = spawn(process.execPath, serverCommand(), { env: e, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, exited };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not ready');
}

/** The Caddyfile's behaviour in a few lines (see the module comment). */
async function startProxy(upstreams: string[], clientIp: string): Promise<{ url: string; served: Map<string, number>; close(): Promise<void> }> {
  const healthy = new Set(upstreams);
  const served = new Map<string, number>();
  const poll = setInterval(() => {
    for (const u of upstreams) {
      fetch(`${u}/readyz`, { signal: AbortSignal.timeout(500) }).then(
        (r) => (r.ok ? healthy.add(u) : healthy.delete(u)),
        () => healthy.delete(u),
      );
    }
  }, 100);
  let next = 0;
  const forward = (req: import('node:http').IncomingMessage, body: Buffer, res: import('node:http').ServerResponse, tries: number) => {
    const pool = upstreams.filter((u) => healthy.has(u));
    const target = pool[next++ % Math.max(pool.length, 1)] ?? upstreams[0]!;
    const u = new URL(target);
    const up = request(
      { host: u.hostname, port: u.port, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': clientIp, connection: 'close' } },
      (r) => {
        served.set(target, (served.get(target) ?? 0) + 1);
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => {
      // Refused (the instance stopped accepting): the other upstream, as lb_try_duration does.
      healthy.delete(target);
      if (tries < 5) setTimeout(() => forward(req, body, res, tries + 1), 20);
      else res.writeHead(502).end();
    });
    up.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 0));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((r) => {
        clearInterval(poll);
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('two instances behind a proxy (the compose topology)', () => {
  it('a rolling stop of one instance loses no request; the client IP is the one the proxy set', async () => {
    const store = await testStore();
    const a = await startInstance(store, { SHUTDOWN_DELAY_MS: '400' });
    const b = await startInstance(store, {});
    const proxy = await startProxy([a.url, b.url], '203.0.113.7');
    try {
      const { public_token: token } = (await (await fetch(`${proxy.url}/dev/project.json`)).json()) as { public_token: string };
      const post = async (path: string, body: unknown, secret = token) => {
        const r = await fetch(`${proxy.url}/sdk/v1${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}` },
          body: JSON.stringify(body),
        });
        return { status: r.status, json: (await r.json()) as { data: Record<string, unknown> } };
      };
      const email = `rolling-${Date.now()}@example.com`;
      const sent = await post('/otps/email/login_or_create', { email });
      const inbox = (await (await fetch(`${proxy.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
      const signedIn = await post('/otps/authenticate', { token: inbox.messages[0]!.code, method_id: sent.json.data.method_id, session_duration_minutes: 30 });
      assert.equal(signedIn.status, 200);
      const session = signedIn.json.data.session as { attributes: { ip_address: string } };
      assert.equal(session.attributes.ip_address, '203.0.113.7', 'TRUST_PROXY=1 reads the address the proxy set');
      const sessionToken = String(signedIn.json.data.session_token);

      // Traffic flows while instance A is stopped.
      const statuses: number[] = [];
      let stopAt = -1;
      for (let i = 0; i < 120; i++) {
        if (i === 20) {
          a.child.kill('SIGTERM');
          stopAt = i;
        }
        statuses.push((await post('/sessions/authenticate', {}, sessionToken)).status);
        if (i > stopAt && stopAt >= 0 && a.child.exitCode !== null && i > 60) break;
      }
      assert.equal(await a.exited, 0);
      assert.deepEqual(
        statuses.filter((s) => s !== 200),
        [],
        'every request through the proxy answered 200',
      );
      assert.ok((proxy.served.get(a.url) ?? 0) > 0 && (proxy.served.get(b.url) ?? 0) > 0, 'both instances served');
      // The revoke on the survivor holds for the session everywhere.
      assert.equal((await post('/sessions/revoke', {}, sessionToken)).status, 200);
      assert.equal((await post('/sessions/authenticate', {}, sessionToken)).status, 404);
    } finally {
      await proxy.close();
      for (const i of [a, b]) if (i.child.exitCode === null) i.child.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
      await store.cleanup();
    }
  });
});
