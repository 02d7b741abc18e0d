/**
 * kill -9 of the server under load loses no acknowledged session: every session token the server
 * answered 200 for before the kill still authenticates after a restart on the same data.
 * (SQLite runs in WAL mode with synchronous=NORMAL: a commit is in the WAL file, in the OS's page
 * cache, before the answer, which survives the death of the process. It does not survive a power cut:
 * the last commits before one can be lost; synchronous=FULL would close that at about a third of the
 * throughput, see server/db/index.ts.)
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { freePort, tempDir, serverCommand, testDatabase } from './test-helpers.ts';

async function start(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_OTP_IP: '100000', RATE_LIMIT_OTP_PROJECT: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/dev/project.json`)).ok) return { url, child };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('durability', () => {
  it('keeps every acknowledged session across kill -9 and restart', async () => {
    const tmp = tempDir();
    const pg = await testDatabase();
    const env: Record<string, string> = pg.databaseUrl ? { DATABASE_URL: pg.databaseUrl } : { DATA_DIR: tmp.dir };
    let server = await start(env);
    try {
      const token = ((await (await fetch(`${server.url}/dev/project.json`)).json()) as { public_token: string }).public_token;
      const auth = (secret: string) => `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}`;
      const post = (base: string, path: string, body: unknown, secret = token) =>
        fetch(`${base}/sdk/v1${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: auth(secret) },
          body: JSON.stringify(body),
        });

      const acknowledged: string[] = [];
      const base = server.url;
      const flow = async (i: number) => {
        const email = `durable-${i}-${Date.now()}@example.com`;
        const sent = await post(base, '/otps/email/login_or_create', { email });
        const methodId = ((await sent.json()) as { data: { method_id: string } }).data.method_id;
        const inbox = (await (await fetch(`${base}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
        const r = await post(base, '/otps/authenticate', { token: inbox.messages[0]!.code, method_id: methodId, session_duration_minutes: 60 });
        if (r.status === 200) acknowledged.push(((await r.json()) as { data: { session_token: string } }).data.session_token);
      };
      // 40 sign-ins, 8 at a time; the kill lands while some are in flight.
      let next = 0;
      let killed = false;
      const worker = async () => {
        while (next < 40 && !killed) {
          const i = next++;
          await flow(i).catch(() => undefined); // in-flight flows die with the server: not acknowledged
          if (acknowledged.length >= 12 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      await new Promise((r) => (server.child.exitCode !== null || server.child.signalCode ? r(null) : server.child.once('exit', r)));
      assert.ok(killed, 'the server was killed under load');
      assert.ok(acknowledged.length >= 12);

      server = await start(env);
      for (const t of acknowledged) {
        const r = await post(server.url, '/sessions/authenticate', {}, t);
        assert.equal(r.status, 200, 'an acknowledged session survived');
      }
    } finally {
      if (server.child.exitCode === null && !server.child.signalCode) {
        server.child.kill('SIGTERM');
        await new Promise((r) => server.child.once('exit', r));
      }
      await pg.cleanup();
      tmp.cleanup();
    }
  });
});
