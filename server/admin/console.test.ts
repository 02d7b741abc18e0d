/**
 * The admin console's page (issue 31, docs/reference/admin.md#serving): `/admin` and its client-side routes
 * serve the built index.html with the strict page headers (CSP without inline code, no framing, no
 * referrer, no-store), assets from the folder, 404 for a missing asset or a path out of the folder, 503
 * when the console is not built, nothing with `adminConsole: false`.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type TestApp, tempDir, testApp } from '../test-helpers.ts';

describe('admin console page', () => {
  const folder = tempDir();
  let t: TestApp;
  before(async () => {
    mkdirSync(join(folder.dir, 'assets'));
    writeFileSync(join(folder.dir, 'index.html'), '<!doctype html><title>Admin</title><script type="module" src="/admin/assets/app.js"></script>');
    writeFileSync(join(folder.dir, 'assets', 'app.js'), 'export {};');
    t = await testApp({ adminConsole: { dir: folder.dir } });
  });
  after(async () => {
    await t.close();
    folder.cleanup();
  });

  const page = async (path: string) => {
    const res = await t.call('GET', path, { auth: false });
    return res;
  };

  it('GET /admin and a client-side route serve index.html with the strict headers', async () => {
    for (const path of ['/admin', '/admin/', '/admin/users/user-test-1', '/admin/settings']) {
      const r = await page(path);
      assert.equal(r.status, 200, path);
      assert.match(String(r.json.text), /<title>Admin<\/title>/);
      assert.equal(r.headers.get('content-type'), 'text/html; charset=utf-8');
      const csp = r.headers.get('content-security-policy') ?? '';
      for (const d of ["script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"])
        assert.ok(csp.includes(d), `${path}: ${d} in ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(r.headers.get('cache-control'), 'no-store');
    }
  });

  it('serves assets from the folder; a missing asset or a way out of the folder is a 404', async () => {
    const js = await page('/admin/assets/app.js');
    assert.equal(js.status, 200);
    assert.equal(js.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(js.headers.get('x-frame-options'), 'DENY');
    assert.equal((await page('/admin/assets/missing.js')).status, 404);
    assert.equal((await page('/admin/..%2f..%2fpackage.json')).status, 404);
    assert.equal((await page('/admin/%2e%2e/%2e%2e/package.json')).status, 404);
  });

  it('answers 503 saying to run the build when the console is not built, and nothing when it is off', async () => {
    const empty = tempDir();
    const unbuilt = await testApp({ adminConsole: { dir: empty.dir } });
    const off = await testApp({ adminConsole: false });
    try {
      const r = await unbuilt.call('GET', '/admin', { auth: false });
      assert.equal(r.status, 503);
      assert.match(String(r.json.text), /node scripts\/build\.mjs/);
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
      assert.equal((await off.call('GET', '/admin', { auth: false })).status, 404);
    } finally {
      await unbuilt.close();
      await off.close();
      empty.cleanup();
    }
  });
});
