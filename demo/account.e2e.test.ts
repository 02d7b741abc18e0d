/**
 * The demo's account page as a visitor uses it, in real Chromium against the real server over the built
 * bundle (dist/): signed out, /account.html shows the sign-in first; after the passcode the account element
 * takes its place; the demo's signed-in panel links to it ('Manage account').
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { e2eHarness, root, uniqueEmail, watchPages } from '../test/e2e-harness.ts';

const e2e = e2eHarness({ name: 'demo-account', page: { dir: join(root, 'demo/public') } });

describe('demo account page', () => {
  it('signed out it asks to sign in first; then the account shows; the signed-in panel links to it', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await page.goto(`${e2e.base}/account.html`);
    await page.locator('#signed-out').waitFor({ state: 'visible' });
    const email = uniqueEmail('demo-account');
    await page.locator('auth-login input[type="email"]').fill(email);
    await page.keyboard.press('Enter');
    const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
    await otp.waitFor();
    await otp.pressSequentially(await e2e.latestCode(email));
    const profile = page.locator('auth-user-profile');
    await profile.locator('[data-section="emails"]').getByText(email).waitFor();
    assert.equal(await page.locator('#signed-out').isVisible(), false);

    await page.goto(`${e2e.base}/`);
    await page.locator('#signed-in').waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Manage account' }).click();
    await page.waitForURL(`${e2e.base}/account.html`);
    await profile.locator('[data-section="sessions"] [data-current]').waitFor();
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
