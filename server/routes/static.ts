/**
 * Static files (demo pages, built bundles) from configured folders, with no way out of those
 * folders, and the security headers every page of this server carries (the dev pages too).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Ctx } from '../services.ts';

/**
 * CSP directives of the demo and dev pages: scripts, styles and calls from this origin only (no
 * inline script or style: the widget's styles are constructable stylesheets, which `style-src
 * 'self'` allows), images also as data: URLs, no plugins, no <base>, forms post here only, and no
 * page may frame them (clickjacking of the sign-in and reset forms).
 */
export const PAGE_CSP_DIRECTIVES: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'connect-src': "'self'",
  'img-src': "'self' data:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/** Serialises CSP directives, with `overrides` replacing or adding some. */
export function contentSecurityPolicy(overrides: Readonly<Record<string, string>> = {}): string {
  return Object.entries({ ...PAGE_CSP_DIRECTIVES, ...overrides })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/**
 * Headers of every page (README "Headers for your redirect pages" explains each). Referrer-Policy
 * no-referrer because the magic-link and reset pages carry a token in their address; COOP so no
 * opener keeps a handle on a signed-in window; Permissions-Policy allows passkeys here and turns
 * off what no page uses.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Only features browsers know: an unrecognized one (e.g. bluetooth in Chromium) logs a console warning on every page.
  'Permissions-Policy':
    'publickey-credentials-get=(self), publickey-credentials-create=(self), camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
};

/** Sets the page security headers on `c`'s response; `csp` overrides some CSP directives. */
export function setPageSecurityHeaders(c: Ctx, csp?: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) c.header(name, value);
  if (csp) c.header('Content-Security-Policy', contentSecurityPolicy(csp));
}

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

/** A file's bytes as last read, valid while its size and modification time stay the same. */
interface CachedFile {
  size: number;
  mtimeMs: number;
  body: Uint8Array<ArrayBuffer>;
}

/** Files above this size are read on every request rather than kept. */
const CACHE_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** The most bytes one middleware keeps; past it, files are read on every request. */
const CACHE_TOTAL_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A validator that changes whenever the file does (its size or modification time): with it the
 * browser's revalidation of a `no-cache` file is a 304 with no body instead of the whole bundle again.
 */
const etagOf = (size: number, mtimeMs: number) => `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;

/**
 * Middleware serving GET/HEAD requests from the folders; passes everything else on. The bytes of each
 * file are kept after the first read and served from memory while the file's size and modification
 * time are unchanged (a page load asks for some sixty bundle files: one stat each instead of an open,
 * read and close), and an `If-None-Match` naming the current validator gets a 304.
 */
export function staticFiles(dirs: StaticDir[]): MiddlewareHandler<AppEnv> {
  const cache = new Map<string, CachedFile>();
  let cachedBytes = 0;
  const bytesOf = async (file: string, size: number, mtimeMs: number): Promise<Uint8Array<ArrayBuffer>> => {
    const hit = cache.get(file);
    if (hit && hit.size === size && hit.mtimeMs === mtimeMs) return hit.body;
    const body = new Uint8Array(await readFile(file));
    if (hit) {
      cache.delete(file);
      cachedBytes -= hit.body.byteLength;
    }
    // Only what was read whole and matches the stat (a file replaced between the two is read again next time).
    if (body.byteLength === size && size <= CACHE_FILE_MAX_BYTES && cachedBytes + size <= CACHE_TOTAL_MAX_BYTES) {
      cache.set(file, { size, mtimeMs, body });
      cachedBytes += size;
    }
    return body;
  };
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
        const etag = etagOf(st.size, st.mtimeMs);
        c.header('Content-Type', TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
        // On every file, not only .html: a page may be served under another extension.
        setPageSecurityHeaders(c);
        c.header('Cache-Control', 'no-cache');
        c.header('ETag', etag);
        if (
          c.req
            .header('if-none-match')
            ?.split(',')
            .some((v) => v.trim() === etag)
        )
          return c.body(null, 304);
        if (c.req.method === 'HEAD') return c.body(null, 200);
        return c.body(await bytesOf(file, st.size, st.mtimeMs), 200);
      } catch {
        // Not in this folder: try the next one.
      }
    }
    return next();
  };
}
