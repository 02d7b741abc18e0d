/**
 * Probes that already pass, kept as regression tests (issue 10): hostile input reaching the widget
 * from every side it reads, over the built bundle in Chromium against the real reference server.
 * - texts: the host's `strings`, the project name from the bootstrap, the server's error messages
 *   (`<img src=x onerror=...>`, `javascript:` URLs, RTL overrides, 10 kB) render as text: no
 *   element is created and no script runs. These pages run with the CSP bypassed, so it is the
 *   rendering, not the CSP, that is tested: an injected handler would really run;
 * - `styles` values that try to leave their declaration (`url(javascript:...)`, `expression(...)`,
 *   `}` injection, `</style>`) are dropped, the rest of the theme still applies;
 * - a broken localStorage (throws on access; quota exceeded on write) still renders and signs in;
 * - a server that is down or answers 500 (a real fault proxy) shows 'Unable to contact our
 *   servers.' or the error text, and the widget works again once the server is back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { FaultProxy } from '../../sdk-core/test-support.ts';
import { type E2e, e2eHarness, screenIs, uniqueEmail, watchPages } from '../e2e-harness.ts';

// The host page: the element bundle and a place for the widget; each test mounts it with its props.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile input</title>
<script type="module" src="/dist/auth-elements.js"></script></head><body><main></main></body></html>`;

const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const JS_URL = 'javascript:window.__pwned=3';
const RTL = 'evil\u202Egnp.exe\u202C';
const LONG = 'A'.repeat(10 * 1024);

/** What a hostile text could have created or run inside a widget. */
const INJECTED = 'img, script, iframe, object, embed, svg image, [onerror], [onload], [href^="javascript:" i], [src^="javascript:" i]';

/** Mounts a widget element with `props` (config gets the server's token and `apiBaseUrl`). */
async function mount(e2e: E2e, page: Page, tag: string, props: Record<string, unknown>, apiBaseUrl = e2e.base): Promise<void> {
  await page.evaluate(
    async ({ tag, props, publicToken, apiBaseUrl }) => {
      await customElements.whenDefined(tag);
      const el = document.createElement(tag) as HTMLElement & Record<string, unknown>;
      const config = (props.config ?? {}) as Record<string, unknown>;
      Object.assign(el, props, { config: { ...config, publicToken, apiBaseUrl } });
      document.querySelector('main')!.replaceChildren(el);
    },
    { tag, props, publicToken: e2e.instance.publicToken, apiBaseUrl },
  );
}

/** Elements inside the widget (shadow root and light DOM) matching `selector`, as tag names. */
const found = (page: Page, tag: string, selector: string) =>
  page.evaluate(
    ({ tag, selector }) => {
      const el = document.querySelector(tag)!;
      return [...(el.shadowRoot?.querySelectorAll(selector) ?? []), ...el.querySelectorAll(selector)].map((n) => n.outerHTML.slice(0, 80));
    },
    { tag, selector },
  );

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null);

const EMAIL_OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };

/** Types `email`, submits, types the passcode from the dev inbox; resolves on the success screen. */
async function signIn(e2e: E2e, page: Page, email: string): Promise<void> {
  const login = page.locator('auth-login');
  await login.locator('input[type="email"]').fill(email);
  await login.locator('input[type="email"]').press('Enter');
  const otp = login.locator('input[autocomplete="one-time-code"]');
  await otp.waitFor();
  await otp.pressSequentially(await e2e.latestCode(email));
  await screenIs(page, 'OTPConfirmation');
}

