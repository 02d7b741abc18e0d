/**
 * Two-step sign-in in `<auth-login>` (issue 29), driven in real Chromium (playwright-core) over the
 * built bundle (dist/) against the real reference server with the `required` policy: enrolment at
 * the first sign-in (QR code, manual key, confirming code, recovery codes), "trust this device"
 * skipping the next second step, the authenticator code with a wrong code first, the chooser and a
 * recovery code, and an intermediate token spent elsewhere ("Start again"). Each screen is checked
 * with axe; the chooser at 320 px and by keyboard only. The passcodes really go out (dev inbox).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { totpCode } from '../../server/totps/otp.ts';
import { axeViolations, e2eHarness, emailPasscodeSignIn, screenIs, uniqueEmail } from '../../test/e2e-harness.ts';

// The host page: one <auth-login> for email passcodes, recording its events and errors.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Two-step sign-in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module">
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const el = document.createElement('auth-login');
el.client = createClient(project.public_token, { apiBaseUrl: location.origin });
const lang = new URLSearchParams(location.search).get('lang');
el.config = { products: ['otp'], otpOptions: { methods: ['email'] }, ...(lang ? { locale: lang } : {}) };
window.authEvents = [];
window.authErrors = [];
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
el.addEventListener('auth-error', (e) => window.authErrors.push(e.detail));
document.querySelector('main').append(el);
</script></head><body><main></main></body></html>`;

const e2e = e2eHarness({ name: 'mfa', page: PAGE, app: { mfa: { policy: 'required', trust_device_days: 30 }, logger: () => undefined } });

const eventTypes = (page: Page) => page.evaluate(() => (window as unknown as { authEvents: { type: string }[] }).authEvents.map((e) => e.type));
/** The element that has focus inside the widget's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('auth-login')?.shadowRoot?.activeElement;
    return a ? `${a.tagName.toLowerCase()}${a.getAttribute('name') ? `[name=${a.getAttribute('name')}]` : ''}:${a.textContent?.trim() ?? ''}` : null;
  });

/** Opens the widget in `context` and signs in by email passcode; resolves once the code is typed. */
async function firstFactor(context: BrowserContext, email: string, query = ''): Promise<Page> {
  const page = await context.newPage();
  await emailPasscodeSignIn(e2e, page, email, `${e2e.base}/${query}`);
  return page;
}

