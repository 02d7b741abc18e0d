/**
 * The host apps (demo/hosts/, one per framework), built against the packed kit as a host installs
 * it (demo/hosts/build.mjs), each signing in by email passcode in Chromium against the real
 * reference server. In every app the tag is in the page before the kit has defined it (rendered by
 * the framework, or prerendered into the HTML), and each must show: the config arrives intact (the
 * element holds the app's very object, and nothing was written into a `config` attribute), no
 * `auth-error`, no console error or warning (the frameworks' development builds warn about
 * mistakes), and the `auth-event`s of the flow, completion included, reach the framework's own
 * handler, which renders them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { e2eHarness, uniqueEmail } from '../../test/e2e-harness.ts';
import { packedKit } from '../../test/package/packed.ts';

const out = mkdtempSync(join(tmpdir(), 'auth-elements-hosts-out-'));
const e2e = e2eHarness({ name: 'hosts', page: { dir: out } });

before(async () => {
  const { app } = await packedKit();
  // build.mjs is plain JS without declarations: imported through a variable, typed here.
  const script = './build.mjs';
  const { buildHosts } = (await import(script)) as {
    buildHosts: (o: { kit: string; out: string; env: { publicToken: string; apiBaseUrl: string } }) => Promise<Record<string, number>>;
  };
  const started = performance.now();
  const times = await buildHosts({
    kit: join(app, 'node_modules', 'auth-elements'),
    out,
    env: { publicToken: e2e.instance.publicToken, apiBaseUrl: e2e.base },
  });
  console.log(
    `host apps built in ${Math.round(performance.now() - started)} ms (${Object.entries(times)
      .map(([h, ms]) => `${h} ${ms} ms`)
      .join(', ')})`,
  );
});
after(() => rmSync(out, { recursive: true, force: true }));

/** What the page recorded (an init script, before any of the page's own scripts). */
interface Recorded {
  /** Each `<auth-login>` in the document when the tag got defined: what the framework had put on it. */
  atDefine: { id: string; configAttribute: string | null; ownConfig: boolean }[] | null;
  authErrors: string[];
}

/** Records, at `customElements.define('auth-login')`, the tags already there; and every auth-error. */
function recordDefinition(): void {
  const w = window as unknown as { __ae: Recorded };
  w.__ae = { atDefine: null, authErrors: [] };
  const define = customElements.define.bind(customElements);
  customElements.define = (name, ctor, options) => {
    if (name === 'auth-login') {
      w.__ae.atDefine = [...document.querySelectorAll('auth-login')].map((el) => ({
        id: el.id,
        configAttribute: el.getAttribute('config'),
        ownConfig: Object.hasOwn(el, 'config'),
      }));
    }
    define(name, ctor, options);
  };
  document.addEventListener('auth-error', (e) => w.__ae.authErrors.push((e as CustomEvent<{ message: string }>).detail.message), true);
}

interface Expect {
  /** The page's path under the server. */
  path: string;
  /** The heading names the framework and its version. */
  heading: RegExp;
  /** Whether the framework had set `config` on the tag before it was defined (an own property). */
  configBeforeKit: boolean;
}

