/**
 * The provider's pre-built UIs (its vanilla-js 5.x and 6.x) format and check phone numbers through a
 * hidden page they frame (their `endpoints.clientsideServicesIframeURL`, here
 * `/clientside-services/index.html` on the API's host). They post `{ method, args: [request] }` to it
 * with a MessagePort and wait for `{ success: true, payload }` (or `{ success: false, error }`) on that
 * port; without an answer each keystroke waits 10 s and an SMS sign-in sends a bare calling code
 * (docs/reference/methods/otps.md#screens). Our page answers `parsedPhoneNumber` and
 * `getExamplePhoneNumber` in the browser with libphonenumber-js's own browser bundle (the dependency the
 * server already validates numbers with, server/phones.ts), so a keystroke costs no request.
 *
 * Only the project's allowed origins (and this server's own) may frame it (CSP `frame-ancestors`), and
 * the page answers a message only when its sender's origin is one of them: a foreign page that reaches
 * the frame through an allowed page (`opener.frames[0]`) gets nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { allowedOriginProblem } from '../project/origins.ts';
import type { Route } from '../routes/types.ts';
import { setPageSecurityHeaders } from '../routes/static.ts';
import type { Ctx, Services } from '../services.ts';
import { FRAME_SCRIPT } from './clientside-services-frame.ts';

/** The page's path: the provider's UIs frame `{api host}/clientside-services/index.html`. */
export const CLIENTSIDE_SERVICES_PAGE = '/clientside-services/index.html';
/** The page's own script (the message handler). */
export const CLIENTSIDE_SERVICES_SCRIPT = '/clientside-services/frame.js';
/** libphonenumber-js's browser bundle (its global `libphonenumber`), served as the package ships it. */
export const CLIENTSIDE_SERVICES_PHONE_LIBRARY = '/clientside-services/libphonenumber.js';

const require = createRequire(import.meta.url);
const phoneLibraryDir = dirname(require.resolve('libphonenumber-js/package.json'));

let phoneLibrary: string | undefined;
let examplesJson: string | undefined;

/** The min-metadata bundle: the metadata server/phones.ts validates with (a number the frame calls valid, the server accepts). */
function phoneLibrarySource(): string {
  phoneLibrary ??= readFileSync(join(phoneLibraryDir, 'bundle', 'libphonenumber-min.js'), 'utf8');
  return phoneLibrary;
}

/** An example mobile number per country (the placeholder the UIs show), as JSON. */
function examples(): string {
  examplesJson ??= JSON.stringify(JSON.parse(readFileSync(join(phoneLibraryDir, 'examples.mobile.json'), 'utf8')));
  return examplesJson;
}

/** HTML-escapes an attribute value. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The project's allowed origins a CSP source expression can name: well-formed origins or `scheme://host:*`, by host name or IPv4. */
function framingOrigins(svc: Services): string[] {
  // CSP host-source has no IPv6 literal (Chromium reports `http://[::1]:*` as an error and drops it).
  return svc.project.config.allowed_origins.filter((o) => allowedOriginProblem(o) === null && !o.includes('['));
}

/** Registers the page and its two scripts. */
export function clientsideServicesRoutes(route: Route, svc: Services): void {
  route('GET', CLIENTSIDE_SERVICES_PAGE, (c: Ctx) => {
    const origins = framingOrigins(svc);
    setPageSecurityHeaders(c, {
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'none'",
      'connect-src': "'none'",
      'img-src': "'none'",
      'form-action': "'none'",
      // Framed by the project's own pages only (docs/reference/security.md#host-and-transport).
      'frame-ancestors': ["'self'", ...origins].join(' '),
    });
    // The CSP's frame-ancestors governs; X-Frame-Options DENY would refuse every frame.
    c.header('X-Frame-Options', undefined);
    // The allowed origins can change while the server runs (admin CLI); each load reads them afresh.
    c.header('Cache-Control', 'no-cache');
    return c.html(
      `<!doctype html><html lang="en" data-allowed-origins="${attr(JSON.stringify(origins))}" data-examples="${attr(examples())}"><head><meta charset="utf-8"><title>clientside services</title>` +
        `<script src="${CLIENTSIDE_SERVICES_PHONE_LIBRARY}"></script><script src="${CLIENTSIDE_SERVICES_SCRIPT}"></script></head><body></body></html>`,
    );
  });
  route('GET', CLIENTSIDE_SERVICES_SCRIPT, (c: Ctx) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(FRAME_SCRIPT);
  });
  route('GET', CLIENTSIDE_SERVICES_PHONE_LIBRARY, (c: Ctx) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(phoneLibrarySource());
  });
}
