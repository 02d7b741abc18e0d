/**
 * Two-step sign-in under the `optional` policy and re-verification (issue 29), in real Chromium
 * (playwright-core) over the built bundle (dist/) against the real reference server, whose clock the
 * test moves: a passkey (CDP virtual authenticator) as the second step, removing that passkey from
 * `<auth-passkey-registration>` with a stale session (the prompt in place, the passkey again, the
 * delete retried), and a text message as the second step. axe at each new screen.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { addVirtualAuthenticator, axeViolations, e2eHarness, emailPasscodeSignIn, screenIs, uniqueEmail } from '../../test/e2e-harness.ts';
import { eventually } from '../../test/time.ts';

// The host page: `<auth-login>` (email passcode) at /, `<auth-passkey-registration>` at /?passkeys.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Re-verification</title>
<script type="module">
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const client = createClient(project.public_token, { apiBaseUrl: location.origin });
const passkeys = new URLSearchParams(location.search).has('passkeys');
const el = document.createElement(passkeys ? 'auth-passkey-registration' : 'auth-login');
el.client = client;
el.config = passkeys ? {} : { products: ['otp'], otpOptions: { methods: ['email'] } };
window.client = client;
window.authEvents = [];
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
window.authErrors = [];
el.addEventListener('auth-error', (e) => window.authErrors.push(e.detail));
document.querySelector('main').append(el);
</script></head><body><main></main></body></html>`;

/** How far the server's clock is ahead of the real one (the re-verification window is server time). */
let shiftMs = 0;
const e2e = e2eHarness({
  name: 'mfa-reverify',
  page: PAGE,
  app: { mfa: { policy: 'optional', reverification_minutes: 5 }, now: () => Date.now() + shiftMs, logger: () => undefined },
});

const eventTypes = (page: Page) => page.evaluate(() => (window as unknown as { authEvents: { type: string }[] }).authEvents.map((e) => e.type));

describe('two-step sign-in, policy optional, and re-verification (built bundle, real server)', () => {
  it('a passkey as the second step; removing it with a stale session asks for it again in place, then removes it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    const email = uniqueEmail('mfa-pk');

    // No second factor yet: the first factor signs in.
    await emailPasscodeSignIn(e2e, page, email);
    await screenIs(page, 'OTPConfirmation');
    await page.goto(`${e2e.base}/?passkeys`);
    const widget = page.locator('auth-passkey-registration');
    await widget.getByRole('button', { name: 'Create a Passkey' }).click();
    await widget.getByRole('heading', { name: 'Passkey successfully created!' }).waitFor();

    // Signed out (the cookies gone), the next sign-in asks for the passkey.
    await context.clearCookies();
    await emailPasscodeSignIn(e2e, page, email);
    await screenIs(page, 'MFAPasskey');
    assert.deepEqual(await axeViolations(page, 'auth-login'), []);
    await page.locator('auth-login [part~="mfa-passkey-button"]').click();
    await screenIs(page, 'MFAConfirmation');
    const factors = await page.evaluate(() =>
      (window as unknown as { client: { session: { getSync(): { authentication_factors: { type: string }[] } } } }).client.session
        .getSync()
        .authentication_factors.map((f) => f.type)
        .sort(),
    );
    assert.deepEqual(factors, ['otp', 'webauthn']);
    assert.ok((await eventTypes(page)).includes('MFA_WEBAUTHN_AUTHENTICATE'));

    // Later than the window: removing the passkey needs re-verification, asked in place.
    shiftMs += 10 * 60_000;
    await page.goto(`${e2e.base}/?passkeys`);
    await widget.getByRole('button', { name: 'Skip' }).click();
    await widget.locator('[data-delete]').first().click();
    await widget.locator('[data-delete-confirm]').click();
    const prompt = widget.locator('[data-reverify]');
    await prompt.waitFor();
    await prompt.getByRole('heading', { name: 'Confirm it\u2019s you' }).waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-passkey-registration'), []);
    await prompt.locator('[part~="mfa-passkey-button"]').click();
    await widget.getByText('You have no Passkeys yet.').waitFor();
    assert.equal(await widget.locator('[data-passkey-id]').count(), 0);
    assert.equal(await prompt.count(), 0, 'the prompt is gone');
    assert.ok((await eventTypes(page)).includes('MFA_REVERIFY'));
    await context.close();
  });

  it('a text message as the second step: Send code to the hinted phone, then the code', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail('mfa-sms');
    const phone = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    await emailPasscodeSignIn(e2e, page, email);
    await screenIs(page, 'OTPConfirmation');
    // A verified phone on the account (the page's client on its session).
    await page.evaluate(async (p) => {
      const c = (window as unknown as { client: { otps: { sms: { send(p: string): Promise<{ method_id: string }> } } } }).client;
      (window as unknown as { smsMethod: string }).smsMethod = (await c.otps.sms.send(p)).method_id;
    }, phone);
    const phoneCode = await e2e.latestCode(phone);
    await page.evaluate(async (code) => {
      const w = window as unknown as { smsMethod: string; client: { otps: { authenticate(c: string, m: string, o: object): Promise<unknown> } } };
      await w.client.otps.authenticate(code, w.smsMethod, { session_duration_minutes: 30 });
    }, phoneCode);

    await context.clearCookies();
    await emailPasscodeSignIn(e2e, page, email);
    await screenIs(page, 'MFASMSAuthenticate');
    const intro = (await page.locator('auth-login p.ae-text').first().textContent()) ?? '';
    assert.match(intro, new RegExp(`${phone.slice(-4)}\\.$`), 'the hint names the last four digits');
    assert.deepEqual(await axeViolations(page, 'auth-login'), []);
    await page.locator('auth-login [part~="send-code-button"]').click();
    const input = page.locator('auth-login input[name="sms_code"]');
    await input.waitFor();
    // The second text to the phone: the one Send code sent.
    const code = await eventually(async () => {
      const texts = await e2e.messagesTo(phone);
      return texts.length >= 2 ? texts[0]?.code : undefined;
    }, 'the second-step text');
    await input.fill(code);
    await screenIs(page, 'MFAConfirmation');
    const events = await eventTypes(page);
    for (const t of ['MFA_REQUIRED', 'MFA_SMS_SEND', 'MFA_SMS_AUTHENTICATE', 'authenticate-flow-complete']) assert.ok(events.includes(t), t);
    await context.close();
  });
});
