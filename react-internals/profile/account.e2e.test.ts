/**
 * `<auth-user-profile>` in real Chromium over the built bundle (dist/) against the real server: the name
 * (edited by keyboard only), make primary, sessions and devices (this device, sign out another: its next
 * call fails; sign out all others), and the whole page axe-clean in light, dark and forced colours, at
 * 320 px in a narrow container, and in Arabic (right to left).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createTrustedDevice, listTrustedDevices } from '../../server/mfa/store.ts';
import { e2eHarness, uniqueEmail } from '../../test/e2e-harness.ts';
import { axeViolations, openProfile, PROFILE_PAGE, signIn } from './test-helpers.ts';

const e2e = e2eHarness({ name: 'profile-account', page: PROFILE_PAGE });

/** The element that has focus inside the profile's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector('auth-user-profile')?.shadowRoot?.activeElement;
    return a ? `${a.tagName.toLowerCase()}${a.getAttribute('name') ? `[name=${a.getAttribute('name')}]` : ''} ${a.textContent?.trim() ?? ''}` : '';
  });

describe('<auth-user-profile> account, sessions, accessibility (built bundle, real server)', () => {
  it('name: edited with the keyboard only; focus returns to Edit, the change is announced', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-name'));
    const el = await openProfile(e2e, page, { sections: ['profile', 'emails'] });
    const section = el.locator('[data-section="profile"]');
    await section.getByText('No name set').waitFor();
    // From the page's start, Tab reaches Edit (the title takes focus on arrival; Edit is the first control).
    for (let i = 0; i < 10 && !(await focused(page)).startsWith('button Edit'); i++) await page.keyboard.press('Tab');
    assert.match(await focused(page), /^button Edit/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('auth-user-profile')?.shadowRoot?.activeElement?.getAttribute('name') === 'first_name');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Lovelace');
    await page.keyboard.press('Enter');
    await section.locator('[data-profile-ok="profile"]').getByText('Your name was saved.').waitFor();
    await section.getByText('Ada Lovelace').waitFor();
    await page.waitForFunction(() => document.querySelector('auth-user-profile')?.shadowRoot?.activeElement?.hasAttribute('data-name-edit'));
    await context.close();
  });

  it('emails: make primary moves an address first', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const first = uniqueEmail('profile-prim1');
    await signIn(e2e, page, first);
    const el = await openProfile(e2e, page, { sections: ['emails'] });
    const section = el.locator('[data-section="emails"]');
    const second = uniqueEmail('profile-prim2');
    await section.getByRole('button', { name: 'Add an email address' }).click();
    await section.getByLabel('Email address').fill(second);
    await section.getByRole('button', { name: 'Send code' }).click();
    await section.locator('input[name="code"]').fill(await e2e.latestCode(second));
    await section.getByRole('button', { name: 'Verify' }).click();
    await section.getByRole('button', { name: `Make ${second} primary` }).click();
    await section.locator('[data-profile-ok="emails"]').getByText(`${second} is now your primary address.`).waitFor();
    await page.waitForFunction(
      (s) => document.querySelector('auth-user-profile')?.shadowRoot?.querySelector('[data-contact]')?.getAttribute('data-contact') === s,
      second,
    );
    assert.equal(await section.locator(`[data-contact="${second}"] [data-primary]`).count(), 1);
    await context.close();
  });

  it('sessions: this device, sign out another (its next call fails), sign out all others', async () => {
    const email = uniqueEmail('profile-sess');
    const other = await e2e.browser.newContext();
    const otherPage = await other.newPage();
    await signIn(e2e, otherPage, email);
    const third = await e2e.browser.newContext();
    const thirdPage = await third.newPage();
    await signIn(e2e, thirdPage, email);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, email);
    const el = await openProfile(e2e, page, { sections: ['sessions'] });
    const section = el.locator('[data-section="sessions"]');
    await section.locator('[data-session]').nth(2).waitFor();
    assert.equal(await section.locator('[data-current]').count(), 1);
    await section.locator('[data-current]').getByText('This device').waitFor();
    await section.locator('[data-current]').getByText(/Chrom/).first().waitFor();
    await section
      .locator('[data-current]')
      .getByText(/^Active /)
      .waitFor();

    // Sign out the second browser: its next call is refused.
    const otherId = await otherPage.evaluate(
      () => (window as unknown as { client: { session: { getSync(): { session_id: string } } } }).client.session.getSync().session_id,
    );
    await section.locator(`[data-session="${otherId}"] [data-sign-out]`).click();
    await section
      .locator('[data-profile-ok="sessions"]')
      .getByText(/signed out\.$/)
      .waitFor();
    assert.equal(await section.locator(`[data-session="${otherId}"]`).count(), 0);
    const refused = await otherPage.evaluate(() =>
      (window as unknown as { client: { user: { get(): Promise<unknown> } } }).client.user.get().then(
        () => 'ok',
        (e: { error_type?: string; name?: string }) => e.error_type ?? e.name ?? 'error',
      ),
    );
    assert.notEqual(refused, 'ok');

    // Sign out all others: only this device is left.
    await section.getByRole('button', { name: 'Sign out all other devices' }).click();
    await section.locator('[data-profile-ok="sessions"]').getByText('All other devices were signed out.').waitFor();
    assert.equal(await section.locator('[data-session]').count(), 1);
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await Promise.all([other.close(), third.close(), context.close()]);
  });

  it('trusted devices: listed with browser, system and date; Forget withdraws the device at the server', async () => {
    const email = uniqueEmail('profile-trust');
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, email);
    const userId = await page.evaluate(
      () => (window as unknown as { client: { session: { getSync(): { user_id: string } } } }).client.session.getSync().user_id,
    );
    // A device trusted at an earlier two-step sign-in (the two-step screens' own tests make one through the widget).
    const svc = e2e.instance.services;
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    await createTrustedDevice(svc, { userId, days: 30, userAgent: firefox, ip: '203.0.113.9' });
    const el = await openProfile(e2e, page, { sections: ['sessions'] });
    const section = el.locator('[data-section="sessions"]');
    const device = section.locator('[data-trusted-device]');
    await device.waitFor();
    await device.getByText('Firefox 128 on Linux').waitFor();
    await device.getByText(/^Trusted until /).waitFor();
    await section.getByText('Computer').first().waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await section.getByRole('button', { name: 'Forget Firefox 128 on Linux' }).click();
    await section.locator('[data-profile-ok="sessions"]').getByText('Firefox 128 on Linux is no longer trusted.').waitFor();
    assert.equal(await section.locator('[data-trusted-device]').count(), 0);
    assert.deepEqual(await listTrustedDevices(svc, userId), []);
    await context.close();
  });

  it('delete account: the typed word must match; then the account is gone (signing in again makes a new user)', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail('profile-delete');
    await signIn(e2e, page, email);
    const userId = await page.evaluate(
      () => (window as unknown as { client: { session: { getSync(): { user_id: string } } } }).client.session.getSync().user_id,
    );
    const el = await openProfile(e2e, page, { sections: ['deleteAccount'] });
    const section = el.locator('[data-section="deleteAccount"]');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const field = section.getByLabel('To confirm, type DELETE');
    await field.fill('delete');
    await section.getByRole('button', { name: 'Delete my account forever' }).click();
    await section.getByText('Type DELETE exactly to confirm.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await field.fill('DELETE');
    await section.getByRole('button', { name: 'Delete my account forever' }).click();
    await section
      .locator('[data-profile-ok="deleteAccount"]')
      .getByText('Your account was deleted.')
      .or(el.getByText('Sign in to manage your account.'))
      .first()
      .waitFor();
    await page.waitForFunction(() => (window as unknown as { authEvents: { type: string }[] }).authEvents.some((e) => e.type === 'ACCOUNT_DELETED'));
    // The old user is gone: the same email signs up as someone new.
    await context.clearCookies();
    await signIn(e2e, page, email);
    const again = await page.evaluate(
      () => (window as unknown as { client: { session: { getSync(): { user_id: string } } } }).client.session.getSync().user_id,
    );
    assert.notEqual(again, userId);
    await context.close();
  });

  it('axe clean in light, dark and forced colours; 320 px in a narrow container; Arabic right to left', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-a11y'));
    const all = { oauthProviders: ['github'] };
    await openProfile(e2e, page, all);
    await page.locator('auth-user-profile [data-section="sessions"] [data-session]').first().waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await page.emulateMedia({ forcedColors: 'active' });
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await page.emulateMedia({ forcedColors: 'none' });
    await openProfile(e2e, page, all, '&dark=1');
    await page.locator('auth-user-profile [data-section="sessions"] [data-session]').first().waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);

    await openProfile(e2e, page, all, '&narrow=1');
    await page.locator('auth-user-profile [data-section="sessions"] [data-session]').first().waitFor();
    const overflow = await page.evaluate(() => {
      const root = document.querySelector('auth-user-profile')!.shadowRoot!;
      const box = root.querySelector('.ae-root')!.getBoundingClientRect();
      return [...root.querySelectorAll('.ae-root *')].filter((n) => n.getBoundingClientRect().right > box.right + 1).map((n) => n.className || n.tagName);
    });
    assert.deepEqual(overflow, [], 'nothing sticks out at 320 px');

    const el = await openProfile(e2e, page, all, '&lang=ar');
    await el.getByRole('heading', { name: 'الحساب', exact: true }).waitFor();
    assert.equal(await el.locator('.ae-root').getAttribute('dir'), 'rtl');
    await el.getByText('عناوين البريد الإلكتروني').waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await context.close();
  });
});
