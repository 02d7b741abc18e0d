/**
 * `<auth-passkey-registration>` in real Chromium against the real reference server, with a CDP
 * virtual authenticator (test/wtr-webauthn.mjs) as the user's device.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { forgetBrowserSession, recordFetchedPaths, testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { waitFor } from '../react-internals/test-utils.ts';
import './define.ts';
import { mountPasskeyRegistration } from './mount.ts';
import { AuthPasskeyRegistrationElement } from './passkey-registration.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));

describe('<auth-passkey-registration>', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];

  before(async () => {
    env = await testEnv();
    await executeServerCommand('webauthn:add-authenticator', {});
  });
  beforeEach(async () => {
    await executeServerCommand('webauthn:clear-credentials', {});
    forgetBrowserSession();
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    events = [];
    errors = [];
  });
  afterEach(async () => {
    await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  async function signIn(prefix: string): Promise<string> {
    const email = uniqueEmail(prefix);
    const { method_id } = await client.otps.email.loginOrCreate(email);
    await client.otps.authenticate((await waitForMessage(email)).code!, method_id, { session_duration_minutes: 30 });
    return email;
  }

  /** A signed-in widget on the page, listening to its events. */
  async function widget(): Promise<{ el: AuthPasskeyRegistrationElement; root: ShadowRoot }> {
    const el = await fixture<AuthPasskeyRegistrationElement>(html`<auth-passkey-registration></auth-passkey-registration>`);
    el.addEventListener('auth-event', (e) => events.push(e.detail));
    el.addEventListener('auth-error', (e) => errors.push(e.detail));
    el.client = client;
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('h1, [data-passkey-unauthenticated]'), 'first screen');
    // These tests are about React's screens: after the first paint has handed over.
    await whenReact(el);
    return { el, root };
  }

  async function axeClean(el: Element, what: string) {
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  const names = (root: ShadowRoot) => Array.from(root.querySelectorAll('.ae-pk-name')).map((n) => n.textContent);

  it('without an authenticated user shows the docs/reference/elements/auth-passkey-registration.md#screens error and nothing else', async () => {
    expect(customElements.get('auth-passkey-registration')).to.equal(AuthPasskeyRegistrationElement);
    const { el, root } = await widget();
    const msg = await waitFor(() => root.querySelector('[data-passkey-unauthenticated]'), 'unauthenticated message');
    expect(msg.textContent).to.equal('Error: Cannot use PasskeyRegistration component without active user authenticated.');
    expect(msg.getAttribute('role')).to.equal('alert');
    expect(root.querySelector('button')).to.equal(null);
    expect(el.getAttribute('data-screen')).to.equal('PasskeyRegistrationStart');
    await axeClean(el, 'unauthenticated');
  });

  it('Start -> Create a Passkey -> Success with the Existing Passkeys list; focus moves; axe clean', async () => {
    await signIn('pkreg-create');
    const { el, root } = await widget();
    expect(root.querySelector('h1')!.textContent).to.equal('Set up a new Passkey');
    const create = root.querySelector<HTMLButtonElement>('[data-passkey-create]')!;
    expect(create.textContent).to.equal('Create a Passkey');
    expect(root.querySelector('[data-passkey-skip]')!.textContent).to.equal('Skip');
    // The widget's first screen leaves focus with the host page.
    expect(root.activeElement).to.equal(null);
    await axeClean(el, 'Start');

    create.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasskeyRegistrationSuccess', 'Success');
    await waitFor(() => names(root).length === 1, 'list of one');
    expect(root.querySelector('h1')!.textContent).to.equal('Passkey successfully created!');
    expect(root.querySelector('h2')!.textContent).to.equal('Existing Passkeys');
    expect(names(root)).to.deep.equal(['Chrome on Linux']);
    expect(root.activeElement).to.equal(root.querySelector('h1'));
    expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_REGISTER']);
    const reg = events[0];
    if (reg?.type === 'PASSKEY_REGISTER') {
      expect(reg.data.webauthn_registration_id).to.be.a('string');
      expect(reg.data.user.webauthn_registrations[0]?.webauthn_registration_id).to.equal(reg.data.webauthn_registration_id);
    }
    const creds = (await executeServerCommand('webauthn:get-credentials', {})) as { credentials: { isResidentCredential: boolean }[] };
    expect(creds.credentials.map((c) => c.isResidentCredential)).to.deep.equal([true]);
    expect(root.querySelector('[data-set-up-another]')!.textContent).to.equal('Set up another Passkey');
    expect(root.querySelector('[data-passkey-done]')!.textContent).to.equal('Done');
    await axeClean(el, 'Success');

    root.querySelector<HTMLButtonElement>('[data-passkey-done]')!.click();
    await waitFor(() => events.some((e) => e.type === 'PASSKEY_DONE'), 'PASSKEY_DONE');
    await settle();
    expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_REGISTER', 'PASSKEY_DONE']);
  });

  it('a second passkey on the same authenticator gets the docs/reference/methods/webauthn.md#errors duplicate message', async () => {
    await signIn('pkreg-dup');
    const { el, root } = await widget();
    root.querySelector<HTMLButtonElement>('[data-passkey-create]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasskeyRegistrationSuccess', 'Success');
    root.querySelector<HTMLButtonElement>('[data-set-up-another]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasskeyRegistrationStart', 'back to Start');
    // Coming back to Start is a screen change: focus goes to its main action.
    const create = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-passkey-create]'), 'create');
    await waitFor(() => root.activeElement === create, 'focus on Create');
    create.click();
    const error = root.querySelector('[data-passkey-error]')!;
    await waitFor(() => error.textContent !== '', 'error text');
    expect(error.textContent).to.equal(
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    );
    expect(error.getAttribute('role')).to.equal('alert');
    expect(el.getAttribute('data-screen')).to.equal('PasskeyRegistrationStart');
    expect(errors).to.have.length(1);
    await axeClean(el, 'Start with the duplicate message');
  });

  it('any other failure gets the docs/reference/methods/webauthn.md#errors not-created message', async () => {
    await signIn('pkreg-fail');
    // The session dies on the server: register start is refused.
    const token = document.cookie.match(/stytch_session=([^;]+)/)?.[1];
    expect(token).to.be.a('string');
    await fetch(`${env.apiBaseUrl}/sdk/v1/sessions/revoke`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${env.publicToken}:${token}`)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { root } = await widget();
    root.querySelector<HTMLButtonElement>('[data-passkey-create]')!.click();
    const error = root.querySelector('[data-passkey-error]')!;
    await waitFor(() => error.textContent !== '', 'error text');
    expect(error.textContent).to.equal('Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.');
  });

  it('rename (keyboard): Set up another and Done are disabled meanwhile; the new name is saved fire-and-forget', async () => {
    await signIn('pkreg-rename');
    const { el, root } = await widget();
    root.querySelector<HTMLButtonElement>('[data-passkey-create]')!.click();
    await waitFor(() => names(root).length === 1, 'list');
    const rename = root.querySelector<HTMLButtonElement>('[data-rename]')!;
    expect(rename.getAttribute('aria-label')).to.equal('Rename Chrome on Linux');
    rename.focus();
    await sendKeys({ press: 'Enter' });
    const input = await waitFor(() => root.querySelector<HTMLInputElement>('[data-rename-input]'), 'rename input');
    await waitFor(() => root.activeElement === input, 'focus in the input');
    expect(input.value).to.equal('Chrome on Linux');
    expect(input.labels?.[0]?.textContent).to.equal('Passkey name');
    expect(root.querySelector<HTMLButtonElement>('[data-set-up-another]')!.disabled).to.equal(true);
    expect(root.querySelector<HTMLButtonElement>('[data-passkey-done]')!.disabled).to.equal(true);
    await axeClean(el, 'Success while renaming');

    input.select();
    await sendKeys({ type: 'Work laptop' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => names(root)[0] === 'Work laptop', 'renamed in the list');
    await waitFor(() => root.activeElement === root.querySelector('[data-rename]'), 'focus back on Rename');
    expect(root.querySelector<HTMLButtonElement>('[data-passkey-done]')!.disabled).to.equal(false);
    // Fire-and-forget: poll the server until the rename has landed.
    await waitFor(async () => (await client.user.get()).webauthn_registrations[0]?.name === 'Work laptop', 'saved on the server');

    // Escape cancels a rename without saving.
    root.querySelector<HTMLButtonElement>('[data-rename]')!.click();
    const again = await waitFor(() => root.querySelector<HTMLInputElement>('[data-rename-input]'), 'rename input');
    await waitFor(() => root.activeElement === again, 'focus');
    await sendKeys({ type: ' 2' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root.querySelector('[data-rename-input]'), 'closed');
    expect(names(root)).to.deep.equal(['Work laptop']);
  });

  it('a rename the server refuses is logged (console.error), and the screen carries on', async () => {
    await signIn('pkreg-rename-fail');
    const { el, root } = await widget();
    // The Success screen refreshes the user once on arrival; the delete below must come after that
    // answer, or the refresh would take the passkey off the list before the rename.
    const fetched = recordFetchedPaths();
    try {
      root.querySelector<HTMLButtonElement>('[data-passkey-create]')!.click();
      await waitFor(() => names(root).length === 1, 'list');
      await waitFor(() => fetched.paths.some((p) => p.endsWith('/users/me')) && fetched.inFlight() === 0, 'the arrival refresh answered');
    } finally {
      fetched.restore();
    }
    const id = root.querySelector('[data-passkey-id]')!.getAttribute('data-passkey-id')!;
    // Another tab deletes the passkey meanwhile (straight to the API, so this page's cached user
    // still lists it): the rename answers webauthn_registration_not_found.
    const token = document.cookie.match(/stytch_session=([^;]+)/)?.[1];
    const deleted = await fetch(`${env.apiBaseUrl}/sdk/v1/users/webauthn_registrations/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${btoa(`${env.publicToken}:${token}`)}` },
    });
    expect(deleted.status).to.equal(200);

    const logged: unknown[][] = [];
    const realError = console.error;
    console.error = (...args: unknown[]) => {
      logged.push(args);
    };
    try {
      root.querySelector<HTMLButtonElement>('[data-rename]')!.click();
      const input = await waitFor(() => root.querySelector<HTMLInputElement>('[data-rename-input]'), 'rename input');
      await waitFor(() => root.activeElement === input, 'focus in the input');
      input.select();
      await sendKeys({ type: 'Old phone' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => logged.length > 0, 'the failure logged');
    } finally {
      console.error = realError;
    }
    expect(logged[0]![0]).to.equal('Auth Elements: renaming the passkey failed');
    expect(logged[0]![1]).to.include({ error_type: 'webauthn_registration_not_found', status_code: 404 });
    // docs/reference/methods/webauthn.md#calls: fire-and-forget; the screen is as after any rename, and still usable.
    expect(names(root)).to.deep.equal(['Old phone']);
    expect(root.querySelector('[data-passkey-error], [role="alert"]')).to.equal(null);
    expect(el.getAttribute('data-screen')).to.equal('PasskeyRegistrationSuccess');
    expect(root.activeElement).to.equal(root.querySelector('[data-rename]'));
    const done = root.querySelector<HTMLButtonElement>('[data-passkey-done]')!;
    expect(done.disabled).to.equal(false);
    done.click();
    await waitFor(() => events.some((e) => e.type === 'PASSKEY_DONE'), 'PASSKEY_DONE');
    await settle();
    expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_REGISTER', 'PASSKEY_DONE']);
  });

  it('delete asks first (Delete and Cancel with the warning), then removes the passkey from the account', async () => {
    await signIn('pkreg-delete');
    const { el, root } = await widget();
    root.querySelector<HTMLButtonElement>('[data-passkey-create]')!.click();
    await waitFor(() => names(root).length === 1, 'list');
    root.querySelector<HTMLButtonElement>('[data-delete]')!.click();
    const warning = await waitFor(() => root.querySelector('[data-pending-delete] .ae-error'), 'warning');
    expect(warning.textContent).to.equal('Once deleted, the passkey cannot be restored.');
    expect(root.querySelector('[data-delete-confirm]')!.textContent).to.equal('Delete');
    expect(root.querySelector('[data-delete-cancel]')!.textContent).to.equal('Cancel');
    // While a delete is pending, 'Set up another Passkey' and 'Done' give way to Delete and Cancel.
    expect(root.querySelector('[data-set-up-another]')).to.equal(null);
    expect(root.querySelector('[data-passkey-done]')).to.equal(null);
    expect(root.activeElement).to.equal(root.querySelector('[data-delete-cancel]'));
    await axeClean(el, 'Success with a pending delete');

    root.querySelector<HTMLButtonElement>('[data-delete-cancel]')!.click();
    await waitFor(() => !root.querySelector('[data-pending-delete]'), 'cancelled');
    expect(names(root)).to.have.length(1);
    expect(root.activeElement).to.equal(root.querySelector('[data-delete]'));

    root.querySelector<HTMLButtonElement>('[data-delete]')!.click();
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-delete-confirm]'), 'confirm')).click();
    await waitFor(() => names(root).length === 0, 'list empty');
    expect(root.textContent).to.contain('You have no Passkeys yet.');
    expect((await client.user.get()).webauthn_registrations).to.deep.equal([]);
    expect(root.querySelector('[data-passkey-done]')).to.not.equal(null);
    await axeClean(el, 'Success after delete');
  });

  it('Skip goes to the list without creating anything', async () => {
    await signIn('pkreg-skip');
    const { el, root } = await widget();
    root.querySelector<HTMLButtonElement>('[data-passkey-skip]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasskeyRegistrationSuccess', 'Success');
    expect(root.querySelector('h1')!.textContent).to.equal('Existing Passkeys');
    expect(root.textContent).to.contain('You have no Passkeys yet.');
    expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_SKIP']);
    const creds = (await executeServerCommand('webauthn:get-credentials', {})) as { credentials: unknown[] };
    expect(creds.credentials).to.deep.equal([]);
    await axeClean(el, 'Success after Skip');
  });

  it('mountPasskeyRegistration upgrades a container and names itself in the selector error', async () => {
    await signIn('pkreg-mount');
    const box = await fixture<HTMLDivElement>(html`<div id="pk-box"></div>`);
    const [el] = mountPasskeyRegistration('#pk-box', { client });
    expect(el).to.be.instanceOf(AuthPasskeyRegistrationElement);
    expect(box.firstElementChild).to.equal(el);
    await waitFor(() => el!.shadowRoot!.querySelector('[data-passkey-create]'), 'Start');
    expect(() => mountPasskeyRegistration('#nope', { client })).to.throw(
      'The selector you specified (#nope) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mountPasskeyRegistration()',
    );
  });
});
