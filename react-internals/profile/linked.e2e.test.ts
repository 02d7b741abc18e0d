/**
 * `<auth-user-profile>`'s linked sections in real Chromium over the built bundle (dist/) against the real
 * server: a crypto wallet linked by signing the server's challenge (a real key in Node, as a wallet
 * extension would) and removed; the configured OAuth providers listed as not linked; no connected apps.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { e2eHarness, uniqueEmail } from '../../test/e2e-harness.ts';
import { axeViolations, openProfile, PROFILE_PAGE, signIn } from './test-helpers.ts';

const e2e = e2eHarness({ name: 'profile-linked', page: PROFILE_PAGE });

describe('<auth-user-profile> linked sections (built bundle, real server)', () => {
  it('wallets: link the browser wallet by its signature, then remove it; providers and apps listed', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const account = privateKeyToAccount(generatePrivateKey());
    await page.exposeFunction('testWalletSign', (raw: `0x${string}`) => account.signMessage({ message: { raw } }));
    // A string, not a function: tsx's transform would name the function's helpers, which the page lacks.
    await page.addInitScript(`window.ethereum = {
      request: async ({ method, params }) => {
        if (method === 'eth_requestAccounts') return [${JSON.stringify(account.address.toLowerCase())}];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') return window.testWalletSign(params[0]);
        throw new Error('unsupported ' + method);
      },
    };`);
    await signIn(e2e, page, uniqueEmail('profile-wallet'));
    const el = await openProfile(e2e, page, { sections: ['wallets', 'linkedAccounts', 'connectedApps'], oauthProviders: ['github', 'google'] });
    const wallets = el.locator('[data-section="wallets"]');
    await wallets.getByRole('button', { name: 'Link a wallet' }).click();
    await wallets.locator('[data-profile-ok="wallets"]').getByText('Wallet linked.').waitFor();
    const row = wallets.locator(`[data-wallet="${account.address.toLowerCase()}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: /^Remove / }).click();
    await wallets
      .locator('[data-profile-ok="wallets"]')
      .getByText(/ removed\.$/)
      .waitFor();
    assert.equal(await wallets.locator('[data-wallet]').count(), 0);

    const linked = el.locator('[data-section="linkedAccounts"]');
    assert.deepEqual(await linked.locator('[data-provider]').evaluateAll((l) => l.map((n) => n.getAttribute('data-provider'))), ['github', 'google']);
    await linked.getByRole('button', { name: 'Link GitHub' }).waitFor();
    await el.locator('[data-section="connectedApps"]').getByText('None yet.').waitFor();
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await context.close();
  });

  it('linked accounts: link GitHub through the provider, unlink it; an account another user has is refused, naming nothing of them', async () => {
    const github = uniqueEmail('profile-gh');
    const config = { sections: ['linkedAccounts'], oauthProviders: ['github'] };
    /** Presses Link GitHub and signs in at the dev provider's page as `identity`; back on the profile page. */
    const linkAs = async (page: Page, el: Locator, identity: string) => {
      await el.getByRole('button', { name: 'Link GitHub' }).click();
      await page.waitForURL(/\/dev\/oauth\/authorize/);
      await page.locator('#dev-email').fill(identity);
      await page.locator('#dev-name').fill('Dev GitHub');
      const form = page.locator('form:has(#dev-email)');
      await form.getByRole('radio', { name: 'Yes' }).check();
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/[?&]profile/);
    };

    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-link-a'));
    let el = await openProfile(e2e, page, config);
    await linkAs(page, el, github);
    el = page.locator('auth-user-profile');
    const section = el.locator('[data-section="linkedAccounts"]');
    await section.locator('[data-profile-ok="linkedAccounts"]').getByText('GitHub is linked to your account.').waitFor();
    await section.locator('[data-provider="github"][data-linked]').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('token'), null, 'the token left the address bar');

    // A second user tries the same GitHub account: refused, and the message names no one.
    const other = await e2e.browser.newContext();
    const otherPage = await other.newPage();
    await signIn(e2e, otherPage, uniqueEmail('profile-link-b'));
    const otherEl = await openProfile(e2e, otherPage, config);
    await linkAs(otherPage, otherEl, github);
    const error = otherPage.locator('auth-user-profile [data-profile-error="linkedAccounts"]');
    await error.getByText('Link GitHub failed: This GitHub account cannot be linked: it is already used for sign-in elsewhere.').waitFor();
    assert.doesNotMatch((await error.innerText()) ?? '', /@/);
    await otherPage.locator('auth-user-profile [data-provider="github"]:not([data-linked])').waitFor();
    await other.close();

    // The first user unlinks it (the email is still a way in).
    await section.getByRole('button', { name: 'Unlink GitHub' }).click();
    await section.locator('[data-provider="github"]:not([data-linked])').waitFor();
    await context.close();
  });
});