/** Opens the page, signs in by email passcode through its <auth-login>, and checks what the app saw. */
async function signInThrough(expect: Expect): Promise<void> {
  const context = await e2e.browser.newContext();
  const page: Page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  await page.addInitScript(recordDefinition);
  await page.goto(`${e2e.base}/${expect.path}`);
  assert.match((await page.locator('main > h1').textContent()) ?? '', expect.heading);

  const login = page.locator('#login');
  const email = uniqueEmail('host');
  // The form, or the widget's message in its place ("[object Object]", a missing client): say which.
  const problem = login.locator('[data-config-error]');
  await login.locator('input[type="email"]').or(problem).first().waitFor();
  if ((await problem.count()) > 0) assert.fail(`the widget shows: ${await problem.textContent()}`);
  await login.locator('input[type="email"]').fill(email);
  await login.locator('input[type="email"]').press('Enter');
  const otp = login.locator('input[autocomplete="one-time-code"]');
  await otp.waitFor();
  await otp.pressSequentially(await e2e.latestCode(email));
  await login.getByText('Success!').waitFor();
  // The framework's handler got the events and rendered them.
  await page.locator('#status').getByText(`Signed in as ${email}`).waitFor();
  assert.deepEqual(await page.locator('#events li').allTextContents(), ['OTP_EMAIL_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'authenticate-flow-complete']);
  assert.deepEqual(await page.locator('#errors li').allTextContents(), []);

  const recorded = (await page.evaluate(() => (window as unknown as { __ae: Recorded }).__ae)) as Recorded;
  // The tag was in the page before the kit defined it, and nothing had written the config as text.
  assert.deepEqual(recorded.atDefine, [{ id: 'login', configAttribute: null, ownConfig: expect.configBeforeKit }]);
  // The config arrived intact: the element holds the app's very object, and no attribute.
  const held = await page.evaluate(() => {
    const el = document.getElementById('login') as HTMLElement & { config?: unknown };
    return { same: el.config === (window as unknown as { hostConfig: unknown }).hostConfig, attribute: el.getAttribute('config') };
  });
  assert.deepEqual(held, { same: true, attribute: null });
  assert.deepEqual(recorded.authErrors, []);
  assert.deepEqual(problems, []);
  await context.close();
}

/** Every JS file of an app's build, concatenated. */
function builtCode(app: string): string {
  const dir = join(out, app);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

describe('host apps (demo/hosts) built against the packed kit', () => {
  it('React 19: the tag rendered before the kit loads (import in useEffect), config once loaded', async () => {
    await signInThrough({ path: 'react19/', heading: /^Auth Elements in React 19\./, configBeforeKit: false });
  });

  it('React 19: the auth-elements/react wrapper renders the widgets with the app’s React 19', async () => {
    // One React in the app's build, the app's own: the wrapper's bare react imports resolved to it.
    const code = builtCode('react19');
    assert.ok(/"19\.\d+\.\d+"/.test(code), 'React 19 in the build');
    assert.ok(!/"18\.\d+\.\d+"/.test(code), 'no React 18 in the build');
    await signInThrough({ path: 'react19/wrapper.html', heading: /^Auth Elements in React 19\.\d+\.\d+, through the wrapper$/, configBeforeKit: false });
  });

  it('React 18: the wrapper, prerendered to HTML and hydrated', async () => {
    // The server's HTML already holds the tag (renderToString of the wrapper).
    const html = await (await fetch(`${e2e.base}/react18/`)).text();
    assert.match(html, /<auth-login id="login" class="login"><\/auth-login>/);
    await signInThrough({ path: 'react18/', heading: /^Auth Elements in React 18\./, configBeforeKit: false });
  });

  it('Vue 3: :config.prop set on the tag before the kit loads', async () => {
    await signInThrough({ path: 'vue/', heading: /^Auth Elements in Vue 3\.\d+\.\d+$/, configBeforeKit: true });
  });

  it('Vue 3: plain :config, rendered before the kit loads and given the config once it has', async () => {
    await signInThrough({ path: 'vue/?binding=plain', heading: /^Auth Elements in Vue 3\.\d+\.\d+ \(plain :config\)$/, configBeforeKit: false });
  });

  it('Angular (AOT, strictTemplates): [config] before the kit loads, (auth-event) typed', async () => {
    // Compiled ahead of time, the framework's partial declarations linked: none is left for a JIT
    // compiler (which is not in the bundle) to compile in the browser.
    assert.ok(!/ɵɵngDeclare\w+\(\{\s*minVersion/.test(builtCode('angular')), 'no unlinked partial declaration');
    await signInThrough({ path: 'angular/', heading: /^Auth Elements in Angular 21\./, configBeforeKit: true });
  });

  it('Svelte 5: config={...} before the kit loads, onauth-event', async () => {
    await signInThrough({ path: 'svelte/', heading: /^Auth Elements in Svelte 5$/, configBeforeKit: true });
  });
});
