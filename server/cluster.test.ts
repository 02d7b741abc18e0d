/**
 * WORKERS=2 (issue 16) as a client sees it: one port, two worker processes on one database (SQLite, or
 * Postgres with TEST_DATABASE_URL). A session revoked through one request fails on every later call,
 * whichever worker answers (each call on a new connection, which the cluster hands out round robin),
 * although both workers had served and cached its JWT; SIGTERM to the primary drains both and exits 0.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { freePort, type ServerProcess, startServerProcess, type TestStore, testStore } from './test-helpers.ts';

/** One POST on a connection of its own (no keep-alive), so the cluster picks a worker for each. */
function post(
  url: string,
  path: string,
  auth: string,
  body: unknown,
): Promise<{ status: number; json: { data?: Record<string, unknown>; error_type?: string } }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${url}/sdk/v1${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: auth, connection: 'close', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('WORKERS=2: one port, two processes, one database', () => {
  let store: TestStore;
  let server: ServerProcess;
  let token = '';
  let metricsPort = 0;
  const basic = (secret: string) => `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}`;

  before(async () => {
    store = await testStore();
    metricsPort = await freePort();
    server = await startServerProcess(store.databaseUrl ? { databaseUrl: store.databaseUrl } : { dataDir: store.dataDir }, {
      WORKERS: '2',
      METRICS_PORT: String(metricsPort),
      // The drain is what the SIGTERM test checks, not its bound: a loaded machine may take longer than
      // the default 10 s (+5 s) to stop two workers, and the primary would then kill them and exit 1.
      SHUTDOWN_TIMEOUT_MS: '120000',
    });
    token = ((await (await fetch(`${server.url}/dev/project.json`)).json()) as { public_token: string }).public_token;
  });
  after(async () => {
    await server?.stop();
    await store?.cleanup();
  });

  it('a revoke through one request fails the session on every later call, whichever worker answers', async () => {
    const email = `cluster-${Date.now()}@example.com`;
    const sent = await post(server.url, '/otps/email/login_or_create', basic(token), { email });
    assert.equal(sent.status, 200);
    const inbox = (await (await fetch(`${server.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
    const signedIn = await post(server.url, '/otps/authenticate', basic(token), {
      token: inbox.messages[0]!.code,
      method_id: sent.json.data!.method_id,
      session_duration_minutes: 30,
    });
    assert.equal(signedIn.status, 200);
    const session = basic(String(signedIn.json.data!.session_token));
    // Both workers serve (and cache) the session's JWT: ten calls on ten connections, round robin.
    const jwts = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = await post(server.url, '/sessions/authenticate', session, {});
      assert.equal(r.status, 200);
      jwts.add(String(r.json.data!.session_jwt));
    }
    // Each worker signs at most one JWT for the session while it is fresh.
    assert.ok(jwts.size <= 2, `${jwts.size} JWTs for one session`);
    assert.equal((await post(server.url, '/sessions/revoke', session, {})).status, 200);
    for (let i = 0; i < 10; i++) {
      const r = await post(server.url, '/sessions/authenticate', session, {});
      assert.equal(r.status, 404, `call ${i} after the revoke`);
      assert.equal(r.json.error_type, 'session_not_found');
      assert.equal(r.json.data, undefined);
    }
  });

  it("METRICS_PORT on the primary sums both workers' counters", async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const count = (status: number) =>
      Number(
        new RegExp(`^auth_http_requests_total\\{[^}]*route="/sdk/v1/sessions/authenticate"[^}]*status="${status}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0,
      );
    // The test above: ten 200s and ten 404s, spread over the two workers.
    assert.equal(count(200), 10, text);
    assert.equal(count(404), 10);
  });

  it('a worker that crashes is replaced; the port keeps answering', async () => {
    const workerPids = () =>
      // Node processes only: tsx's esbuild service is a child of the primary too.
      execFileSync('pgrep', ['-x', 'node', '-P', String(server.child.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    const before = workerPids();
    assert.equal(before.length, 2);
    process.kill(before[0]!, 'SIGKILL');
    // Bounded poll: a replacement is forked and reports ready.
    let now: number[] = [];
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
      now = workerPids();
      if (now.length === 2 && !now.includes(before[0]!)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(now.length, 2);
    assert.ok(!now.includes(before[0]!));
    for (let i = 0; i < 6; i++) {
      const r = await post(server.url, '/sessions/authenticate', basic('no-such-session'), {});
      assert.equal(r.json.error_type, 'session_not_found');
    }
  });

  it('SIGTERM to the primary drains both workers and exits 0', async () => {
    const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
    server.child.kill('SIGTERM');
    assert.equal(await exited, 0);
    await assert.rejects(fetch(`${server.url}/healthz`));
  });
});