describe('two-step sign-in in <auth-login>, policy required (built bundle, real server)', () => {
  const email = uniqueEmail('mfa');
  let secret = '';
  let recoveryCodes: string[] = [];
  let trusted: BrowserContext;

  it('enrols at the first sign-in: QR code and key, the confirming code with "trust this device", then the recovery codes', async () => {
    trusted = await e2e.browser.newContext();
    const page = await firstFactor(trusted, email);
    await screenIs(page, 'MFAEnrolTOTP');
    const qr = page.locator('auth-login img[part~="qr-code"]');
    await qr.waitFor();
    assert.equal(await qr.getAttribute('alt'), 'QR code that adds this account to an authenticator app');
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    secret = ((await page.locator('auth-login [part~="manual-key"]').textContent()) ?? '').trim();
    assert.match(secret, /^[A-Z2-7]+=*$/);
    assert.equal(await page.locator('auth-login [part~="trust-device-checkbox"] + label').textContent(), 'Trust this device for 30 days');
    assert.deepEqual(await axeViolations(page), []);
    // Keyboard only: the title has focus (the instructions come first), then the field, then the checkbox.
    assert.equal(await focused(page), 'h1:Set up an authenticator app');
    await page.keyboard.press('Tab');
    assert.match((await focused(page)) ?? '', /^input\[name=totp_code\]/);
    await page.keyboard.press('Tab');
    assert.match((await focused(page)) ?? '', /^input\[name=trust_device\]/);
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+Tab');
    // The previous time step's code (the window takes it), so later sign-ins may use the current one.
    await page.keyboard.type(totpCode({ secret }, Date.now() - 30_000));
    await screenIs(page, 'MFARecoveryCodes');
    recoveryCodes = await page.locator('auth-login [part~="recovery-codes"] code').allTextContents();
    assert.equal(recoveryCodes.length > 0, true);
    await page.locator('auth-login [part~="copy-codes-button"]').waitFor();
    await page.locator('auth-login [part~="download-codes-button"]').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    const download = page.waitForEvent('download');
    await page.locator('auth-login [part~="download-codes-button"]').click();
    assert.equal((await download).suggestedFilename(), 'recovery-codes.txt');
    await page.locator('auth-login button', { hasText: 'Continue' }).click();
    await screenIs(page, 'MFAConfirmation');
    const events = await eventTypes(page);
    for (const t of ['OTP_AUTHENTICATE', 'MFA_REQUIRED', 'MFA_ENROL_TOTP', 'MFA_TOTP_AUTHENTICATE', 'authenticate-flow-complete'])
      assert.ok(events.includes(t), t);
    assert.equal(events.filter((t) => t === 'authenticate-flow-complete').length, 1, 'the flow completes once, after the second step');
    const factors = await page.evaluate(() => {
      const el = document.querySelector('auth-login') as unknown as {
        client: { session: { getSync(): { authentication_factors: { type: string }[] } | null } };
      };
      return el.client.session
        .getSync()
        ?.authentication_factors.map((f) => f.type)
        .sort();
    });
    assert.deepEqual(factors, ['otp', 'totp']);
    await page.close();
  });

  it('a trusted device skips the second step at the next sign-in', async () => {
    const page = await firstFactor(trusted, email);
    await screenIs(page, 'OTPConfirmation');
    assert.equal((await eventTypes(page)).includes('MFA_REQUIRED'), false);
    await page.close();
    await trusted.close();
  });

  it('another device: the authenticator code, a wrong code first, then the right one', async () => {
    const context = await e2e.browser.newContext();
    const page = await firstFactor(context, email);
    await screenIs(page, 'MFATOTPAuthenticate');
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('auth-login input[name="totp_code"]').fill('000000');
    const alert = page.locator('auth-login input[name="totp_code"] ~ [role="alert"]');
    await page.waitForFunction(
      () => (document.querySelector('auth-login')?.shadowRoot?.querySelector('input[name="totp_code"] ~ [role="alert"]')?.textContent ?? '') !== '',
    );
    assert.notEqual(await alert.textContent(), '');
    assert.equal(await page.locator('auth-login input[name="totp_code"]').inputValue(), '', 'the field is cleared for the next try');
    await page.locator('auth-login input[name="totp_code"]').fill(totpCode({ secret }, Date.now()));
    await screenIs(page, 'MFAConfirmation');
    await context.close();
  });

  it('the chooser (320 px, keyboard only) leads to a recovery code', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await firstFactor(context, email);
    await screenIs(page, 'MFATOTPAuthenticate');
    await page.locator('auth-login [part~="other-method-button"]').focus();
    await page.keyboard.press('Enter');
    await screenIs(page, 'MFAChooser');
    assert.deepEqual(await page.locator('auth-login [part~="mfa-factor-button"]').allTextContents(), ['Authenticator app', 'Recovery code']);
    assert.deepEqual(await axeViolations(page), []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 320), 'no horizontal scroll at 320 px');
    // Focus moved to the first factor; Tab to the second and press Enter.
    assert.match((await focused(page)) ?? '', /Authenticator app$/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await screenIs(page, 'MFARecoveryCode');
    assert.deepEqual(await axeViolations(page), []);
    assert.match((await focused(page)) ?? '', /^input\[name=recovery_code\]/);
    await page.keyboard.type(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await screenIs(page, 'MFAConfirmation');
    assert.ok((await eventTypes(page)).includes('MFA_RECOVERY_CODE'));
    await context.close();
  });

  it('in Arabic: the second step reads right to left, its texts translated, axe-clean', async () => {
    const context = await e2e.browser.newContext();
    const page = await firstFactor(context, email, '?lang=ar');
    await screenIs(page, 'MFATOTPAuthenticate');
    await page.locator('auth-login input[name="totp_code"]').waitFor();
    assert.equal(await page.locator('auth-login .ae-root').getAttribute('dir'), 'rtl');
    assert.equal(await page.locator('auth-login h1').textContent(), 'أدخل رمز المصادقة');
    assert.equal(await page.locator('auth-login input[name="totp_code"]').getAttribute('dir'), 'ltr', 'digits stay left to right');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  it('an intermediate token spent elsewhere: the step says so and Start again goes back to the first screen', async () => {
    const context = await e2e.browser.newContext();
    const page = await firstFactor(context, email);
    await screenIs(page, 'MFATOTPAuthenticate');
    // Spend the page's intermediate token from outside (as a second tab finishing the step would).
    const ist = (await context.cookies()).find((c) => c.name === 'stytch_intermediate_session_token')?.value ?? '';
    const spent = await fetch(`${e2e.base}/sdk/v1/totps/recover`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa(`${e2e.instance.publicToken}:${e2e.instance.publicToken}`)}` },
      body: JSON.stringify({ recovery_code: recoveryCodes[1], intermediate_session_token: ist, session_duration_minutes: 30 }),
    });
    assert.equal(spent.status, 200, await spent.text());
    await page.locator('auth-login input[name="totp_code"]').fill(totpCode({ secret }, Date.now() + 30_000));
    await page.locator('auth-login [data-mfa-expired] [role="alert"]').waitFor();
    assert.equal(await page.locator('auth-login [data-mfa-expired] [role="alert"]').textContent(), 'This sign-in has expired. Please start again.');
    await page.locator('auth-login button', { hasText: 'Start again' }).click();
    await screenIs(page, 'Main');
    await context.close();
  });
});
