/**
 * Attack: reading from the password widget whether an address has an account (issue 10,
 * "Enumeration by design"). In a project with enumeration protection, users/search answers alike
 * for every address, so the widget shows the same screen for a stranger's address and a member's,
 * offering both signing in and creating an account (the documented trade-off); both paths still work.
 * Real Chromium over the built bundle, real server with `enumerationProtection`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { e2eHarness, screenIs, uniqueEmail } from '../e2e-harness.ts';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Enumeration</title>
<script type="module">
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const el = document.createElement('auth-login');
el.client = createClient(project.public_token, { apiBaseUrl: location.origin });
el.config = { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: location.origin + '/reset.html' } };
document.querySelector('main').append(el);
</script></head><body><main></main></body></html>`;

const PASSWORD = 'violet-Harbor-quietly-47';

const e2e = e2eHarness({ name: 'enum-widget', page: PAGE, app: { enumerationProtection: true, logger: () => undefined } });

/** Opens the widget, submits `email`, and returns the password screen's visible text. */
async function passwordScreenFor(email: string): Promise<{ page: Page; text: string }> {
  const page = await e2e.browser.newPage();
  await page.goto(`${e2e.base}/`);
  await page.locator('auth-login input[name="email"]').fill(email);
  await page.keyboard.press('Enter');
  await screenIs(page, 'PasswordCreateOrLogin');
  await page.getByRole('button', { name: 'New here? Create an account' }).waitFor();
  const text = await page.locator('auth-login').evaluate((el) => el.shadowRoot?.textContent ?? '');
  return { page, text };
}

describe('attack: the password widget tells whether an address has an account (enumeration protection on)', () => {
  it('shows a member and a stranger the same screen; the member signs in, the stranger creates an account from it', async () => {
    const member = uniqueEmail('member');
    const stranger = uniqueEmail('stranger');
    const created = await fetch(`${e2e.base}/sdk/v1/passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${e2e.instance.publicToken}:${e2e.instance.publicToken}`)}` },
      body: JSON.stringify({ email: member, password: PASSWORD }),
    });
    assert.equal(created.status, 200);

    const a = await passwordScreenFor(member);
    const b = await passwordScreenFor(stranger);
    assert.equal(a.text, b.text, 'nothing on screen differs between a member and a stranger');
    assert.match(a.text, /Log in/);
    assert.match(a.text, /Forgot password\?/);

    // The member signs in with the password.
    await a.page.locator('auth-login input[name="password"]').fill(PASSWORD);
    await a.page.keyboard.press('Enter');
    await screenIs(a.page, 'PasswordConfirmation');

    // The stranger switches to creating an account (focus stays on the password field), and signs up.
    await b.page.getByRole('button', { name: 'New here? Create an account' }).click();
    await b.page.locator('auth-login').getByRole('heading', { name: 'Create an account' }).waitFor();
    assert.equal(await b.page.evaluate(() => document.querySelector('auth-login')?.shadowRoot?.activeElement?.getAttribute('name')), 'password');
    await b.page.getByRole('button', { name: 'Already have an account? Log in' }).waitFor();
    await b.page.locator('auth-login input[name="password"]').fill(PASSWORD);
    await b.page.locator('auth-login button[type="submit"]:not([disabled])').click();
    await screenIs(b.page, 'PasswordConfirmation');
    await a.page.close();
    await b.page.close();
  });
});
