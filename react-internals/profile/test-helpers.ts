import type { Locator, Page } from 'playwright-core';
import { type E2e, emailPasscodeSignIn, screenIs } from '../../test/e2e-harness.ts';

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

/** Signs `email` in (or up) by email passcode at /, and waits for the signed-in screen. */
export async function signIn(e2e: E2e, page: Page, email: string): Promise<void> {
  await emailPasscodeSignIn(e2e, page, email);
  await screenIs(page, 'OTPConfirmation');
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

export { axeViolations } from '../../test/e2e-harness.ts';
