/**
 * The body cap and JSON checks over a real socket: under @hono/node-server the body is read
 * straight from the IncomingMessage (server/body.ts), a path the in-process `app.request` tests
 * never take.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type RunningServer, startServer } from './start.ts';
import { tempDir } from './test-helpers.ts';

/** Posts `chunks` to `path`, with a Content-Length or chunked; resolves to status and JSON body. */
function post(srv: RunningServer, path: string, chunks: string[], withLength: boolean): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const auth = `Basic ${Buffer.from(`${srv.publicToken}:${srv.publicToken}`).toString('base64')}`;
    const headers: Record<string, string | number> = { 'content-type': 'application/json', authorization: auth };
    if (withLength) headers['content-length'] = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    const req = request(`${srv.url}${path}`, { method: 'POST', headers }, (res) => {
      const body: Buffer[] = [];
      res.on('data', (d: Buffer) => body.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(body).toString('utf8')) as Record<string, unknown> }));
    });
    // The server may answer 413 and close before the whole upload is written.
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('hardening over a real socket', () => {
  const dir = tempDir();
  let srv: RunningServer;
  before(async () => {
    srv = await startServer({ port: 0, dataDir: dir.dir, logger: () => undefined });
  });
  after(async () => {
    await srv.close();
    dir.cleanup();
  });

  const path = '/sdk/v1/otps/email/login_or_create';
  const big = JSON.stringify({ email: 'x'.repeat(1024 * 1024) });

  it('a 1 MB body with Content-Length -> 413 request_too_large', async () => {
    const r = await post(srv, path, [big], true);
    assert.equal(r.status, 413);
    assert.equal(r.json.error_type, 'request_too_large');
  });

  it('a 1 MB chunked body without Content-Length -> 413 request_too_large', async () => {
    const r = await post(
      srv,
      path,
      Array.from({ length: 64 }, () => 'x'.repeat(16 * 1024)),
      false,
    );
    assert.equal(r.status, 413);
    assert.equal(r.json.error_type, 'request_too_large');
  });

  it('malformed JSON -> 400 invalid_json; then a good body in pieces is read whole', async () => {
    const bad = await post(srv, path, ['{"email": '], true);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error_type, 'invalid_json');
    const good = await post(srv, path, ['{"email": "sock', 'et@example.com"}'], false);
    assert.equal(good.status, 200, JSON.stringify(good.json));
    assert.equal(typeof (good.json.data as { method_id?: unknown }).method_id, 'string');
  });
});
