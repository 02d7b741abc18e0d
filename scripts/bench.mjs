#!/usr/bin/env node
// `npm run bench`: sessions/authenticate throughput and latency of the reference server on loopback, a
// real signed-in session, on SQLite and on Postgres, as one process and as WORKERS=2 (server/cluster.ts),
// each row beside a bare node:http server answering a small JSON measured right after it in the same
// run, so the figure reads as "how much of the machine's HTTP ceiling we keep" (issue 16's goals:
// >= 0.25x the bare req/s on one process, p99 <= 10 ms at 32 connections).
// Each server is its own process (`node --import tsx server/main.ts`, request log off); the load comes
// from autocannon in a worker thread of this process; the bare server runs on this process's main thread.
// Settings: DURATION seconds per measurement (default 10), CONNECTIONS (default 32), BENCH_SESSIONS
// (default 1: one session called by every connection; N: N users' sessions called in turn, at most 100,
// the dev project's send limit per address),
// BENCH_DB=sqlite,postgres and BENCH_WORKERS=1,2 (defaults: all four rows), BENCH_LOG_LEVEL (default warn:
// no request log; info: one JSON line per request to a pipe). Postgres comes from
// scripts/postgres.mjs (a fresh database per row, dropped after: server/test-helpers.ts throwawayPostgres); without it its rows are skipped.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { throwawayPostgres } from '../server/test-helpers.ts';
import { ensurePostgres } from './postgres.mjs';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const dbs = (process.env.BENCH_DB ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const workerCounts = (process.env.BENCH_WORKERS ?? '1,2').split(',').map((s) => Number(s.trim()));
// The servers' LOG_LEVEL: warn (default) turns the per-request log line off; info measures it too.
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const sessions = Math.min(100, Math.max(1, Number(process.env.BENCH_SESSIONS ?? 1)));

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ duration, connections, workers: 1, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts server/main.ts with `env`; resolves once it prints where it listens (all workers ready). */
async function startServerProcess(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: logLevel, ...env },
    // With the request log on, its lines go to a pipe read and dropped here (as a log collector would read them).
    stdio: ['ignore', 'pipe', logLevel === 'warn' || logLevel === 'error' ? 'inherit' : 'pipe'],
  });
  child.stderr?.resume();
  const exited = new Promise((r) => child.once('exit', r));
  const started = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const token = /Public token: (\S+)/.exec(out)?.[1];
      if (token) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, publicToken: token });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    ...started,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs a user in by email passcode (the dev inbox) and returns the Authorization of its session. */
async function signIn(server, n) {
  const auth = (secret) => `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`;
  const post = (path, body) =>
    fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth(server.publicToken) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const email = `bench-${Date.now()}-${n}@example.com`;
  const { data: sent } = await post('/otps/email/login_or_create', { email });
  const { messages } = await (await fetch(`${server.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json();
  const { data: signedIn } = await post('/otps/authenticate', { token: messages[0].code, method_id: sent.method_id, session_duration_minutes: 600 });
  return auth(signedIn.session_token);
}

const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":{"ok":true,"status_code":200}}');
  });
});
await new Promise((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${bare.address().port}/`;

const pgAdmin = dbs.includes('postgres') ? await ensurePostgres() : null;
const rows = [];
let failed = false;
try {
  for (const db of dbs) {
    for (const workers of workerCounts) {
      const name = `${db}, ${workers === 1 ? '1 process' : `WORKERS=${workers}`}`;
      if (db === 'postgres' && !pgAdmin) {
        rows.push({ name, skipped: 'no Postgres' });
        continue;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-bench-'));
      const pgDb = db === 'postgres' ? await throwawayPostgres(pgAdmin, 'ae_bench', { force: true }) : null;
      const server = await startServerProcess({ DATA_DIR: dataDir, WORKERS: String(workers), ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
      try {
        const authorizations = [];
        for (let i = 0; i < sessions; i++) authorizations.push(await signIn(server, i));
        const call = (authorization) => ({ method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: '{}' });
        // Each connection sends the sessions' calls in turn (autocannon's request list).
        const ours = await run({ url: `${server.url}/sdk/v1/sessions/authenticate`, ...call(authorizations[0]), requests: authorizations.map(call) });
        const base = await run({ url: bareUrl, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        rows.push({ name, ours, base });
        if (ours.non2xx > 0 || ours.errors > 0) failed = true;
      } finally {
        await server.stop();
        await pgDb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  bare.close();
}

const n = (v, w) => String(v).padStart(w);
console.log(
  `\nPOST /sdk/v1/sessions/authenticate on loopback, ${connections} connections, ${sessions} session${sessions === 1 ? '' : 's'}, ${duration} s per measurement`,
);
// Other work on the machine moves every figure: the ratio to the bare server measured right after is the comparable one.
console.log(
  `${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end`,
);
console.log(
  `${'server'.padEnd(22)} ${n('req/s', 8)} ${n('p50', 6)} ${n('p99', 6)}   ${n('bare req/s', 10)} ${n('p50', 6)} ${n('p99', 6)}   ratio   non-2xx errors`,
);
for (const r of rows) {
  if (r.skipped) {
    console.log(`${r.name.padEnd(22)} skipped (${r.skipped})`);
    continue;
  }
  const { ours, base } = r;
  console.log(
    `${r.name.padEnd(22)} ${n(Math.round(ours.requests.average), 8)} ${n(`${ours.latency.p50}ms`, 6)} ${n(`${ours.latency.p99}ms`, 6)}   ${n(Math.round(base.requests.average), 10)} ${n(`${base.latency.p50}ms`, 6)} ${n(`${base.latency.p99}ms`, 6)}   ${(ours.requests.average / base.requests.average).toFixed(3)}   ${n(ours.non2xx, 7)} ${n(ours.errors, 6)}`,
  );
}
if (failed) process.exitCode = 1;