describe('hostile input to the widget (regression probes, issue 10)', () => {
  const e2e = e2eHarness({ name: 'hostile', page: PAGE, app: { logger: () => undefined } });
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    // The CSP off: what protects here must be the rendering itself.
    context = await e2e.browser.newContext({ bypassCSP: true });
    page = await context.newPage();
  });
  after(() => context.close());

  it('hostile strings render as text, create no element, run nothing, and the widget still signs in', async () => {
    await page.goto(`${e2e.base}/`);
    const strings = {
      'main.header': XSS,
      'email.label': RTL,
      'button.continue': JS_URL,
      'email.placeholder': LONG,
      'otp.title': XSS,
      'otp.successTitle': LONG,
    };
    await mount(e2e, page, 'auth-login', { config: EMAIL_OTP, strings });
    const login = page.locator('auth-login');
    assert.equal(await login.locator('h1').textContent(), XSS);
    assert.equal(await login.locator('label').first().textContent(), RTL);
    assert.equal(await login.locator('button[type="submit"]').textContent(), JS_URL);
    assert.equal(await login.locator('input[type="email"]').getAttribute('placeholder'), LONG);
    assert.deepEqual(await found(page, 'auth-login', INJECTED), []);
    await signIn(e2e, page, uniqueEmail('hostile-strings'));
    assert.equal(await login.locator('h1').textContent(), LONG);
    assert.deepEqual(await found(page, 'auth-login', INJECTED), []);
    assert.equal(await pwned(page), null);
  });

  it('hostile server error messages render as text', async () => {
    const proxy = new FaultProxy(e2e.base);
    const proxyUrl = await proxy.start();
    try {
      await page.goto(`${e2e.base}/`);
      await mount(e2e, page, 'auth-login', { config: EMAIL_OTP }, proxyUrl);
      const login = page.locator('auth-login');
      await login.locator('input[type="email"]').waitFor();
      for (const message of [XSS, JS_URL, RTL, LONG]) {
        // An error type the widget has no text for: docs/reference/errors.md#messages-by-error-type shows the server's error_message.
        proxy.mode = {
          kind: 'raw',
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ status_code: 400, request_id: 'r', error_type: 'hostile_error', error_message: message, error_url: JS_URL }),
        };
        await login.locator('input[type="email"]').fill(uniqueEmail('hostile-error'));
        await login.locator('input[type="email"]').press('Enter');
        await page.waitForFunction((m) => {
          const el = document.querySelector('auth-login')!;
          return [...el.shadowRoot!.querySelectorAll('.ae-error')].some((n) => n.textContent === m);
        }, message);
        assert.deepEqual(await found(page, 'auth-login', INJECTED), []);
      }
      assert.equal(await pwned(page), null);
    } finally {
      await proxy.stop();
    }
  });

  it('hostile styles values are dropped; valid ones still apply; nothing is fetched from them', async () => {
    await page.goto(`${e2e.base}/`);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(e2e.base)) requested.push(r.url());
    });
    const styles = {
      fontFamily: 'x; } :host { display: none } .ae-root {',
      colors: { primary: 'url(javascript:window.__pwned=4)', secondary: 'expression(alert(1))', error: '#00ff00' },
      container: {
        backgroundColor: 'red; background-image: url(https://evil.example/a.png)',
        width: '100px</style><script>window.__pwned=5</script>',
        borderRadius: '}</style>',
      },
      buttons: { primary: { backgroundColor: 'var(--x, url(https://evil.example/b.png))', textColor: 'rgb(1,2,3)' } },
      inputs: { borderColor: '#fff;}*{display:none' },
      logo: { logoImageUrl: JS_URL },
    };
    await mount(e2e, page, 'auth-login', { config: EMAIL_OTP, styles });
    const login = page.locator('auth-login');
    await login.locator('input[type="email"]').waitFor();
    const computed = await page.evaluate(() => {
      const root = document.querySelector('auth-login')!.shadowRoot!;
      const box = getComputedStyle(root.querySelector('.ae-root')!);
      const button = getComputedStyle(root.querySelector('button[type="submit"]')!);
      return {
        display: getComputedStyle(document.querySelector('auth-login')!).display,
        width: box.width,
        background: box.backgroundColor,
        image: box.backgroundImage,
        font: box.fontFamily,
        color: box.color,
        errorVar: box.getPropertyValue('--auth-color-error').trim(),
        buttonText: button.color,
        buttonBackground: button.backgroundColor,
      };
    });
    assert.deepEqual(computed, {
      display: 'block',
      width: '400px',
      background: 'rgb(255, 255, 255)',
      image: 'none',
      // Issue 30 item 6: the default font is the system UI stack (was Arial first).
      font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      color: 'rgb(25, 48, 61)',
      errorVar: '#00ff00',
      buttonText: 'rgb(1, 2, 3)',
      buttonBackground: 'rgb(25, 48, 61)',
    });
    assert.deepEqual(await found(page, 'auth-login', INJECTED), [], 'no logo from a javascript: URL');
    assert.deepEqual(requested, []);
    assert.equal(await pwned(page), null);
  });
});

