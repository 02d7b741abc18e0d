/**
 * What the profile's browser tests share: a host page with `<auth-login>` (email passcode) at / and
 * `<auth-user-profile>` at /?profile (its config from `?config=` JSON), the sign-in by passcode, axe.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { E2e } from '../../test/e2e-harness.ts';
import { root } from '../../test/e2e-harness.ts';

/** The host page: `<auth-login>` at /, `<auth-user-profile>` at /?profile with `?config=` JSON and `?lang=`. */
export const PROFILE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Account</title>
<style>#narrow{width:320px}</style>
<script type="module">
import '/dist/auth-elements.js';
import { createClient, darkTheme } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const client = createClient(project.public_token, { apiBaseUrl: location.origin });
const q = new URLSearchParams(location.search);
const profile = q.has('profile');
const el = document.createElement(profile ? 'auth-user-profile' : 'auth-login');
el.client = client;
el.config = profile ? JSON.parse(q.get('config') || '{}') : { products: ['otp'], otpOptions: { methods: ['email'] } };
if (q.get('lang')) document.documentElement.lang = q.get('lang');
if (q.get('dark')) el.styles = darkTheme;
window.client = client;
window.authEvents = [];
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
window.authErrors = [];
el.addEventListener('auth-error', (e) => window.authErrors.push(e.detail));
document.querySelector(q.get('narrow') ? '#narrow' : 'main').append(el);
</script></head><body><main><div id="narrow"></div></main></body></html>`;

/** Signs `email` in (or up) by email passcode at /. */
export async function signIn(e2e: E2e, page: Page, email: string): Promise<void> {
  await page.goto(`${e2e.base}/`);
  await page.locator('auth-login input[name="email"]').fill(email);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('auth-login')?.getAttribute('data-screen') === 'OTPAuthenticate');
  await page.locator('auth-login input[name="otp"]').fill(await e2e.latestCode(email));
  await page.waitForFunction(() => document.querySelector('auth-login')?.getAttribute('data-screen') === 'OTPConfirmation');
}

/** Opens the profile page with `config` (and `extra` query parameters); resolves with the element once its sections show. */
export async function openProfile(e2e: E2e, page: Page, config: object = {}, extra = ''): Promise<Locator> {
  await page.goto(`${e2e.base}/?profile&config=${encodeURIComponent(JSON.stringify(config))}${extra}`);
  const el = page.locator('auth-user-profile');
  await el.locator('[data-profile] [data-section]').first().waitFor();
  return el;
}

/** The host events' types so far. */
export const eventTypes = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { authEvents: { type: string }[] }).authEvents.map((e) => e.type));

const AXE_SOURCE = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations inside `selector` (run through the DevTools protocol: the page's CSP refuses a script tag).
 * In forced colours axe 4 reads the author's text colour against the forced background, which is not what is
 * painted: its contrast rule is off there (as in demo/pages.e2e.test.ts).
 */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const axe = (
      window as unknown as { axe: { run(el: Element, o: object): Promise<{ violations: { id: string; help: string; nodes: { target: unknown }[] }[] }> } }
    ).axe;
    const options = matchMedia('(forced-colors: active)').matches ? { rules: { 'color-contrast': { enabled: false } } } : {};
    const result = await axe.run(document.querySelector(sel)!, options);
    return result.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}
