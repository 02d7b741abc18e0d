/**
 * The demo's security page as a visitor uses it, in real Chromium (playwright-core) against the real
 * server: sign in by email passcode, open /security.html, set up an authenticator app (the QR code is
 * shown), confirm with the code the app would show (computed from the page's key, as an app does), and
 * see the recovery codes; axe-core clean at each step and at 320 px. Needs the built bundle (dist/).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { totpCode, wrongTotpCodes } from '../server/totps/otp.ts';
import { axeViolations, e2eHarness, root, watchPages } from '../test/e2e-harness.ts';

const e2e = e2eHarness({ name: 'demo-security', page: { dir: join(root, 'demo/public') } });
describe('demo security page', () => {
  it('signed out, it asks to sign in first', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/security.html`);
    await page.locator('#signed-out').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#totp-status').isVisible(), false);
    await context.close();
  });

  it('enrol an authenticator app: QR code, confirm with a code, recovery codes', async () => {
    const context = await e2e.browser.newContext();
    const watch = await watchPages(context);
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    const email = `demo-totp-${Date.now()}@example.com`;
    await page.locator('auth-login input[type="email"]').fill(email);
    await page.keyboard.press('Enter');
    const otp = page.locator('auth-login input[autocomplete="one-time-code"]');
    await otp.waitFor();
    await otp.pressSequentially(await e2e.latestCode(email));
    await page.locator('#signed-in').waitFor({ state: 'visible' });

    await page.getByRole('link', { name: 'Security: authenticator app' }).click();
    await page.waitForURL(`${e2e.base}/security.html`);
    await page.getByText('No authenticator app yet.').waitFor();
    assert.deepEqual(await axeViolations(page), []);

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    // The QR image really decodes as an image of the advertised size.
    assert.equal(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true);
    const secret = (await page.locator('#totp-secret').textContent()) ?? '';
    assert.match(secret, /^[A-Z2-7]{32}$/);
    // Focus moved to the code field, ready to type.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'totp-code');
    assert.deepEqual(await axeViolations(page), []);

    // A wrong code first: a clear message, nothing else changes.
    // A code valid at no step the server accepts now (+/-1), nor one step beyond either side.
    await page.keyboard.type(wrongTotpCodes({ secret }, Date.now(), 1)[0] ?? '');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('That code did not work. Enter the current code from the app.').waitFor();

    await page.locator('#totp-code').fill(totpCode({ secret }, Date.now()));
    await page.keyboard.press('Enter');
    await page.getByText('An authenticator app is set up for your account.').waitFor();
    await page.locator('#totp-enrolment').waitFor({ state: 'hidden' });
    // The page moves focus to the recovery codes once it has re-read them (after the session change
    // has already repainted the status line): wait for focus, not for the status text.
    await page.waitForFunction(() => document.activeElement?.id === 'recovery-title');
    const codes = page.locator('#recovery-codes li');
    assert.equal(await codes.count(), 10);
    for (const code of await codes.allTextContents()) assert.match(code, /^[a-z0-9]{5}(-[a-z0-9]{5}){4}$/);
    assert.deepEqual(await axeViolations(page), []);

    // Usable at 320 px: nothing wider than the viewport.
    await page.setViewportSize({ width: 320, height: 800 });
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 320), true);
    assert.deepEqual(watch.cspViolations, []);
    assert.deepEqual(watch.pageErrors, []);
    await context.close();
  });
});
