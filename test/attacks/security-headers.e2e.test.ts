/**
 * Attack (issue 10, item 16): the demo and dev pages were sent without CSP, frame-ancestors,
 * Referrer-Policy or COOP, so an injected script would run, any site could frame the sign-in and
 * reset forms (clickjacking), and the reset and magic-link pages leaked their token in the Referer
 * of everything they loaded. Every page and file the server serves now carries strict headers
 * (server/routes/static.ts); here each demo page is fetched and loaded in Chromium under them.
 * The demo flows themselves run under these headers with a CSP violation listener in
 * demo/demo.e2e.test.ts (shadow and light DOM) and test/attacks/magic-link-scanner.e2e.test.ts.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { e2eHarness, root, watchPages } from '../e2e-harness.ts';

const e2e = e2eHarness({ name: 'headers', page: { dir: join(root, 'demo/public') }, app: { logger: () => undefined } });

const PAGES = ['/', '/index.html', '/authenticate.html', '/reset.html', '/passkeys.html', '/dev/inbox'];
const FILES = ['/demo.js', '/shared.js', '/redirect-token.js', '/demo.css', '/dist/auth-elements.js', '/dev/inbox.css'];

/** A CSP header as directive -> value. */
function directives(csp: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values.join(' ');
  }
  return out;
}

describe('attack: demo and dev pages without security headers (issue 10, item 16)', () => {
  for (const path of [...PAGES, ...FILES]) {
    it(`${path} carries the strict headers`, async () => {
      const r = await fetch(`${e2e.base}${path}`);
      assert.equal(r.status, 200);
      const csp = directives(r.headers.get('content-security-policy'));
      const inbox = path === '/dev/inbox';
      assert.equal(csp['default-src'], inbox ? "'none'" : "'self'");
      assert.equal(csp['script-src'], inbox ? "'none'" : "'self'", 'no inline script');
      assert.equal(csp['style-src'], "'self'", 'no inline style');
      assert.equal(csp['connect-src'], inbox ? "'none'" : "'self'");
      assert.equal(csp['img-src'], "'self' data:");
      assert.equal(csp['frame-ancestors'], "'none'");
      assert.equal(csp['base-uri'], "'none'");
      assert.equal(csp['form-action'], "'self'");
      assert.equal(csp['object-src'], "'none'");
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(r.headers.get('cross-origin-opener-policy'), 'same-origin');
      assert.equal(r.headers.get('x-frame-options'), 'DENY');
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      const permissions = r.headers.get('permissions-policy') ?? '';
      assert.match(permissions, /publickey-credentials-get=\(self\)/);
      assert.match(permissions, /publickey-credentials-create=\(self\)/);
      assert.match(permissions, /camera=\(\)/);
    });
  }

  it('every demo page and the dev inbox load with no CSP violation and no page error', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(`${e2e.base}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // The inbox's styles came from its stylesheet file.
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).maxWidth), '760px');
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });

  it('an injected inline script does not run, and the violation is seen', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    await page.locator('auth-login input[type="email"]').waitFor();
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true;';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    assert.equal(ran, false);
    assert.ok(
      watch.cspViolations.some((v) => /^script-src(-elem)? blocked inline /.test(v)),
      watch.cspViolations.join('\n'),
    );
    await context.close();
  });

  it('another site cannot frame the reset or sign-in pages (frame-ancestors, X-Frame-Options)', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // A page of no origin of ours, framing ours.
    await page.setContent(`<iframe id="a" src="${e2e.base}/reset.html?token=t"></iframe><iframe id="b" src="${e2e.base}/"></iframe>`);
    await page.waitForLoadState('networkidle');
    const framed = page.frames().filter((f) => f !== page.mainFrame());
    assert.equal(framed.length, 2);
    for (const frame of framed) {
      assert.ok(!frame.url().startsWith(e2e.base), `framed page blocked, got ${frame.url()}`);
    }
    await context.close();
  });

  it('a reset page with a token in its address sends no Referer, and the token leaves the address bar', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const referers: string[] = [];
    // Every request's headers are read before the verdict (and before the context closes): a read
    // still under way then would miss a Referer, or reject once the page is gone.
    const reads: Promise<void>[] = [];
    page.on('request', (r) => {
      reads.push(
        r.allHeaders().then((headers) => {
          if (headers['referer']) referers.push(`${r.url()} <- ${headers['referer']}`);
        }),
      );
    });
    await page.goto(`${e2e.base}/reset.html?stytch_token_type=reset_password&token=secret-token-in-the-address`);
    await page.locator('auth-reset-password input[name="password"]').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    assert.deepEqual(referers, []);
    assert.equal(new URL(page.url()).search, '');
    await context.close();
  });
});
