/**
 * The provider's own pre-built UIs (its vanilla-js 5.x and 6.x, issue 27 item 7) signing in by SMS
 * against the server, in real Chromium: a host app on its own origin (an allowed one) mounts the UI
 * pointed at the server (`endpoints.testAPIURL`, and `endpoints.clientsideServicesIframeURL` at the
 * server's /clientside-services/index.html). The UI frames that page to format the number as it is
 * typed and to turn it into E.164 on submit; the code is read from the dev inbox and the UI signs in.
 * Then the attack half: a page on a foreign origin that reaches the frame (a sibling frame in an
 * allowed page, `parent.frames[0]`) gets no answer, while the allowed page's own call does.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { e2eHarness, root, watchPages } from './e2e-harness.ts';

/** The provider's UI packages under test: 6.x, and 5.x (the alias stytch-vanilla-js-5). */
const UIS = [
  { version: '6.x', pkg: '@stytch/vanilla-js' },
  { version: '5.x', pkg: 'stytch-vanilla-js-5' },
] as const;

/** Bundles one UI package for a <script> tag: its StytchUIClient and Products (6.x's are objects, 5.x's strings) on `window.__providerUI`. */
async function bundleUi(pkg: string): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { Products, StytchUIClient } from '${pkg}'; window.__providerUI = { Products, StytchUIClient };`,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0]!.text;
}

/** The host app's script: mounts the UI's SMS login, pointed at the server named in the query. */
const HOST_SCRIPT = `
const q = new URLSearchParams(location.search);
const api = q.get('api');
window.__events = [];
const client = new window.__providerUI.StytchUIClient(q.get('token'), {
  endpoints: { testAPIURL: api, liveAPIURL: api, clientsideServicesIframeURL: api + '/clientside-services/index.html' },
});
const props = {
  client,
  config: { products: [window.__providerUI.Products.otp], otpOptions: { methods: ['sms'], expirationMinutes: 5 } },
  callbacks: { onEvent: (e) => window.__events.push(e.type), onError: (e) => window.__events.push('error: ' + (e && e.message)) },
};
const mounted = client.mountLogin({ elementId: '#login', ...props });
// 6.x's mountLogin creates its <stytch-ui> without handing it the props (only a second call would):
// its element takes them through render().
if (mounted && typeof mounted.render === 'function') mounted.render(props);
`;

/** The allowed page of the attack half: the frame, and a foreign sibling frame that tries to use it. */
const ATTACK_HOST_SCRIPT = `
const q = new URLSearchParams(location.search);
const frame = document.createElement('iframe');
frame.src = q.get('api') + '/clientside-services/index.html';
const foreign = document.createElement('iframe');
foreign.src = q.get('foreign') + '/foreign.html';
window.__loaded = Promise.all([frame, foreign].map((f) => new Promise((r) => f.addEventListener('load', r, { once: true }))));
document.body.append(frame, foreign);
window.__call = (method, args) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  frame.contentWindow.postMessage({ method, args }, q.get('api'), [channel.port2]);
});
window.__ask = (what) => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data);
  foreign.contentWindow.postMessage(what, '*', [channel.port2]);
});
`;

/** The foreign frame: on 'send' it posts a request to its sibling (the clientside-services frame); on 'report' it tells what came back. */
const FOREIGN_SCRIPT = `
const answers = [];
window.addEventListener('message', (e) => {
  if (e.data === 'send') {
    const channel = new MessageChannel();
    channel.port1.onmessage = (m) => answers.push(m.data);
    parent.frames[0].postMessage({ method: 'parsedPhoneNumber', args: [{ phoneNumber: '2015550123', regionCode: 'US' }] }, '*', [channel.port2]);
    e.ports[0].postMessage('sent');
  } else if (e.data === 'report') {
    e.ports[0].postMessage(answers);
  }
});
`;

describe("the provider's pre-built UIs sign in by SMS through the server's clientside-services page (Chromium)", () => {
  const e2e = e2eHarness({ name: 'provider-ui-sms', page: '<!doctype html><title>server page</title>' });
  let host: Server;
  let hostBase: string;
  let foreignBase: string;
  const bundles = new Map<string, string>();

  before(async () => {
    for (const ui of UIS) bundles.set(`/${ui.version}.js`, await bundleUi(ui.pkg));
    // The developer's app: another port, so another origin than the server's, on the test project's
    // allowed list (http://localhost:*). Served as `foreign.localhost` it is a foreign origin: Chromium
    // resolves *.localhost to the loopback, and no allowed origin names that host.
    host = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const js = (body: string) => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body);
      const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (bundles.has(path)) return js(bundles.get(path)!);
      if (path === '/host.js') return js(HOST_SCRIPT);
      if (path === '/attack.js') return js(ATTACK_HOST_SCRIPT);
      if (path === '/foreign.js') return js(FOREIGN_SCRIPT);
      if (path === '/foreign.html') return html('<!doctype html><title>foreign</title><script src="/foreign.js"></script>');
      if (path === '/attack.html') return html('<!doctype html><title>host app</title><body><script src="/attack.js"></script></body>');
      const ui = /^\/ui-(5\.x|6\.x)\.html$/.exec(path)?.[1];
      if (ui)
        return html(
          `<!doctype html><title>host app</title><body><div id="login"></div><script src="/${ui}.js"></script><script src="/host.js"></script></body>`,
        );
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const port = (host.address() as AddressInfo).port;
    hostBase = `http://localhost:${port}`;
    foreignBase = `http://foreign.localhost:${port}`;
  });
  after(
    () =>
      new Promise<void>((resolve) => {
        host.close(() => resolve());
        host.closeAllConnections();
      }),
  );

  /** The phone number field of the mounted UI (type tel in 6.x, text in 5.x). */
  const phoneField = (page: Page) => page.locator('#phone-input');

  for (const ui of UIS) {
    it(`${ui.version}: the number is formatted as typed, sent in E.164, and the passcode from the dev inbox signs in`, async () => {
      const context = await e2e.browser.newContext();
      const watch = await watchPages(context);
      const page = await context.newPage();
      const url = new URL(`${hostBase}/ui-${ui.version}.html`);
      url.searchParams.set('api', e2e.base);
      url.searchParams.set('token', e2e.instance.publicToken);
      await page.goto(url.href);
      // Country defaults to US (+1); a distinct number per UI, so each reads its own message.
      const national = ui.version === '6.x' ? '(415) 555-2671' : '(415) 555-2672';
      const e164 = `+1${national.replace(/\D/g, '')}`;
      await phoneField(page).waitFor({ state: 'visible' });
      await phoneField(page).pressSequentially(national.replace(/\D/g, ''));
      // The frame's answer is written back into the field: formatted, not the digits as typed.
      await page.waitForFunction((want) => (document.querySelector('#phone-input') as HTMLInputElement | null)?.value === want, national);
      await page.getByRole('button', { name: /continue/i }).click();
      const code = await e2e.latestCode(e164);
      assert.match(code, /^\d{6}$/);
      // The passcode screen shows the number as the frame formats it.
      await page.getByText(national).first().waitFor({ state: 'visible' });
      const otp = page.locator('input[autocomplete="one-time-code"], input[inputmode="numeric"]').first();
      await otp.waitFor({ state: 'visible' });
      await otp.pressSequentially(code);
      // Signed in: the UI holds a session the server knows.
      await page.waitForFunction(() => /(^|;\s*)stytch_session=/.test(document.cookie));
      const token = await page.evaluate(() => /(?:^|;\s*)stytch_session=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch(`${e2e.base}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${e2e.instance.publicToken}:${decodeURIComponent(token)}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      const body = (await r.json()) as { data?: { user?: { phone_numbers?: { phone_number: string; verified: boolean }[] } } };
      assert.equal(r.status, 200, JSON.stringify(body));
      assert.deepEqual(
        body.data?.user?.phone_numbers?.map((p) => [p.phone_number, p.verified]),
        [[e164, true]],
      );
      assert.deepEqual(watch.pageErrors, []);
      await context.close();
    });
  }

  it('a foreign origin reaching the frame through an allowed page gets no answer; the allowed page does', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const url = new URL(`${hostBase}/attack.html`);
    url.searchParams.set('api', e2e.base);
    url.searchParams.set('foreign', foreignBase);
    await page.goto(url.href);
    await page.evaluate(() => (window as unknown as { __loaded: Promise<unknown> }).__loaded);
    type Win = { __ask(what: string): Promise<unknown>; __call(method: string, args: unknown[]): Promise<unknown> };
    // The foreign frame's request goes first; the frame answers each message as it comes, in order.
    assert.equal(await page.evaluate(() => (window as unknown as Win).__ask('send')), 'sent');
    const mine = await page.evaluate(() => (window as unknown as Win).__call('parsedPhoneNumber', [{ phoneNumber: '2015550123', regionCode: 'US' }]));
    assert.deepEqual(mine, { success: true, payload: { isValid: true, number: '+12015550123', national: '(201) 555-0123', countryCode: '1' } });
    const example = await page.evaluate(() => (window as unknown as Win).__call('getExamplePhoneNumber', [{ regionCode: 'US' }]));
    assert.deepEqual(example, { success: true, payload: { phoneNumber: '(201) 555-0123' } });
    assert.deepEqual(await page.evaluate(() => (window as unknown as Win).__ask('report')), []);
    await context.close();
  });

  it('a page on a foreign origin cannot frame it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
    });
    await page.goto(`${foreignBase}/foreign.html`);
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
    }, `${e2e.base}/clientside-services/index.html`);
    await page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()) });
    assert.ok(blocked.length > 0);
    await context.close();
  });
});
