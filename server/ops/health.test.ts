/**
 * Health, readiness and graceful shutdown (issue 18): the probes in process, then a real server process
 * stopped with SIGTERM while a request is in flight.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { freePort, tempDir, serverCommand, testApp } from '../test-helpers.ts';

describe('health and readiness', () => {
  it('/healthz answers ok; /readyz reports each check and turns 503 while draining', async () => {
    const t = await testApp();
    try {
      const h = await t.call('GET', '/healthz', { auth: false });
      assert.equal(h.status, 200);
      assert.deepEqual(h.json, { status: 'ok' });
      const r = await t.call('GET', '/readyz', { auth: false });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json, { status: 'ready', checks: { database: true, migrations: true, signing_key: true, accepting: true } });
      assert.equal(r.headers.get('cache-control'), 'no-store');
      // A balancer probes by IP address: the Host check does not apply to the probes.
      const byIp = await t.call('GET', '/healthz', { auth: false, headers: { host: '10.0.0.7:8787' } });
      assert.equal(byIp.status, 200);
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 naming the failed check when a migration is missing', async () => {
    const t = await testApp();
    try {
      // As if this build were newer than the database (another instance rolled back a migration).
      const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.services.db.kysely);
      await sql`delete from kysely_migration where name = ${last.rows[0]!.name}`.execute(t.services.db.kysely);
      const r = await t.call('GET', '/readyz', { auth: false });
      assert.equal(r.status, 503);
      assert.deepEqual(r.json, { status: 'not_ready', checks: { database: true, migrations: false, signing_key: true, accepting: true } });
    } finally {
      await t.close();
    }
  });
});

/** Starts server/main.ts on a temp SQLite folder; resolves once /readyz answers 200. */
async function startProcess(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const tmp = tempDir();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: tmp.dir, LOG_LEVEL: 'info', ...extraEnv };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, serverCommand(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child, exited, dir: tmp.dir, cleanup: tmp.cleanup, stderr: () => stderr };
}

/** Opens a POST whose body is sent in two parts; `finish` sends the rest and resolves to status and body. */
function slowPost(port: number, path: string, body: string, headers: Record<string, string> = {}) {
  const req = request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return {
    answer,
    finish() {
      req.end(body.slice(half));
      return answer;
    },
  };
}

/** Polls until a new connection to `port` is refused (bounded). */
async function waitRefused(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the server still accepts connections');
}

describe('graceful shutdown on SIGTERM (a real server process)', () => {
  it('stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const p = await startProcess();
    try {
      const project = (await (await fetch(`http://127.0.0.1:${p.port}/dev/project.json`)).json()) as { public_token: string };
      const auth = `Basic ${Buffer.from(`${project.public_token}:${project.public_token}`).toString('base64')}`;
      const inFlight = slowPost(p.port, '/sdk/v1/otps/email/login_or_create', JSON.stringify({ email: 'in-flight@example.com' }), { authorization: auth });
      // The request has begun (headers and half its body are in) when the signal arrives.
      await new Promise((r) => setTimeout(r, 200));
      p.child.kill('SIGTERM');
      await waitRefused(p.port);
      const answer = await inFlight.finish();
      // The request begun before the signal is answered in full.
      assert.equal(answer.status, 200, answer.body);
      assert.match(answer.body, /"method_id"/);
      assert.equal(await p.exited, 0);
      // SQLite removes the write-ahead log when the last connection closes cleanly: the database was closed.
      assert.equal(existsSync(join(p.dir, 'auth.db-wal')), false);
      const lines = p
        .stderr()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; signal?: string });
      assert.ok(lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'));
      assert.ok(lines.some((l) => l.msg === 'stopped'));
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
      p.cleanup();
    }
  });

  it('cuts a request that does not finish within SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    const p = await startProcess({ SHUTDOWN_TIMEOUT_MS: '300' });
    try {
      const project = (await (await fetch(`http://127.0.0.1:${p.port}/dev/project.json`)).json()) as { public_token: string };
      const auth = `Basic ${Buffer.from(`${project.public_token}:${project.public_token}`).toString('base64')}`;
      const stuck = slowPost(p.port, '/sdk/v1/otps/email/login_or_create', JSON.stringify({ email: 'stuck@example.com' }), { authorization: auth });
      stuck.answer.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      p.child.kill('SIGTERM');
      assert.equal(await p.exited, 0);
      await assert.rejects(stuck.answer);
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
      p.cleanup();
    }
  });

  it('SHUTDOWN_DELAY_MS: /readyz answers 503 at once while requests are still served, then the server stops', async () => {
    const p = await startProcess({ SHUTDOWN_DELAY_MS: '1500' });
    try {
      p.child.kill('SIGTERM');
      let status = 0;
      for (let i = 0; i < 100 && status !== 503; i++) {
        status = (await fetch(`http://127.0.0.1:${p.port}/readyz`)).status;
        if (status !== 503) await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(status, 503);
      const body = (await (await fetch(`http://127.0.0.1:${p.port}/readyz`)).json()) as { checks: { accepting: boolean } };
      assert.equal(body.checks.accepting, false);
      // Still answering: the balancer has time to notice before connections are refused.
      assert.equal((await fetch(`http://127.0.0.1:${p.port}/healthz`)).status, 200);
      assert.equal(await p.exited, 0);
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
      p.cleanup();
    }
  });
});
