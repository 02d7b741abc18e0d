/**
 * `<auth-user-profile>`'s contact sections in real Chromium over the built bundle (dist/) against the real
 * server: the page for a signed-in user, the email section (add by passcode, primary first, remove), the
 * last sign-in method's remove disabled with its reason, the sections config (order, hide), axe.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { e2eHarness, uniqueEmail } from '../../test/e2e-harness.ts';
import { axeViolations, eventTypes, openProfile, PROFILE_PAGE, signIn } from './test-helpers.ts';

const e2e = e2eHarness({ name: 'profile-contact', page: PROFILE_PAGE });

describe('<auth-user-profile> contact sections (built bundle, real server)', () => {
  it('signed out, it asks to sign in', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.base}/?profile`);
    await page.locator('auth-user-profile').getByText('Sign in to manage your account.').waitFor();
    await context.close();
  });

  it('emails: the only address cannot be removed (the reason shows); add one by passcode, remove it', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail('profile-email');
    await signIn(e2e, page, email);
    const el = await openProfile(e2e, page);
    const emails = el.locator('[data-section="emails"]');
    await emails.getByText(email).waitFor();
    const only = emails.getByRole('button', { name: `Remove ${email}` });
    assert.equal(await only.isDisabled(), true);
    // It looks disabled too: the secondary colour, no underline, no pointer (it looked like a live link).
    const look = (b: Element) => {
      const s = getComputedStyle(b);
      return { cursor: s.cursor, line: s.textDecorationLine, color: s.color };
    };
    const seen = await only.evaluate(look);
    assert.deepEqual([seen.cursor, seen.line], ['default', 'none']);
    await emails.getByText('This is your only way to sign in: add another before removing it.').waitFor();
    // The reason under it is helper text, in the theme's secondary colour.
    const secondary = await emails.locator('[data-last-method]').evaluate((p) => getComputedStyle(p).color);
    assert.equal(seen.color, secondary, 'the disabled Remove has the secondary colour');
    assert.equal(await only.getAttribute('aria-describedby'), await emails.locator('[data-last-method]').getAttribute('id'));

    // Add a second address: the passcode mailed to it attaches it.
    const second = uniqueEmail('profile-email2');
    await emails.getByRole('button', { name: 'Add an email address' }).click();
    await emails.getByLabel('Email address').fill(second);
    await emails.getByRole('button', { name: 'Send code' }).click();
    const code = emails.getByLabel(`Enter the code we sent to ${second}.`);
    await code.waitFor();
    await code.fill(await e2e.latestCode(second));
    await emails.getByRole('button', { name: 'Verify' }).click();
    await emails.locator('[data-profile-ok="emails"]').getByText(`${second} was added.`).waitFor();
    assert.deepEqual(await emails.locator('[data-contact]').evaluateAll((l) => l.map((n) => n.getAttribute('data-contact'))), [email, second]);
    assert.ok((await eventTypes(page)).includes('PROFILE_UPDATE'));

    // Two ways to sign in: the first may go now; confirm, and the list keeps the second.
    // Live again, it looks live: the pointer and not the disabled colour.
    const live = await only.evaluate(look);
    assert.equal(live.cursor, 'pointer');
    assert.notEqual(live.color, secondary);
    await emails.getByRole('button', { name: `Remove ${second}` }).click();
    await emails.locator('[data-remove-confirm]').click();
    await emails.locator('[data-profile-ok="emails"]').getByText(`${second} removed.`).waitFor();
    assert.equal(await emails.locator('[data-contact]').count(), 1);
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await context.close();
  });

  it("the server's last_sign_in_method is shown when the page's list was stale", async () => {
    const email = uniqueEmail('profile-last');
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, email);
    const el = await openProfile(e2e, page, { sections: ['emails'] });
    const emails = el.locator('[data-section="emails"]');
    const second = uniqueEmail('profile-last2');
    await emails.getByRole('button', { name: 'Add an email address' }).click();
    await emails.getByLabel('Email address').fill(second);
    await emails.getByRole('button', { name: 'Send code' }).click();
    await emails.locator('input[name="code"]').fill(await e2e.latestCode(second));
    await emails.getByRole('button', { name: 'Verify' }).click();
    await emails.locator(`[data-contact="${second}"]`).waitFor();
    // Another browser with the same session removes the second address; this page still lists two.
    const otherContext = await e2e.browser.newContext({ storageState: await context.storageState() });
    const other = await otherContext.newPage();
    await other.goto(`${e2e.base}/?profile&config=${encodeURIComponent(JSON.stringify({ sections: [] }))}`);
    await other.waitForFunction(() => 'client' in window);
    await other.evaluate(async (addr) => {
      const c = (
        window as unknown as {
          client: { user: { get(): Promise<{ emails: { email: string; email_id: string }[] }>; deleteFactor(k: string, id: string): Promise<unknown> } };
        }
      ).client;
      const id = (await c.user.get()).emails.find((e) => e.email === addr)!.email_id;
      await c.user.deleteFactor('email', id);
    }, second);
    await emails.getByRole('button', { name: `Remove ${email}` }).click();
    await emails.locator('[data-remove-confirm]').click();
    await emails.locator('[data-profile-error="emails"]').getByText(`Remove ${email} failed: You cannot remove your last way to sign in.`).waitFor();
    await Promise.all([otherContext.close(), context.close()]);
  });

  it('config.sections orders and hides the sections', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-order'));
    const el = await openProfile(e2e, page, { sections: ['passkeys', 'emails'] });
    await el.locator('[data-section="emails"]').waitFor();
    assert.deepEqual(await el.locator('[data-section]').evaluateAll((l) => l.map((n) => n.getAttribute('data-section'))), ['passkeys', 'emails']);
    await context.close();
  });
});
