/**
 * Passkey sign-in in the login widget, in real Chromium against the real reference server, with a
 * CDP virtual authenticator (test/wtr-webauthn.mjs) standing in for the user's device.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import 'axe-core';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthClient, createClient } from '../../sdk-core/index.ts';
import { testEnv, uniqueEmail, waitForMessage } from '../../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../events.ts';
import { LoginWidget, type LoginWidgetProps } from '../login/LoginWidget.tsx';
import { waitFor } from '../test-utils.ts';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
/** SPEC §9 "Passkey autofill retries 5" (not imported: importing the section would load the lazy chunk). */
const PASSKEY_AUTOFILL_ATTEMPTS = 5;
/** The modules only a passkey login may load: the lazy section, the screens, the ceremony code and the WebAuthn library. */
const LAZY_PASSKEY_MODULES = /\/react-internals\/passkeys\/(PasskeyLoginSection|screens|errors|styles)\.tsx?|\/sdk-core\/webauthn\/ceremony\.ts|@simplewebauthn/;

/** One navigator.credentials.get call as the page made it. */
interface GetCall {
  conditional: boolean;
  signal: AbortSignal | undefined;
  state: string;
}

describe('passkey sign-in in the login widget (virtual authenticator, real server)', () => {
  let host: HTMLDivElement;
  let root: Root | null;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  let calls: GetCall[];
  let autofillSupported: boolean | null;
  const realGet = navigator.credentials.get.bind(navigator.credentials);
  const realConditional = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);

  const q = <T extends Element>(sel: string): T | null => host.querySelector<T>(sel);
  const screen = () => q('.ae-root')?.getAttribute('data-screen');
  const passkeyConfig = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] }, sessionOptions: { sessionDurationMinutes: 60 } };

  function render(extra: Partial<LoginWidgetProps> = {}) {
    root ??= createRoot(host);
    root.render(
      <LoginWidget client={client} config={passkeyConfig} onEvent={(e) => events.push(e)} onError={(e) => errors.push(e)} {...extra} />,
    );
  }

  async function axeClean(what: string) {
    const result = await axe.run(host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  /** Signs `c` in by email passcode, the code read from the dev inbox as a user would. */
  async function signIn(c: AuthClient, email: string) {
    const { method_id } = await c.otps.email.loginOrCreate(email);
    await c.otps.authenticate((await waitForMessage(email)).code!, method_id, { session_duration_minutes: 30 });
  }

  /** A user with one passkey on the virtual authenticator; the client is signed out afterwards. */
  async function userWithPasskey(prefix: string) {
    const email = uniqueEmail(prefix);
    await signIn(client, email);
    const reg = await client.webauthn.register({ session_duration_minutes: 30, is_passkey: true });
    await client.session.revoke();
    return { email, userId: reg.user_id, registrationId: reg.webauthn_registration_id };
  }

  before(async () => {
    await executeServerCommand('webauthn:add-authenticator', {});
  });

  beforeEach(async () => {
    await executeServerCommand('webauthn:clear-credentials', {});
    const { apiBaseUrl, publicToken } = await testEnv();
    client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    events = [];
    errors = [];
    calls = [];
    autofillSupported = null;
    // Recorded, not replaced: every call still reaches the browser and the virtual authenticator.
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      const call: GetCall = { conditional: options?.mediation === 'conditional', signal: options?.signal ?? undefined, state: 'pending' };
      calls.push(call);
      return realGet(options).then(
        (v) => {
          call.state = 'resolved';
          return v;
        },
        (e: unknown) => {
          call.state = `rejected:${(e as Error).name}`;
          throw e;
        },
      );
    };
    // A browser without passkey autofill, when a test asks for one.
    PublicKeyCredential.isConditionalMediationAvailable = async () => autofillSupported ?? (await realConditional!());
    host = document.createElement('div');
    document.body.append(host);
    root = null;
  });

  afterEach(async () => {
    root?.unmount();
    host.remove();
    await client.session.revoke().catch(() => undefined);
    client.destroy();
    Reflect.deleteProperty(navigator.credentials, 'get');
    if (realConditional) PublicKeyCredential.isConditionalMediationAvailable = realConditional;
  });

  it('a login without passkeys renders no passkey button and never loads the passkey code', async () => {
    render({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await waitFor(() => q('input[type="email"]'), 'email input');
    await settle(200);
    expect(q('[data-passkey-button]')).to.equal(null);
    expect(q<HTMLInputElement>('input[type="email"]')!.autocomplete).to.equal('email');
    // The dev server serves each module at its own URL, so a lazy import would show up here.
    // (This test runs first in the file: nothing else has loaded the passkey modules yet.)
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    expect(loaded.filter((n) => LAZY_PASSKEY_MODULES.test(n))).to.deep.equal([]);
    expect(calls).to.deep.equal([]);
  });

  it("without browser autofill, 'Login with a Passkey' comes first and signs in; PasskeyConfirmation completes the flow once", async () => {
    const { userId } = await userWithPasskey('pk-button');
    autofillSupported = false;
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
    expect(button.textContent).to.equal('Login with a Passkey');
    const email = q<HTMLInputElement>('input[type="email"]')!;
    // SPEC §2: shown first, before the email form.
    expect(button.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(email.autocomplete).to.equal('username webauthn');
    await axeClean('Main with passkeys');
    // Autofill was not attempted against the browser (no support): no conditional request.
    expect(calls.filter((c) => c.conditional)).to.deep.equal([]);

    button.focus();
    button.click();
    await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation');
    await waitFor(() => q('h1')?.textContent === 'Success!', 'confirmation title');
    expect(host.textContent).to.contain('Your Passkey has been successfully authenticated.');
    expect(q('svg.ae-check')).to.not.equal(null);
    await waitFor(() => host.ownerDocument.activeElement === q('h1'), 'focus on the title');
    await settle();
    const types = events.map((e) => e.type);
    expect(types).to.deep.equal(['PASSKEY_AUTHENTICATE', 'authenticate-flow-complete']);
    const auth = events[0];
    if (auth?.type === 'PASSKEY_AUTHENTICATE') expect(auth.data.user_id).to.equal(userId);
    expect(client.session.getSync()?.user_id).to.equal(userId);
    expect(client.session.getSync()?.authentication_factors[0]?.type).to.equal('webauthn');
    expect(calls.map((c) => [c.conditional, c.state])).to.deep.equal([[false, 'resolved']]);
    await axeClean('PasskeyConfirmation');
  });

  it('signs in by passkey autofill on load (the email input offers the passkey)', async () => {
    const { userId } = await userWithPasskey('pk-autofill');
    render();
    await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation by autofill');
    await settle();
    expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_AUTHENTICATE', 'authenticate-flow-complete']);
    expect(client.session.getSync()?.user_id).to.equal(userId);
    expect(calls.map((c) => [c.conditional, c.state])).to.deep.equal([[true, 'resolved']]);
  });

  it('with autofill the button goes after the form; the pending request is aborted on unmount', async () => {
    // An authenticator that never confirms presence keeps the autofill request open, as while a
    // user is still typing.
    await executeServerCommand('webauthn:remove-authenticator', {});
    await executeServerCommand('webauthn:add-authenticator', { automaticPresenceSimulation: false });
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
    const email = q<HTMLInputElement>('input[type="email"]')!;
    expect(email.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await waitFor(() => calls.length === 1, 'autofill request');
    const [pending] = calls;
    expect(pending!.conditional).to.equal(true);
    await settle(200);
    expect(pending!.state).to.equal('pending');
    await axeClean('Main with the autofill request open');

    root!.unmount();
    root = null;
    await waitFor(() => pending!.state !== 'pending', 'request settled after unmount');
    expect(pending!.signal?.aborted).to.equal(true);
    expect(pending!.state).to.equal('rejected:AbortError');
    await settle(200);
    expect(calls).to.have.length(1);
    expect(errors).to.deep.equal([]);
    await executeServerCommand('webauthn:remove-authenticator', {});
    await executeServerCommand('webauthn:add-authenticator', {});
  });

  it('the button cancels the open autofill request before its own prompt', async () => {
    const { userId } = await userWithPasskey('pk-button-over-autofill');
    // Autofill would sign in at once; hold it off by answering "no support" only after render.
    autofillSupported = false;
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
    button.click();
    await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation');
    expect(client.session.getSync()?.user_id).to.equal(userId);
  });

  it('a passkey deleted from the account: SPEC §8 text, autofill tried 5 times in total, then it stops', async () => {
    const email = uniqueEmail('pk-deleted');
    await signIn(client, email);
    const reg = await client.webauthn.register({ session_duration_minutes: 30, is_passkey: true });
    // Gone from the account, still in the "password manager" (the virtual authenticator).
    await client.webauthn.deleteRegistration(reg.webauthn_registration_id);
    await client.session.revoke();

    render();
    const banner = await waitFor(() => q('.ae-banner'), 'error banner');
    await waitFor(() => calls.length === PASSKEY_AUTOFILL_ATTEMPTS && calls.every((c) => c.state !== 'pending'), '5 attempts');
    await settle(300);
    expect(calls).to.have.length(PASSKEY_AUTOFILL_ATTEMPTS);
    expect(calls.every((c) => c.conditional && c.state === 'resolved')).to.equal(true);
    expect(banner.getAttribute('role')).to.equal('alert');
    expect(banner.textContent).to.equal(
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    );
    expect(errors).to.have.length(PASSKEY_AUTOFILL_ATTEMPTS);
    expect(errors[0]).to.include({ error_type: 'webauthn_registration_not_found', status_code: 404 });
    expect(screen()).to.equal('Main');
    expect(client.session.getSync()).to.equal(null);
    await axeClean('Main with the passkey error');
  });

  it('an unknown failure shows the SPEC §8 unknown-error text; a later success clears it', async () => {
    const { publicToken } = await testEnv();
    const { userId } = await userWithPasskey('pk-unknown');
    autofillSupported = false;
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      render({ client: down });
      (await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button')).click();
      const banner = await waitFor(() => q('.ae-banner'), 'error banner');
      expect(banner.textContent).to.equal('Unknown error occurred during passkey authentication. Please try again.');
      expect(errors[0]).to.include({ name: 'ApiUnreachableError' });
      expect(screen()).to.equal('Main');
    } finally {
      down.destroy();
    }
    // The same widget with a working client: success goes to PasskeyConfirmation and clears the error.
    render({ client });
    // Let React commit the new client before clicking (the button's handler closes over it).
    await settle(200);
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]:not([aria-disabled])'), 'button ready');
    button.click();
    await waitFor(() => screen() === 'PasskeyConfirmation', `PasskeyConfirmation (calls ${JSON.stringify(calls)}, errors ${JSON.stringify(errors)})`);
    expect(q('.ae-banner')).to.equal(null);
    expect(client.session.getSync()?.user_id).to.equal(userId);
  });
});
