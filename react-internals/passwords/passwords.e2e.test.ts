/**
 * Password paths that need server settings the shared browser-test server does not have, driven in
 * real Chromium (playwright-core) over the built bundle (dist/): a project with the LUDS policy
 * (bootstrap password_config 10 / 3), and accounts whose stored password is on the breached list or
 * flagged for reset. Those accounts cannot be made through the API (it refuses breached passwords),
 * so the test seeds them with the server's own password store; every answer the widget then gets
 * comes from the real routes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { flagPasswordReset, setPassword } from '../../server/passwords/store.ts';
import { findOrCreateUserByEmail } from '../../server/users.ts';
import { axeViolations, e2eHarness, screenIs, uniqueEmail } from '../../test/e2e-harness.ts';

const LUDS = { luds_minimum_count: 10, luds_complexity: 3 };
const BREACHED = 'Password123';
const GOOD = 'Tulip7meadow';

// The host page: one <auth-login> for passwords, recording its DOM events for the assertions.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Passwords</title>
<script type="module">
import '/dist/auth-elements.js';
import { createClient } from '/dist/index.js';
const project = await fetch('/dev/project.json').then((r) => r.json());
const el = document.createElement('auth-login');
el.client = createClient(project.public_token, { apiBaseUrl: location.origin });
el.config = { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: location.origin + '/reset.html' } };
window.authEvents = [];
window.authErrors = [];
el.addEventListener('auth-event', (e) => window.authEvents.push(e.detail));
el.addEventListener('auth-error', (e) => window.authErrors.push(e.detail));
document.querySelector('main').append(el);
</script></head><body><main></main></body></html>`;

const e2e = e2eHarness({ name: 'pw', page: PAGE, app: { bootstrap: { password_config: LUDS }, logger: () => undefined } });

/** An account with `password` stored as the server stores any password (the API would refuse a breached one). */
async function seedPasswordUser(email: string, password: string, flagged = false): Promise<void> {
  const svc = e2e.instance.services;
  const user = await findOrCreateUserByEmail(svc, email);
  await setPassword(svc, user.user_id, password.normalize('NFKC'));
  if (flagged) await flagPasswordReset(svc, user.user_id);
}

async function openWidget(): Promise<Page> {
  const page = await e2e.browser.newPage();
  await page.goto(`${e2e.base}/`);
  await page.locator('auth-login input[name="email"]').waitFor();
  return page;
}

async function startWith(page: Page, email: string): Promise<void> {
  await page.locator('auth-login input[name="email"]').fill(email);
  await page.keyboard.press('Enter');
  await screenIs(page, 'PasswordCreateOrLogin');
}

const lastError = (page: Page) => page.evaluate(() => (window as unknown as { authErrors: { message: string; error_type?: string }[] }).authErrors.at(-1));

describe('password flow with LUDS, breached and flagged accounts (built bundle, real server)', () => {
  it('LUDS: the requirements with the bootstrap counts, met one by one; the breached message; Continue only when valid', async () => {
    const page = await openWidget();
    const email = uniqueEmail('luds');
    await startWith(page, email);
    const rules = page.locator('auth-login [data-luds] [data-requirement]');
    // Listed before anything is typed: the bootstrap names the policy and its numbers.
    assert.deepEqual(await rules.allTextContents(), [
      'Must be at least 10 characters long',
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
    const met = () => page.locator('auth-login [data-luds] li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-met')));
    const submit = page.locator('auth-login button[type="submit"]');
    const password = page.locator('auth-login input[name="password"]');

    await password.fill('abcdefgh');
    await page.waitForFunction(() => document.querySelector('auth-login')?.shadowRoot?.querySelector('[data-luds] li[data-met]'));
    assert.deepEqual(await met(), ['false', 'false']);
    assert.equal(await submit.isDisabled(), true);
    // LUDS shows no zxcvbn bar.
    assert.equal(await page.locator('auth-login .ae-pw-meter').count(), 0);

    await password.fill('abcdefghij');
    await page.waitForFunction(() => document.querySelector('auth-login')?.shadowRoot?.querySelector('[data-luds] li[data-met="true"]'));
    assert.deepEqual(await met(), ['true', 'false']);
    assert.equal(await submit.isDisabled(), true);

    // Meets both rules but is on the breached list.
    await password.fill(BREACHED);
    const breached = page.locator('auth-login [data-breached]');
    await breached.waitFor();
    assert.equal(
      await breached.textContent(),
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    );
    assert.deepEqual(await met(), ['true', 'true']);
    assert.equal(await submit.isDisabled(), true);
    assert.deepEqual(await axeViolations(page), []);

    await password.fill(GOOD);
    await breached.waitFor({ state: 'detached' });
    await page.waitForFunction(() => {
      const b = document.querySelector('auth-login')?.shadowRoot?.querySelector<HTMLButtonElement>('button[type="submit"]');
      return b && !b.disabled;
    });
    await page.keyboard.press('Enter');
    await screenIs(page, 'PasswordConfirmation');
    assert.equal(await page.locator('auth-login h1').textContent(), 'Success!');
    await page.close();
  });

  it('the right password on the breached list: a reset email and PasswordBreached, with the docs/reference/methods/passwords.md#errors text on screen and to onError', async () => {
    const email = uniqueEmail('breached');
    await seedPasswordUser(email, BREACHED);
    const page = await openWidget();
    await startWith(page, email);
    assert.equal(await page.locator('auth-login h1').textContent(), 'Log in');
    await page.locator('auth-login input[name="password"]').fill(BREACHED);
    await page.keyboard.press('Enter');
    await screenIs(page, 'PasswordBreached');
    // docs/reference/methods/passwords.md#errors's breached_password text, on screen (not only in the onError payload).
    assert.equal(
      await page.locator('auth-login [role="alert"].ae-banner').textContent(),
      'Password appears in the list of breached passwords and must be reset.',
    );
    assert.equal(await page.locator('auth-login h1').textContent(), 'Reset your password');
    assert.match((await page.locator('auth-login p.ae-text').textContent()) ?? '', new RegExp(`sent to you at ${email.replace(/[.+]/g, '\\$&')}\\.$`));
    const error = await lastError(page);
    assert.equal(error?.error_type, 'breached_password');
    assert.equal(error?.message, 'Password appears in the list of breached passwords and must be reset.');
    const [mail] = await e2e.messagesTo(email);
    assert.match(mail?.link ?? '', new RegExp(`^${e2e.base}/reset\\.html\\?stytch_token_type=reset_password&token=`));
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it('a password flagged for reset: reset_password at sign-in sends a reset email and shows PasswordDedupe', async () => {
    const email = uniqueEmail('flagged');
    await seedPasswordUser(email, GOOD, true);
    const page = await openWidget();
    await startWith(page, email);
    await page.locator('auth-login input[name="password"]').fill(GOOD);
    await page.keyboard.press('Enter');
    await screenIs(page, 'PasswordDedupe');
    const error = await lastError(page);
    assert.equal(error?.error_type, 'reset_password');
    assert.equal(error?.message, 'Password must be reset.');
    assert.equal((await e2e.messagesTo(email)).length, 1);
    await page.close();
  });
});
