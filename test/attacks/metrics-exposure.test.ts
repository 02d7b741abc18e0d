/**
 * Attack (issue 18, metrics): `/metrics` reachable from the internet tells an attacker the traffic, the
 * sign-in failure rates (is a credential-stuffing run working?), lockouts and queue depth. It is off by
 * default; with METRICS=on it answers only the METRICS_TOKEN bearer (or, opted in with
 * METRICS_LOOPBACK_OPEN, a loopback socket that did not come through a proxy), under a host name of
 * ours (a DNS-rebound page is a loopback caller too); its own
 * port (METRICS_PORT) is meant for a private network. Label values never
 * carry a raw path (tokens, addresses).
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, it } from 'node:test';
import { startServer } from '../../server/start.ts';
import { tempDir } from '../../server/test-helpers.ts';

describe('metrics exposure', () => {
  it('off by default: 404 on the main port, whatever the caller sends', async () => {
    const tmp = tempDir();
    const srv = await startServer({ port: 0, dataDir: tmp.dir, logger: () => undefined });
    try {
      assert.equal((await fetch(`${srv.url}/metrics`)).status, 404);
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-0123456789' } })).status, 404);
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });

  it('METRICS=on behind a proxy: a forwarded request is refused without the token, even from loopback', async () => {
    const tmp = tempDir();
    const token = 'a-long-metrics-token-0123456789';
    const srv = await startServer({ port: 0, dataDir: tmp.dir, metrics: true, metricsToken: token, trustProxy: true, logger: () => undefined });
    try {
      // The proxy runs on the same host: its requests come from loopback but carry X-Forwarded-For.
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4' } })).status, 404);
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status, 404);
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4', authorization: `Bearer ${token}x` } })).status, 404);
      const ok = await fetch(`${srv.url}/metrics`, { headers: { 'x-forwarded-for': '198.51.100.4', authorization: `Bearer ${token}` } });
      assert.equal(ok.status, 200);
      // A local scraper on the machine itself needs the token too: a same-host proxy may add no X-Forwarded-For.
      assert.equal((await fetch(`${srv.url}/metrics`)).status, 404);
      assert.equal((await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
      // DNS rebinding: a page on evil.example re-pointed at 127.0.0.1 is a loopback caller with a foreign Host.
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: srv.port, path: '/metrics', headers: { host: `evil.example:${srv.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      assert.equal(rebound, 421);
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });

  it('labels hold route patterns, never the token or address a path carried', async () => {
    const tmp = tempDir();
    const srv = await startServer({ port: 0, dataDir: tmp.dir, metrics: true, metricsLoopbackWithoutToken: true, logger: () => undefined });
    try {
      await fetch(`${srv.url}/sdk/v1/projects/bootstrap/${srv.publicToken}`);
      await fetch(`${srv.url}/sdk/v1/users/victim%40example.com/secret-token-abcdef`);
      const text = await (await fetch(`${srv.url}/metrics`)).text();
      assert.match(text, /route="\/sdk\/v1\/projects\/bootstrap\/:public_token"/);
      assert.ok(!text.includes(srv.publicToken));
      assert.ok(!text.includes('victim'));
      assert.ok(!text.includes('secret-token-abcdef'));
    } finally {
      await srv.close();
      tmp.cleanup();
    }
  });
});
