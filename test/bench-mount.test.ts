/**
 * Smoke test of `npm run bench:mount`'s helpers (scripts/bench-mount/lib.ts): the median and table it
 * prints, and its static server answering as a real host would (gzip, content type, no caching, nothing
 * outside dist/). No browser, and no wall-clock time is asserted.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { compare, formatTable, type MountRun, median, medians, startStaticServer } from '../scripts/bench-mount/lib.ts';

const run = (field: number | null, bytes: number): MountRun => ({
  firstPaint: field === null ? null : field + 50,
  firstContentfulPaint: field === null ? null : field + 50,
  field,
  reactMounted: field === null ? null : field + 100,
  jsBytesBeforeField: bytes,
  jsBytesTotal: bytes + 1000,
  scripts: 3,
});

describe('bench:mount helpers', () => {
  it('median: middle of an odd count, mean of the middle two of an even one, nulls skipped', () => {
    assert.equal(median([5, 1, 9, 3, 7]), 5);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([null, 8, null]), 8);
    assert.equal(median([]), null);
    assert.equal(median([null]), null);
  });

  it('the table has a row per run and a median row, with "-" for a marker never seen', () => {
    const runs = [run(100, 900), run(300, 700), run(200, 800)];
    assert.deepEqual(medians(runs), {
      firstPaint: 250,
      firstContentfulPaint: 250,
      field: 200,
      reactMounted: 300,
      jsBytesBeforeField: 800,
      jsBytesTotal: 1800,
      scripts: 3,
    });
    const lines = formatTable([...runs, run(null, 0)]).split('\n');
    assert.equal(lines.length, 2 + 4 + 1);
    assert.match(lines[0] ?? '', /run\s+first paint\s+FCP\s+email field\s+React mounted\s+JS B before field\s+JS B total\s+scripts/);
    assert.match(lines[5] ?? '', /^\s+4\s+-\s+-\s+-\s+-\s+0\s+1000\s+3$/);
    assert.match(lines[6] ?? '', /^median\s+250\.0\s+250\.0\s+200\.0\s+300\.0\s+750\s+1750\s+3$/);
  });

  it('compare puts a figure beside its baseline as a ratio', () => {
    assert.equal(compare('field ms', 1250.7, 625.35), 'field ms: 1250.7 -> 625.4 (0.50x of baseline)');
    assert.equal(compare('JS B', 85526, 20000, true), 'JS B: 85526 -> 20000 (0.23x of baseline)');
    assert.equal(compare('field ms', undefined, 600), 'field ms: 600.0 (no baseline figure)');
  });
});

describe('bench:mount static server', () => {
  let dist: string;
  let site: Awaited<ReturnType<typeof startStaticServer>>;
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'auth-elements-bench-mount-test-'));
    writeFileSync(join(dist, 'auth-elements.js'), 'export const x = 1;\n');
    site = await startStaticServer({ page: '<!doctype html><auth-login></auth-login>', distDir: dist });
  });
  after(async () => {
    await site.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the page and dist/ files gzip-compressed, typed, uncached', async () => {
    for (const [path, type, body] of [
      ['/', 'text/html; charset=utf-8', '<!doctype html><auth-login></auth-login>'],
      ['/dist/auth-elements.js', 'text/javascript; charset=utf-8', 'export const x = 1;\n'],
    ] as const) {
      const r = await fetch(`${site.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), type);
      assert.equal(r.headers.get('cache-control'), 'no-store');
      // fetch() decodes gzip by itself: the raw bytes are checked through the header and a node:http read below.
      assert.equal(r.headers.get('content-encoding'), 'gzip');
      assert.equal(await r.text(), body);
    }
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${site.url}/dist/auth-elements.js`, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    assert.equal(gunzipSync(raw).toString(), 'export const x = 1;\n');
  });

  it('answers 404 outside dist/ and for unknown types, 405 for other methods', async () => {
    for (const path of [
      '/dist/..%2fpackage.json',
      '/dist/..%2f..%2fetc%2fpasswd',
      '/dist/%zz.js',
      '/server/main.ts',
      '/dist/missing.js',
      '/dist/auth-elements.ts',
    ]) {
      const r = await fetch(`${site.url}${path}`);
      assert.equal(r.status, 404, path);
      await r.arrayBuffer();
    }
    const post = await fetch(`${site.url}/`, { method: 'POST', body: 'x' });
    assert.equal(post.status, 405);
  });
});
