/**
 * Helpers of `npm run bench:mount` (scripts/bench-mount.mjs): the statistics and the table it prints,
 * the check that dist/ is newer than the sources, and the static server that plays the host page's
 * web server (gzip, correct content types, no caching). Pure or self-contained, so
 * test/bench-mount.test.ts can check them without a browser.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One timed run: ms since navigation start (null: not seen), bytes of JS (gzip, as transferred). */
export interface MountRun {
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  /** First time an enabled `input[type=email]` was in `<auth-login>` (DOM mutation or frame poll). */
  field: number | null;
  /** React mounted: the `auth-elements:react-mounted` mark, or the host's first `data-screen`. */
  reactMounted: number | null;
  /** Sum of encodedBodySize of the .js resources whose response ended by `field`. */
  jsBytesBeforeField: number;
  /** Sum of encodedBodySize of every .js resource once the page settled. */
  jsBytesTotal: number;
  /** How many .js resources loaded in all. */
  scripts: number;
}

/** The columns of the table: key, header, and whether it holds whole numbers (bytes, counts; else ms). */
export const COLUMNS: ReadonlyArray<{ key: keyof MountRun; header: string; whole?: boolean }> = [
  { key: 'firstPaint', header: 'first paint' },
  { key: 'firstContentfulPaint', header: 'FCP' },
  { key: 'field', header: 'email field' },
  { key: 'reactMounted', header: 'React mounted' },
  { key: 'jsBytesBeforeField', header: 'JS B before field', whole: true },
  { key: 'jsBytesTotal', header: 'JS B total', whole: true },
  { key: 'scripts', header: 'scripts', whole: true },
];

/** Median of the numbers (mean of the middle two for an even count); null for none. */
export function median(values: ReadonlyArray<number | null>): number | null {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1 ? (xs[mid] as number) : ((xs[mid - 1] as number) + (xs[mid] as number)) / 2;
}

/** The per-column medians of the runs. */
export function medians(runs: ReadonlyArray<MountRun>): Record<keyof MountRun, number | null> {
  const out = {} as Record<keyof MountRun, number | null>;
  for (const { key } of COLUMNS) out[key] = median(runs.map((r) => r[key]));
  return out;
}

const cell = (v: number | null, whole = false): string => (v === null ? '-' : whole ? String(Math.round(v)) : v.toFixed(1));

/** A right-aligned text table: one row per run, then the median row (ms with one decimal, bytes whole). */
export function formatTable(runs: ReadonlyArray<MountRun>): string {
  const header = ['run', ...COLUMNS.map((c) => c.header)];
  const rows = runs.map((r, i) => [String(i + 1), ...COLUMNS.map((c) => cell(r[c.key], c.whole))]);
  const m = medians(runs);
  rows.push(['median', ...COLUMNS.map((c) => cell(m[c.key], c.whole))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) => row.map((v, i) => v.padStart(widths[i] ?? 0)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** "label: 1250.7 -> 617.0 (0.49x of baseline)": a figure beside its baseline (`whole`: bytes, no decimals). */
export function compare(label: string, baseline: number | null | undefined, now: number | null, whole = false): string {
  const show = (v: number) => (whole ? String(Math.round(v)) : v.toFixed(1));
  if (baseline == null || now === null) return `${label}: ${now === null ? '-' : show(now)} (no baseline figure)`;
  return `${label}: ${show(baseline)} -> ${show(now)} (${(now / baseline).toFixed(2)}x of baseline)`;
}

/** Newest modification time (ms) of the non-test files under `dirs` (and of single files given). */
export function newestSourceMtime(root: string, paths: readonly string[]): { mtimeMs: number; file: string | null } {
  let best = { mtimeMs: 0, file: null as string | null };
  const visit = (p: string) => {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.')) visit(join(p, name));
    } else if (/\.(ts|tsx|js|mjs|css|json)$/.test(p) && !/\.test\.|test-utils|test-support/.test(p) && st.mtimeMs > best.mtimeMs) {
      best = { mtimeMs: st.mtimeMs, file: p };
    }
  };
  for (const p of paths) visit(join(root, p));
  return best;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** What {@link startStaticServer} serves. */
export interface StaticSite {
  /** The page at / (and /index.html), already filled in. */
  page: string;
  /** Folder served under /dist/ (the built bundle). */
  distDir: string;
}

/**
 * A host's web server, as a real one would answer: every file gzip-compressed (level 9, done once per
 * file and kept, so compression time is not in the measurement), its content type, and
 * `Cache-Control: no-store`. GET and HEAD only; paths outside dist/ are 404.
 */
export async function startStaticServer(site: StaticSite): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const gz = new Map<string, Buffer>();
  const compressed = (key: string, read: () => Buffer | string): Buffer => {
    let body = gz.get(key);
    if (!body) {
      body = gzipSync(read(), { level: 9 });
      gz.set(key, body);
    }
    return body;
  };
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'content-encoding': 'gzip',
        'content-length': body.length,
        'cache-control': 'no-store',
        vary: 'accept-encoding',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const notFound = () =>
      send(
        404,
        'text/plain; charset=utf-8',
        compressed('404', () => 'not found\n'),
      );
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return notFound(); // a malformed escape (`%zz`) names no file
    }
    if (path === '/' || path === '/index.html')
      return send(
        200,
        CONTENT_TYPES['.html'] as string,
        compressed('/', () => site.page),
      );
    if (!path.startsWith('/dist/')) return notFound();
    const file = normalize(join(site.distDir, path.slice('/dist/'.length)));
    const type = CONTENT_TYPES[extname(file)];
    if (!file.startsWith(site.distDir + sep) || !type) return notFound();
    let body: Buffer;
    try {
      body = compressed(file, () => readFileSync(file));
    } catch {
      return notFound();
    }
    send(200, type, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
