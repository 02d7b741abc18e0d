/**
 * Attack: `/metrics` read through a reverse proxy on the same host that adds no X-Forwarded-For. Every
 * visitor then reaches the server from 127.0.0.1 with no proxy header, which a loopback check alone
 * took for a local scraper. With METRICS=on the bearer METRICS_TOKEN is required; answering loopback
 * callers without it is an explicit opt-out (METRICS_LOOPBACK_OPEN=1), and the environment check
 * refuses METRICS=on with neither.
 */
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { checkEnvironment } from '../../server/ops/config.ts';
import { opsOptionsFromEnv } from '../../server/ops/startup.ts';
import { startServer } from '../../server/start.ts';
import { tempDir } from '../../server/test-helpers.ts';

/** A bare reverse proxy on loopback: relays method, path and headers (Host rewritten), adds nothing. */
async function bareProxy(upstreamPort: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const up = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${upstreamPort}` } },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('attack: /metrics through a same-host proxy that adds no X-Forwarded-For', () => {
  it('METRICS=on with a token: the proxied visitor gets 404, the bearer gets the metrics', async () => {
    const tmp = tempDir();
    const token = 'metrics-token-for-the-scraper-0123';
    const srv = await startServer({ port: 0, dataDir: tmp.dir, metrics: true, metricsToken: token, logger: () => undefined });
    const proxy = await bareProxy(srv.port);
    try {
      const visitor = await fetch(`${proxy.url}/metrics`);
      assert.equal(visitor.status, 404);
      assert.ok(!(await visitor.text()).includes('auth_http_requests_total'));
      assert.equal((await fetch(`${proxy.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-0123456789' } })).status, 404);
      const scraper = await fetch(`${proxy.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(scraper.status, 200);
      assert.match(await scraper.text(), /auth_http_requests_total/);
    } finally {
      await proxy.close();
      await srv.close();
      tmp.cleanup();
    }
  });

  it('the environment check refuses METRICS=on without a token unless loopback is opened explicitly', () => {
    assert.deepEqual(checkEnvironment({ METRICS: 'on' }).problems, [
      'METRICS=on needs METRICS_TOKEN (or METRICS_LOOPBACK_OPEN=1 when no reverse proxy runs on this host)',
    ]);
    assert.deepEqual(checkEnvironment({ METRICS: 'on', METRICS_TOKEN: 'x'.repeat(24) }).problems, []);
    assert.deepEqual(checkEnvironment({ METRICS: 'on', METRICS_LOOPBACK_OPEN: '1' }).problems, []);
    assert.deepEqual(checkEnvironment({ METRICS: 'on', METRICS_LOOPBACK_OPEN: '0' }).problems.length, 1);
    assert.equal(opsOptionsFromEnv({ METRICS: 'on', METRICS_LOOPBACK_OPEN: '1' }).metricsLoopbackWithoutToken, true);
    assert.equal(opsOptionsFromEnv({ METRICS: 'on', METRICS_LOOPBACK_OPEN: '0' }).metricsLoopbackWithoutToken, undefined);
  });

  it('opted out (METRICS_LOOPBACK_OPEN): a loopback caller reads it, a forwarded one still does not', async () => {
    const tmp = tempDir();
    const srv = await startServer({ port: 0, dataDir: tmp.dir, metrics: true, metricsLoopbackWithoutToken: true, logger: () => undefined });
    try {
      assert.equal((await fetch(`${srv.url}/metrics`)).status, 200);
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status, 404);
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });
});
