/**
 * Serving the admin console (issue 31, docs/reference/admin.md#serving): `GET /admin` and `/admin/*` answer
 * from the built console (`dist/admin/`, made by `node scripts/build.mjs`): a file that exists there is
 * served, any other path without an extension is a client-side route and gets `index.html`. Every answer
 * carries the page headers of this server (server/routes/static.ts: a CSP with scripts, styles and calls
 * from this origin only, no inline code, no eval, `frame-ancestors 'none'`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: no-referrer`); the HTML is `no-store`. The page is static: a visitor without the admin
 * role gets it, and nothing from the `/v1` API (server/admin/access.ts). Off with `ADMIN_CONSOLE=off`.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { ApiError } from '../errors.ts';
import { resolveInside, setPageSecurityHeaders } from '../routes/static.ts';
import type { AppEnv, Ctx } from '../services.ts';

/** Where the built console is by default: `dist/admin/` of the repository (the server's package sits in `server/`). */
export const DEFAULT_ADMIN_CONSOLE_DIR = fileURLToPath(new URL('../../dist/admin/', import.meta.url));

/** The console's CSP: the page headers' own, stated here so a later loosening of the demo pages' policy does not reach it. */
const CONSOLE_CSP: Readonly<Record<string, string>> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'connect-src': "'self'",
  'img-src': "'self' data:",
  'frame-ancestors': "'none'",
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The page a server without a built console answers with (503). */
const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Admin console not built</title></head>
<body><main><h1>The admin console is not built</h1><p>Run <code>node scripts/build.mjs</code> in the repository (it writes <code>dist/admin/</code>), then reload this page.</p></main></body></html>
`;

async function fileOf(path: string): Promise<string | null> {
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Registers `GET /admin` and `GET /admin/*`, serving the console from `dir`, and `GET /admin/config.json`:
 * the served project's public token (public by design), which the console's client needs before anyone
 * signs in (docs/reference/admin.md#browser-app).
 */
export function adminConsoleRoutes(app: Hono<AppEnv>, dir: string = DEFAULT_ADMIN_CONSOLE_DIR, publicToken?: () => string): void {
  const root = resolve(dir);
  if (publicToken) {
    app.get('/admin/config.json', (c) => {
      setPageSecurityHeaders(c, CONSOLE_CSP);
      c.header('Cache-Control', 'no-store');
      return c.json({ public_token: publicToken() });
    });
  }
  const serve = async (c: Ctx): Promise<Response> => {
    setPageSecurityHeaders(c, CONSOLE_CSP);
    const rest = c.req.path.replace(/^\/admin\/?/, '');
    const index = await fileOf(resolve(root, 'index.html'));
    if (!index) {
      c.header('Cache-Control', 'no-store');
      return c.html(NOT_BUILT, 503);
    }
    let file = rest === '' ? index : resolveInside(root, `/${rest}`);
    if (file === null) throw new ApiError('not_found');
    if (!(await fileOf(file))) {
      // A client-side route (no extension) is the app's; a missing asset is a 404, not the page.
      if (extname(rest) !== '') throw new ApiError('not_found');
      file = index;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    c.header('Content-Type', type);
    c.header('X-Content-Type-Options', 'nosniff');
    // The HTML names the current assets: never cached; the assets are revalidated (their names may not change between builds).
    c.header('Cache-Control', file === index ? 'no-store' : 'no-cache');
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(new Uint8Array(await readFile(file)), 200);
  };
  app.get('/admin', serve);
  app.get('/admin/*', serve);
}
