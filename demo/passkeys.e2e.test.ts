/**
 * The demo's passkey pages as a visitor uses them, in real Chromium (playwright-core) with a CDP
 * virtual authenticator as the visitor's device, against `demo/serve.ts`'s server: sign in by email
 * passcode, create and rename a passkey on /passkeys.html, sign out, and come back in by passkey autofill.
 * Needs the built bundle (dist/), so scripts/test.mjs runs it after the build.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Route } from 'playwright-core';
import { addVirtualAuthenticator, e2eHarness, root, watchPages } from '../test/e2e-harness.ts';

const e2e = e2eHarness({ name: 'demo-passkeys', page: { dir: join(root, 'demo/public') } });

describe('demo passkey pages', () => {
  it('signed out, /passkeys.html says the widget needs a signed-in user', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/passkeys.html`);
    await page.locator('auth-passkey-registration').getByText('Error: Cannot use PasskeyRegistration component without active user authenticated.').waitFor();
    assert.equal(await page.locator('#signed-out').isVisible(), true);
    await context.close();
  });

  it('create and rename a passkey, sign out, sign back in by passkey autofill', async () => {
    const context = await e2e.browser.newContext();
    // Under the server's strict page headers (CSP, Permissions-Policy allowing passkeys on self).
    const watch = await watchPages(context);
    const page = await context.newPage();
    await addVirtualAuthenticator(page);

    // Sign in by email passcode on the passkey preset (no passkey yet: autofill finds nothing).
    await page.goto(`${e2e.base}/?methods=passkey`);
    const email = `demo-passkey-${Date.now()}@example.com`;
    const input = page.locator('auth-login input[type="email"]');
    assert.equal(await input.getAttribute('autocomplete'), 'username webauthn');
    await input.fill(email);
    await page.keyboard.press('Enter');
    const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
    await otp.waitFor();
    await otp.pressSequentially(await e2e.latestCode(email));
    await page.locator('#signed-in').waitFor({ state: 'visible' });

    // The signed-in panel links to the passkeys page.
    await page.getByRole('link', { name: 'Manage your passkeys' }).click();
    await page.waitForURL(`${e2e.base}/passkeys.html`);
    const widget = page.locator('auth-passkey-registration');
    await widget.getByRole('button', { name: 'Create a Passkey' }).click();
    await widget.getByRole('heading', { name: 'Passkey successfully created!' }).waitFor();
    await widget.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const name = widget.getByLabel('Passkey name');
    await name.fill('Demo laptop');
    await name.press('Enter');
    await widget.getByText('Demo laptop').waitFor();
    await widget.getByRole('button', { name: 'Done' }).click();
    await page.locator('#done').waitFor({ state: 'visible' });
    assert.match(await page.locator('#event-log').innerText(), /PASSKEY_DONE/);

    // Sign out on the demo page; the fresh login offers the passkey and autofill signs in with it.
    await page.goto(`${e2e.base}/?methods=passkey`);
    await page.locator('#sign-out').click();
    // This page load's log holds no earlier sign-in: the event is the autofill's, after the sign-out.
    await page.waitForFunction(() => document.querySelector('#event-log')?.textContent?.includes('PASSKEY_AUTHENTICATE'));
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#user-email').textContent(), email);
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.cspViolations, []);
    await context.close();
  });
  it('a press on Create a Passkey before React is there creates the passkey once React is (first paint handover)', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    await page.goto(`${e2e.base}/?methods=passkey`);
    const email = `demo-passkey-early-${Date.now()}@example.com`;
    await page.locator('auth-login input[type="email"]').fill(email);
    await page.keyboard.press('Enter');
    const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
    await otp.waitFor();
    await otp.pressSequentially(await e2e.latestCode(email));
    await page.locator('#signed-in').waitFor({ state: 'visible' });

    // React's side is held back: the press lands on the first paint's button (the demo loads define.js: chunks/).
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/dist\/chunks\/react-host-[^/]+\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${e2e.base}/passkeys.html`);
    const widget = page.locator('auth-passkey-registration');
    await widget.getByRole('button', { name: 'Create a Passkey' }).click();
    assert.equal(await widget.locator('[data-ae-react] .ae-root').count(), 0, 'the press landed on the first paint');
    release();
    await widget.getByRole('heading', { name: 'Passkey successfully created!' }).waitFor();
    assert.equal(page.url(), `${e2e.base}/passkeys.html`, 'the press went to no other control (the watermark link)');
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
