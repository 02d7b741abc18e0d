/**
 * The dev inbox shows an email's HTML part, as the project worded it, beside its text, in Chromium
 * (issue 28). The HTML is the project's markup with user values in it, so it is treated as untrusted:
 * a sandboxed frame (an opaque origin the inbox page cannot reach into, and that cannot reach the
 * inbox), loaded from a route whose own CSP sandboxes it too, and nothing on the page breaks its CSP.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { e2eHarness, watchPages } from '../e2e-harness.ts';

const e2e = e2eHarness({
  name: 'templates-inbox',
  page: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title></head><body></body></html>',
  app: {
    logger: () => undefined,
    messages: {
      email_otp: {
        default: {
          html: '<p id="greeting" style="color:#0a0">Code for {{email}}: <b id="code">{{code}}</b></p><p><img alt="logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></p>',
        },
      },
    },
  },
});

describe('dev inbox: the HTML part, sandboxed, beside the text (Chromium)', () => {
  it('renders the project HTML in an opaque-origin frame, with no CSP violation', async () => {
    const to = "o'hara&co@example.com";
    const r = await fetch(`${e2e.base}/sdk/v1/otps/email/login_or_create`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${e2e.instance.publicToken}:${e2e.instance.publicToken}`).toString('base64')}`,
        'content-type': 'application/json',
        origin: e2e.base,
      },
      body: JSON.stringify({ email: to }),
    });
    assert.equal(r.status, 200, await r.text());
    const code = await e2e.latestCode(to);

    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await page.goto(`${e2e.base}/dev/inbox?refresh=0`);
    const frame = page.frameLocator('iframe.html');
    assert.equal(await frame.locator('#greeting').textContent(), `Code for ${to}: ${code}`, 'the address shows as text');
    assert.equal(await frame.locator('#code').textContent(), code);
    // Beside it, the plain-text part.
    assert.ok((await page.locator('.parts pre').first().textContent())?.includes(code));

    const frameState = await page.evaluate(() => {
      const iframe = document.querySelector('iframe.html') as HTMLIFrameElement;
      return { sandbox: iframe.getAttribute('sandbox'), tokens: iframe.sandbox.length, reachable: iframe.contentDocument !== null };
    });
    assert.deepEqual(frameState, { sandbox: '', tokens: 0, reachable: false }, 'no sandbox token: no script, an opaque origin');
    // The framed document itself may run nothing, even opened on its own.
    const framed = page.frames().find((f) => f.url().endsWith('/html'));
    assert.ok(framed, 'the frame loaded the HTML route');
    const direct = await fetch(framed.url());
    assert.match(direct.headers.get('content-security-policy') ?? '', /(^|;\s*)sandbox\s*(;|$)/);
    assert.match(direct.headers.get('content-security-policy') ?? '', /script-src 'none'/);

    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
