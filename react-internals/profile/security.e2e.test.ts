/**
 * `<auth-user-profile>`'s security sections in real Chromium over the built bundle (dist/) against the real
 * server: set a password with the strength meter; add, rename and remove a passkey (a CDP virtual
 * authenticator); enrol an authenticator app (QR code, key, first code), see the recovery codes once, remove it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { totpCode } from '../../server/totps/otp.ts';
import { addVirtualAuthenticator, e2eHarness, uniqueEmail } from '../../test/e2e-harness.ts';
import { axeViolations, eventTypes, openProfile, PROFILE_PAGE, signIn } from './test-helpers.ts';

const e2e = e2eHarness({ name: 'profile-security', page: PROFILE_PAGE });

describe('<auth-user-profile> security sections (built bundle, real server)', () => {
  it('password: set one, Save waits for the strength check', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-pw'));
    const el = await openProfile(e2e, page, { sections: ['password'] });
    const section = el.locator('[data-section="password"]');
    await section.getByText('You have no password. Set one to sign in with your email and a password.').waitFor();
    await section.getByRole('button', { name: 'Set a password' }).click();
    const field = section.getByLabel('New password', { exact: true });
    await field.waitFor();
    assert.equal(await field.evaluate((f) => f === (f.getRootNode() as ShadowRoot).activeElement), true, 'focus moves to the field');
    const save = section.locator('[data-password-save]');
    await field.fill('short');
    assert.equal(await save.isDisabled(), true);
    await field.fill('correct-horse-battery-staple-42!');
    await page.waitForFunction(
      () => !document.querySelector('auth-user-profile')?.shadowRoot?.querySelector<HTMLButtonElement>('[data-password-save]')?.disabled,
    );
    await save.click();
    await section.locator('[data-profile-ok="password"]').getByText('Your password was saved.').waitFor();
    await section.getByText('You can sign in with a password.').waitFor();
    await context.close();
  });

  it('passkeys: add, rename, remove (the email stays the way in)', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    await signIn(e2e, page, uniqueEmail('profile-pk'));
    const el = await openProfile(e2e, page, { sections: ['passkeys'] });
    const section = el.locator('[data-section="passkeys"]');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.locator('[data-profile-ok="passkeys"]').getByText('Passkey added.').waitFor();
    const row = section.locator('[data-passkey]');
    await row
      .getByText('Never used')
      .or(row.getByText(/^Last used/))
      .first()
      .waitFor();
    const name = (await row.locator('.ae-profile-name').innerText()).trim();
    await section.getByRole('button', { name: `Rename ${name}` }).click();
    const input = section.getByLabel('Passkey name');
    await input.fill('Work laptop');
    await input.press('Enter');
    await section.getByText('Work laptop').waitFor();
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await section.locator('[data-remove-confirm]').click();
    await section.locator('[data-profile-ok="passkeys"]').getByText('Work laptop removed.').waitFor();
    assert.equal(await row.count(), 0);
    const types = await eventTypes(page);
    assert.ok(types.includes('PASSKEY_REGISTER') && types.includes('PROFILE_UPDATE'));
    await context.close();
  });

  it('authenticator app: enrol with the key and a code, recovery codes once, remove', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await signIn(e2e, page, uniqueEmail('profile-totp'));
    const el = await openProfile(e2e, page, { sections: ['authenticatorApp'] });
    const section = el.locator('[data-section="authenticatorApp"]');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await section.locator('[data-totp-secret]').innerText()).trim();
    assert.match(secret, /^[A-Z2-7]+=*$/);
    assert.deepEqual(await axeViolations(page, 'auth-user-profile'), []);
    await section.getByLabel('6-digit code from the app').fill(totpCode({ secret }, Date.now()));
    await section.getByRole('button', { name: 'Confirm' }).click();
    const codes = section.locator('[data-recovery-codes]');
    await codes.waitFor();
    assert.ok((await codes.locator('[data-codes] li').count()) > 0);
    await section.getByRole('button', { name: 'I saved my codes' }).click();
    await section.getByText('An authenticator app is set up.').waitFor();
    assert.equal(await codes.count(), 0, 'shown once');
    // New recovery codes: shown once the same way.
    await section.getByRole('button', { name: 'Get new recovery codes' }).click();
    await codes.waitFor();
    assert.equal(await codes.locator('[data-codes] li').count(), 10);
    await section.getByRole('button', { name: 'I saved my codes' }).click();
    await section.getByRole('button', { name: 'Get new recovery codes' }).waitFor();
    await section.getByRole('button', { name: 'Remove authenticator app' }).click();
    await section.locator('[data-remove-confirm]').click();
    await section.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await context.close();
  });
});
