#!/usr/bin/env node
// `npm run bench`: sessions/authenticate throughput and p99 latency of the reference server on
// loopback (SQLite, a real session), beside a bare node:http server answering a small JSON in the
// same run, so the figure reads as "how much of the machine's HTTP ceiling we keep".
// Loopback only, bounded: DURATION seconds per target (default 10), CONNECTIONS (default 10). The load
// comes from a worker thread so it does not share the event loop it measures.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../server/start.ts';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ duration, connections, workers: 1, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const dataDir = mkdtempSync(join(tmpdir(), 'auth-elements-bench-'));
const server = await startServer({ port: 0, dataDir, logger: () => undefined });
const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":{"ok":true,"status_code":200}}');
  });
});
await new Promise((r) => bare.listen(0, '127.0.0.1', r));

try {
  const auth = (secret) => `Basic ${Buffer.from(`${server.publicToken}:${secret}`).toString('base64')}`;
  const email = `bench-${Date.now()}@example.com`;
  const post = (path, body, secret = server.publicToken) =>
    fetch(`${server.url}/sdk/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth(secret) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { data: sent } = await post('/otps/email/login_or_create', { email });
  const { messages } = await (await fetch(`${server.url}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json();
  const { data: signedIn } = await post('/otps/authenticate', { token: messages[0].code, method_id: sent.method_id, session_duration_minutes: 600 });

  const body = '{}';
  const ours = await run({
    url: `${server.url}/sdk/v1/sessions/authenticate`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: auth(signedIn.session_token) },
    body,
  });
  const base = await run({ url: `http://127.0.0.1:${bare.address().port}/`, method: 'POST', headers: { 'content-type': 'application/json' }, body });

  const row = (name, r) =>
    `${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(`\nloopback, ${connections} connections, ${duration} s each`);
  console.log(row('POST /sdk/v1/sessions/authenticate', ours));
  console.log(row('bare node:http JSON', base));
  console.log(`ratio: ${(ours.requests.average / base.requests.average).toFixed(3)} of bare throughput; p99 ${ours.latency.p99} ms vs ${base.latency.p99} ms`);
  if (ours.non2xx > 0 || ours.errors > 0) process.exitCode = 1;
} finally {
  bare.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
