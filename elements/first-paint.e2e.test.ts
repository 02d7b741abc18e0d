/**
 * The first paint and the handover to React (issue 16), over the built bundle in real Chromium
 * against the real reference server. The React side's chunk (dist/tag-chunks/react-host-*.js) is held
 * back by the test until it lets it through, so what the user does before React is there is
 * exactly controlled: what they typed, focus, the caret and an early Continue must survive, the
 * first paint must look exactly like React's first render, and it must be accessible on its own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { e2eHarness, root, uniqueEmail } from '../test/e2e-harness.ts';

// The host page: <auth-login> for email passcode and SMS, made before the bundle defines the tag.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>First paint</title>
<script type="module">
const project = await fetch('/dev/project.json').then((r) => r.json());
const el = document.createElement('auth-login');
const products = new URLSearchParams(location.search).get('products') ?? 'otp';
const methods = new URLSearchParams(location.search).get('methods') ?? 'email';
el.config = { publicToken: project.public_token, apiBaseUrl: location.origin, products: products.split(','), otpOptions: { methods: methods.split(',') } };
window.authEvents = [];
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
document.querySelector('main').append(el);
await import('/dist/auth-elements.js');
</script><style>main { width: 400px; }</style></head><body><main></main></body></html>`;

const e2e = e2eHarness({ name: 'first-paint', page: PAGE, app: { logger: () => undefined } });

/** Resolves once React has replaced the first paint (its performance mark). */
const reactMounted = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('auth-elements:react-mounted').length > 0);

/**
 * A page whose React chunk waits for `release()`; `sends` counts the passcode requests. `returning`:
 * the user was here before (React remembered the project's bootstrap: the watermark is drawn at once).
 */
async function heldPage(query = '', returning = false): Promise<{ page: Page; release: () => void; sends: () => number }> {
  const page = await e2e.browser.newPage();
  if (returning) {
    await page.goto(`${e2e.base}/${query}`);
    await reactMounted(page);
  }
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/dist\/tag-chunks\/react-host-[^/]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  let sends = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/otps/email/login_or_create')) sends++;
  });
  await page.goto(`${e2e.base}/${query}`);
  await page.locator(`auth-login input[name="${query.includes('methods=sms') ? 'phone' : 'email'}"]`).waitFor();
  return { page, release, sends: () => sends };
}

/**
 * Counts the pixels two PNGs (base64) differ in, in the page (a canvas decodes them). A string: the
 * test runner's transform would name the inner functions with a helper the page does not have.
 */
const COMPARE_PNGS = `async (a, b) => {
  const load = async (b64) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    return g.getImageData(0, 0, img.width, img.height);
  };
  const x = await load(a);
  const y = await load(b);
  if (x.width !== y.width || x.height !== y.height) return { size: x.width + 'x' + x.height + ' vs ' + y.width + 'x' + y.height, pixels: -1 };
  let pixels = 0;
  let maxDelta = 0;
  const where = [];
  for (let i = 0; i < x.data.length; i += 4) {
    const d = Math.max(Math.abs(x.data[i] - y.data[i]), Math.abs(x.data[i + 1] - y.data[i + 1]), Math.abs(x.data[i + 2] - y.data[i + 2]), Math.abs(x.data[i + 3] - y.data[i + 3]));
    if (d === 0) continue;
    pixels++;
    maxDelta = Math.max(maxDelta, d);
    if (where.length < 12) where.push(((i / 4) % x.width) + ',' + Math.floor(i / 4 / x.width));
  }
  return { size: x.width + 'x' + x.height, pixels, maxDelta, where: where.join(' ') };
}`;

/** Whether the element's email field is React's (inside the React container) rather than the first paint's. */
const fieldIsReacts = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector('auth-login')?.shadowRoot?.querySelector('[data-ae-react] input[name="email"]')));