describe('a project name from the bootstrap renders as text (regression probe, issue 10)', () => {
  // The project name is the project's own (a live project's PROJECT_CONFIG names it), not a bootstrap override.
  // Without PKCE, so that a login link opened without a verifier shows the one-click step that names the project.
  const e2e = e2eHarness({
    name: 'hostile-name',
    page: PAGE,
    app: {
      liveProject: {
        public_token: 'public-token-live-hostile-name',
        project_name: XSS,
        allowed_origins: ['http://localhost:*'],
        bootstrap: { pkce_required_for_password_resets: false },
      },
      logger: () => undefined,
    },
  });

  it("in <auth-reset-password>'s one-click step", async () => {
    const context = await e2e.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    await mount(e2e, page, 'auth-reset-password', { passwordResetToken: 'not-redeemed', passwordResetTokenType: 'login', config: { products: ['passwords'] } });
    const reset = page.locator('auth-reset-password');
    await reset.getByRole('heading', { name: 'Finish signing in' }).waitFor();
    assert.equal(await reset.locator('p.ae-text').textContent(), `This finishes signing in to ${XSS} in this browser.`);
    assert.deepEqual(await found(page, 'auth-reset-password', INJECTED), []);
    assert.equal(await pwned(page), null);
    await context.close();
  });
});

describe('broken storage and an unreachable server (regression probes, issue 10)', () => {
  const e2e = e2eHarness({ name: 'hostile-env', page: PAGE, app: { logger: () => undefined } });

  const BROKEN_STORAGE: [string, () => void][] = [
    [
      'localStorage throws on access (blocked storage)',
      () => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      },
    ],
    [
      'localStorage is full (quota exceeded on every write)',
      () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
    ],
  ];
  for (const [what, breakStorage] of BROKEN_STORAGE) {
    it(`${what}: the widget renders and signs in`, async () => {
      const context = await e2e.browser.newContext();
      await context.addInitScript(breakStorage);
      const watch = await watchPages(context);
      const page = await context.newPage();
      await page.goto(`${e2e.base}/`);
      await mount(e2e, page, 'auth-login', { config: EMAIL_OTP });
      await signIn(e2e, page, uniqueEmail('broken-storage'));
      assert.ok(
        (await context.cookies()).some((c) => c.name === 'stytch_session'),
        'session cookie written',
      );
      assert.deepEqual(watch.pageErrors, []);
      await context.close();
    });
  }

  it('the server down, then answering 500: the error text shows, and the widget works once the server is back', async () => {
    const proxy = new FaultProxy(e2e.base);
    const proxyUrl = await proxy.start();
    // The page calls the proxy (another origin), which the test page's connect-src would refuse.
    const context = await e2e.browser.newContext({ bypassCSP: true });
    const watch = await watchPages(context);
    try {
      const page = await context.newPage();
      await page.goto(`${e2e.base}/`);
      proxy.mode = { kind: 'down' };
      await mount(e2e, page, 'auth-login', { config: EMAIL_OTP }, proxyUrl);
      const login = page.locator('auth-login');
      const email = uniqueEmail('server-down');
      await login.locator('input[type="email"]').fill(email);
      await login.locator('input[type="email"]').press('Enter');
      await login.getByText('Unable to contact our servers.').waitFor();

      proxy.mode = { kind: 'status', status: 500, error_type: 'internal_server_error' };
      await login.locator('input[type="email"]').press('Enter');
      await login.getByText('internal_server_error', { exact: true }).waitFor();

      proxy.mode = { kind: 'raw', status: 500, contentType: 'text/html', body: '<html><body>Internal Server Error</body></html>' };
      await login.locator('input[type="email"]').press('Enter');
      await login.getByText('Invalid JSON response from our servers.').waitFor();

      proxy.mode = { kind: 'pass' };
      await login.locator('input[type="email"]').press('Enter');
      await login.locator('input[autocomplete="one-time-code"]').waitFor();
      assert.deepEqual(watch.pageErrors, []);
    } finally {
      await context.close();
      await proxy.stop();
    }
  });
});
