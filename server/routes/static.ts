/** Static files (demo pages, built bundles) from configured folders, with no way out of those folders. */
import { readFile, stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http.ts';

/** One folder served under a URL prefix. */
export interface StaticDir {
  urlPrefix: string;
  dir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Resolves a URL path to a file inside `dir`, or null when it would leave `dir` or is malformed. */
export function resolveInside(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // NUL and backslashes have no business in a URL path and are classic traversal tricks.
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const root = resolve(dir);
  const target = resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  const rel = relative(root, target);
  if (rel.startsWith('..') || rel.split(sep).includes('..')) return null;
  return target;
}

/** Middleware serving GET/HEAD requests from the folders; passes everything else on. */
export function staticFiles(dirs: StaticDir[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    for (const { urlPrefix, dir } of dirs) {
      const prefix = urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/`;
      if (!path.startsWith(prefix) && `${path}/` !== prefix) continue;
      let file = resolveInside(dir, path.slice(prefix.length));
      if (!file) continue;
      try {
        let st = await stat(file);
        if (st.isDirectory()) {
          file = resolve(file, 'index.html');
          st = await stat(file);
        }
        if (!st.isFile()) continue;
        const body = await readFile(file);
        c.header('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
        c.header('X-Content-Type-Options', 'nosniff');
        c.header('Cache-Control', 'no-cache');
        if (c.req.method === 'HEAD') return c.body(null, 200);
        return c.body(new Uint8Array(body), 200);
      } catch {
        // Not in this folder: try the next one.
      }
    }
    return next();
  };
}