describe('first paint (lit-html) before React', () => {
  it('shows an enabled email field before React loads, and React takes over what was typed and focus', async () => {
    const { page, release } = await heldPage();
    assert.equal(await page.evaluate(() => performance.getEntriesByName('auth-elements:react-mounted').length), 0);
    assert.equal(await fieldIsReacts(page), false);
    const field = page.locator('auth-login input[name="email"]');
    await field.click();
    await page.keyboard.type('early@exam');
    release();
    await reactMounted(page);
    assert.equal(await fieldIsReacts(page), true);
    assert.equal(await field.inputValue(), 'early@exam');
    // Focus moved with it: typing goes on where it was.
    await page.keyboard.type('ple.com');
    assert.equal(await field.inputValue(), 'early@example.com');
    assert.equal(await page.evaluate(() => document.querySelector('auth-login')?.shadowRoot?.activeElement?.getAttribute('name')), 'email');
    await page.close();
  });

  it('keeps the caret and selection of a field that has one (the phone number)', async () => {
    const { page, release } = await heldPage('?products=otp&methods=sms');
    const phone = page.locator('auth-login input[name="phone"]');
    assert.equal(await page.evaluate(() => performance.getEntriesByName('auth-elements:react-mounted').length), 0, 'still the first paint');
    await phone.click();
    await page.keyboard.type('2025550143');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    release();
    await reactMounted(page);
    await page.keyboard.type('9');
    assert.match(await phone.inputValue(), /20255501943$/);
    await page.close();
  });

  it('an early Continue sends exactly once, when React is there', async () => {
    const { page, release, sends } = await heldPage();
    const email = uniqueEmail('early');
    await page.locator('auth-login input[name="email"]').fill(email);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The first paint draws it busy (aria-disabled) like React does: a user can still press it.
    await page.locator('auth-login button[type="submit"]').click({ force: true });
    assert.equal(sends(), 0, 'nothing is sent before React');
    release();
    await page.waitForFunction(() => document.querySelector('auth-login')?.getAttribute('data-screen') === 'OTPAuthenticate');
    await page.waitForTimeout(300);
    assert.equal(sends(), 1);
    const code = await e2e.latestCode(email);
    assert.match(code, /^\d{6}$/);
    await page.close();
  });

  it("looks exactly like React's first render of the same screen (pixel comparison)", async () => {
    const { page, release } = await heldPage('', true);
    const widget = page.locator('auth-login');
    const before = await widget.screenshot({ animations: 'disabled', caret: 'hide' });
    const heightBefore = await widget.evaluate((el) => el.getBoundingClientRect().height);
    release();
    await reactMounted(page);
    // React's Main, before anything the user does: no bootstrap-driven change is on this screen.
    const after = await widget.screenshot({ animations: 'disabled', caret: 'hide' });
    const heightAfter = await widget.evaluate((el) => el.getBoundingClientRect().height);
    assert.equal(heightAfter, heightBefore, 'no layout shift');
    const diff = (await page.evaluate(`(${COMPARE_PNGS})(${JSON.stringify(before.toString('base64'))}, ${JSON.stringify(after.toString('base64'))})`)) as {
      size: string;
      pixels: number;
      maxDelta: number;
      where: string;
    };
    // Identical but for the rasteriser's antialiasing of the rounded corner (a level or two in a few pixels, measured 10 pixels at 1 level).
    assert.ok(
      diff.maxDelta <= 2 && diff.pixels <= 40,
      `first paint and React's render differ in ${diff.pixels} pixels (${diff.size}; at most ${diff.maxDelta} levels; at ${diff.where})`,
    );
    await page.close();
  });

  it('the first paint is accessible on its own (axe-core)', async () => {
    const { page, release } = await heldPage();
    await page.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(el: Element): Promise<{ violations: { id: string; help: string }[] }> } }).axe;
      const el = document.querySelector('auth-login');
      if (!el) throw new Error('no element');
      const result = await axe.run(el);
      return result.violations.map((v) => `${v.id}: ${v.help}`);
    });
    assert.deepEqual(violations, []);
    assert.equal(await fieldIsReacts(page), false, 'still the first paint');
    release();
    await reactMounted(page);
    await page.close();
  });
});

describe('what an email-passcode sign-in loads', () => {
  it('every script it fetches is in the set `npm run size` budgets (scripts/size.mjs emailSignInFiles)', async () => {
    const { emailSignInFiles } = await import('../scripts/size.mjs');
    const page = await e2e.browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/dist/') && path.endsWith('.js')) scripts.add(path.slice(1));
    });
    await page.goto(`${e2e.base}/`);
    const email = uniqueEmail('sizes');
    await page.locator('auth-login input[name="email"]').fill(email);
    await page.keyboard.press('Enter');
    const code = await e2e.latestCode(email);
    await page.locator('auth-login input[autocomplete="one-time-code"]').fill(code);
    await page.waitForFunction(() => document.querySelector('auth-login')?.getAttribute('data-screen') === 'OTPConfirmation');
    await page.waitForTimeout(500);
    const budgeted = new Set(emailSignInFiles().map((f) => f.replace(/\\/g, '/')));
    const outside = [...scripts].filter((f) => !budgeted.has(f));
    assert.deepEqual(outside, [], `loaded but not counted by scripts/size.mjs: ${outside.join(', ')}`);
    await page.close();
  });
});
