/**
 * React 19 hydrating a server-rendered <auth-login> (issue 27 item 6), in Chromium with React 19.3
 * (demo/hosts/react19's): the page's HTML comes from react-dom/server, the client hydrates it with
 * hydrateRoot. The tag used directly, as in the README's first React 19 snippet, gets none of its
 * props while React hydrates (facebook/react#35446): the element reports that nothing was given and
 * names hydration and the wrappers. The same page with the auth-elements/react wrapper works: the
 * wrapper sets the properties in an effect, after hydration.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { e2eHarness, root } from './e2e-harness.ts';

/** React 19 and its DOM renderer, from the React 19 host app's own install. */
const REACT19 = join(root, 'demo/hosts/react19/node_modules');
const alias = { react: join(REACT19, 'react'), 'react-dom': join(REACT19, 'react-dom') };

/** The app, rendered on the server and hydrated in the page: the bare tag, or the wrapper. */
const APP = `
import { createElement } from 'react';
import { AuthLogin, createClient } from ${JSON.stringify(join(root, 'src/react.ts'))};
export const config = { products: ['otp'], otpOptions: { methods: ['email'] } };
export function App({ wrapper, client }) {
  return createElement('main', null, wrapper
    ? createElement(AuthLogin, { client, config })
    : createElement('auth-login', { client, config }));
}
export { createClient };
`;

const dir = mkdtempSync(join(tmpdir(), 'auth-elements-react19-hydration-'));
const e2e = e2eHarness({ name: 'react19-hydration', page: { dir } });

describe('React 19 hydration of a server-rendered <auth-login> (Chromium, React 19)', () => {
  let render: (wrapper: boolean) => string;
  before(async () => {
    writeFileSync(join(dir, 'app.js'), APP);
    // The server half: react-dom/server's renderToString of the same app, run here in Node.
    const server = await build({
      stdin: {
        contents: `import { createElement } from 'react'; import { renderToString } from 'react-dom/server'; import { App } from './app.js';
export const render = (wrapper) => renderToString(createElement(App, { wrapper, client: null }));`,
        resolveDir: dir,
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      // react-dom/server is CommonJS that requires Node's modules.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      alias,
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    writeFileSync(join(dir, 'server.mjs'), server.outputFiles[0]!.text);
    ({ render } = (await import(pathToFileURL(join(dir, 'server.mjs')).href)) as { render: (wrapper: boolean) => string });
    // The client half: defines the tags, then hydrates the server's HTML (the README's order).
    const client = await build({
      stdin: {
        contents: `import { createElement } from 'react'; import { hydrateRoot } from 'react-dom/client'; import { App, createClient } from './app.js';
import { defineAuthElements } from ${JSON.stringify(join(root, 'src/react.ts'))};
window.__errors = [];
document.addEventListener('auth-error', (e) => window.__errors.push(e.detail.message), true);
defineAuthElements();
const q = new URLSearchParams(location.search);
const client = createClient(q.get('token'), { apiBaseUrl: location.origin });
hydrateRoot(document.getElementById('root'), createElement(App, { wrapper: q.get('wrapper') === '1', client }));`,
        resolveDir: dir,
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      alias,
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    writeFileSync(join(dir, 'client.js'), client.outputFiles[0]!.text);
    for (const wrapper of [false, true]) {
      writeFileSync(
        join(dir, wrapper ? 'wrapper.html' : 'tag.html'),
        `<!doctype html><html><head><meta charset="utf-8"><title>hydration</title></head><body><div id="root">${render(wrapper)}</div><script type="module" src="/client.js"></script></body></html>`,
      );
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the server sends the tag with neither config nor client (objects are not attributes)', () => {
    const html = render(false);
    assert.match(html, /<auth-login><\/auth-login>/);
  });

  it('the bare tag, hydrated: no props arrive, and the report names hydration and the wrappers', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/tag.html?token=${e2e.instance.publicToken}`);
    await page.getByText('Missing client').first().waitFor({ state: 'visible' });
    await page.waitForFunction(() => (window as unknown as { __errors: string[] }).__errors.length > 0);
    const errors = await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /has no client and no config/);
    assert.match(errors[0]!, /hydrat/);
    assert.match(errors[0]!, /auth-elements\/react/);
    await context.close();
  });

  it('the wrapper, hydrated: the widget gets its client and config and shows the form, with no error', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/wrapper.html?wrapper=1&token=${e2e.instance.publicToken}`);
    await page.locator('auth-login input[type="email"]').waitFor({ state: 'visible' });
    // The client has arrived (the form needs it), so no missing-client report can come any more; none came before.
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors), []);
    await context.close();
  });
});
