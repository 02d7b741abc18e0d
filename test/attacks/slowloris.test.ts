/**
 * Attack (issue 10, item 7): requests that never finish. A body sent at 1 byte every 500 ms held its
 * connection 45 s and more, and nothing bounded how many such connections one client could hold. The
 * server now has header, whole-request and idle time-outs and a connection cap (server/start.ts
 * SocketLimits). These tests configure short time-outs so they run fast, and judge by what the slow
 * client manages to send before it is cut off, not by wall-clock times.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, socketLimits, startServer } from '../../server/start.ts';
import { tempDir, testDatabase } from '../../server/test-helpers.ts';

const TICK_MS = 50;

interface SlowResult {
  /** Whether the server closed the connection before the client ran out of drips. */
  cut: boolean;
  /** Drips written before the cut. */
  sent: number;
  /** What the server answered, if anything. */
  answer: string;
}

/**
 * Opens a socket, writes `head`, then one `drip` every TICK_MS, up to `drips` times, and reports
 * whether (and after how many drips) the server cut the connection.
 */
function slowClient(port: number, head: string, drip: string, drips: number): Promise<SlowResult> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (cut: boolean) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ cut, sent, answer });
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (sent >= drips) return finish(false);
        sent += 1;
        socket.write(drip);
      }, TICK_MS);
    });
  });
}

/** Resolves once `socket` is connected. */
const connected = (socket: Socket) => new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));

describe('attack: slowloris (slow headers, slow bodies, idle sockets, connection floods)', () => {
  describe('time-outs', () => {
    const dir = tempDir();
    const lines: string[] = [];
    let srv: RunningServer;
    let db: Awaited<ReturnType<typeof testDatabase>>;
    before(async () => {
      db = await testDatabase();
      srv = await startServer({
        port: 0,
        dataDir: dir.dir,
        ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
        log: true,
        logger: (l) => lines.push(l),
        // Headers within 400 ms, the whole request within 800 ms, checked every 100 ms; idle 1 s.
        socketLimits: { headersTimeoutMs: 400, requestTimeoutMs: 800, idleTimeoutMs: 1000, keepAliveTimeoutMs: 300, connectionsCheckingIntervalMs: 100 },
      });
    });
    after(async () => {
      await srv.close();
      await db.cleanup();
      dir.cleanup();
    });

    it('a body dripped 1 byte at a time is cut off with 408 request_timeout, long before it ends', async () => {
      const body = JSON.stringify({ email: `slow-body-${'x'.repeat(150)}@example.com` });
      const head =
        `POST /sdk/v1/otps/email/login_or_create HTTP/1.1\r\nHost: localhost:${srv.port}\r\nContent-Type: application/json\r\n` +
        `Authorization: Basic ${Buffer.from(`${srv.publicToken}:${srv.publicToken}`).toString('base64')}\r\nContent-Length: ${body.length}\r\n\r\n`;
      // 180+ bytes at one per 50 ms would take 9 s; the request time-out is 0.8 s (+0.1 s checking).
      const r = await slowClient(srv.port, head, 'x', body.length);
      assert.ok(r.cut, 'the server closed the connection');
      assert.ok(r.sent < body.length / 2, `cut after ${r.sent} of ${body.length} bytes`);
      assert.match(r.answer, /^HTTP\/1\.1 408 /);
      assert.equal((JSON.parse(r.answer.slice(r.answer.indexOf('\r\n\r\n') + 4)) as { error_type: string }).error_type, 'request_timeout');
    });

    it('headers dripped one line at a time are cut off with 408', async () => {
      const r = await slowClient(srv.port, `GET /dev/project.json HTTP/1.1\r\nHost: localhost:${srv.port}\r\n`, 'X-Slow: 1\r\n', 200);
      assert.ok(r.cut, 'the server closed the connection');
      assert.ok(r.sent < 100, `cut after ${r.sent} header lines`);
      assert.match(r.answer, /^HTTP\/1\.1 408 /);
    });

    it('a connection that never sends a byte is closed', async () => {
      const r = await slowClient(srv.port, '', '', 200);
      assert.ok(r.cut, 'the server closed the silent connection');
      assert.ok(r.sent < 100, `closed after ${r.sent} ticks`);
    });

    it('a kept-alive connection idling after its request is closed', async () => {
      const head = `GET /dev/project.json HTTP/1.1\r\nHost: localhost:${srv.port}\r\n\r\n`;
      const r = await slowClient(srv.port, head, '', 200);
      assert.match(r.answer, /^HTTP\/1\.1 200 /, 'the request itself was answered');
      assert.ok(r.cut && r.sent < 100, `closed after ${r.sent} idle ticks`);
    });

    it('cut-off bodies are not logged as server errors, and normal requests still work', async () => {
      assert.ok(!lines.some((l) => l.includes('"level":"error"')), lines.filter((l) => l.includes('"level":"error"')).join('\n'));
      const r = await fetch(`${srv.url}/dev/project.json`);
      assert.equal(r.status, 200);
    });
  });

  describe('connection cap', () => {
    const dir = tempDir();
    let srv: RunningServer;
    let db: Awaited<ReturnType<typeof testDatabase>>;
    const held: Socket[] = [];
    before(async () => {
      db = await testDatabase();
      srv = await startServer({
        port: 0,
        dataDir: dir.dir,
        ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
        logger: () => undefined,
        socketLimits: { maxConnections: 5 },
      });
    });
    after(async () => {
      for (const s of held) s.destroy();
      await srv.close();
      await db.cleanup();
      dir.cleanup();
    });

    it('connections over the cap are closed at once; after the flood, normal requests work', async () => {
      for (let i = 0; i < 5; i++) {
        const s = connect(srv.port, '127.0.0.1');
        s.on('error', () => undefined);
        held.push(s);
        await connected(s);
      }
      // One full round trip on a held connection: the server has accepted the earlier sockets too.
      held[4]!.write(`GET /dev/project.json HTTP/1.1\r\nHost: localhost:${srv.port}\r\n\r\n`);
      await new Promise((resolve) => held[4]!.once('data', resolve));
      const over = await slowClient(srv.port, `GET /dev/project.json HTTP/1.1\r\nHost: localhost:${srv.port}\r\n\r\n`, '', 100);
      assert.ok(over.cut, 'the sixth connection was closed');
      assert.equal(over.answer, '', 'and got no answer');
      for (const s of held.splice(0)) s.destroy();
      // The held sockets' closing reaches the server asynchronously: poll, bounded.
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = await fetch(`${srv.url}/dev/project.json`, { headers: { connection: 'close' } }).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) await new Promise((r) => setTimeout(r, TICK_MS));
      }
      assert.equal(status, 200);
    });
  });

  it('socketLimits: defaults, and bad combinations refused with a clear message', () => {
    assert.deepEqual(socketLimits(), {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 15_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1024,
      connectionsCheckingIntervalMs: 1_000,
    });
    assert.throws(() => socketLimits({ headersTimeoutMs: 20_000 }), /headersTimeoutMs \(20000\) must not exceed requestTimeoutMs \(15000\)/);
    assert.throws(() => socketLimits({ maxConnections: -1 }), /maxConnections/);
    assert.throws(() => socketLimits({ connectionsCheckingIntervalMs: 0 }), /connectionsCheckingIntervalMs/);
  });
});
