/**
 * Passkey sign-in in the login widget, in real Chromium against the real reference server, with a
 * CDP virtual authenticator (test/wtr-webauthn.mjs) standing in for the user's device.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import 'axe-core';
import { type AuthClient, createClient } from '../../sdk-core/index.ts';
import { testEnv, uniqueEmail, waitForMessage } from '../../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../events.ts';
import { waitFor, widgetFixture } from '../test-utils.ts';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
/** docs/reference/constants.md#client-sdk "Passkey autofill retries 5" (not imported: importing the section would load the lazy chunk). */
const PASSKEY_AUTOFILL_ATTEMPTS = 5;
/** The modules only a passkey login may load: the lazy section, the screens, the ceremony code and the WebAuthn library. */
const LAZY_PASSKEY_MODULES =
  /\/react-internals\/passkeys\/(PasskeyLoginSection|screens|errors|styles)\.tsx?|\/sdk-core\/webauthn\/ceremony\.ts|@simplewebauthn/;

// Chromium keeps 250 resource entries by default and then drops new ones, so a lazy chunk loaded
// late could go unrecorded: make room before anything of this file's tests runs.
const RESOURCE_BUFFER_SIZE = 100_000;
performance.setResourceTimingBufferSize(RESOURCE_BUFFER_SIZE);
const loadedModules = () => performance.getEntriesByType('resource').map((e) => e.name);

/** One navigator.credentials.get call as the page made it. */
interface GetCall {
  conditional: boolean;
  signal: AbortSignal | undefined;
  state: string;
}

describe('passkey sign-in in the login widget (virtual authenticator, real server)', () => {
  const passkeyConfig = { products: ['otp', 'passkeys'], otpOptions: { methods: ['email'] }, sessionOptions: { sessionDurationMinutes: 60 } };
  const w = widgetFixture({ config: passkeyConfig });
  const { q, screen, render } = w;
  let host: HTMLDivElement;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  let calls: GetCall[];
  let autofillSupported: boolean | null;
  /** The browser's answer to stand in for call `call` (the user cancelling, an authenticator fault); undefined: the real one. */
  let browserFailure: ((call: GetCall, index: number) => Error | undefined) | null;
  const realGet = navigator.credentials.get.bind(navigator.credentials);
  const realConditional = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);

  /** Starts watching for Main's error banner; the returned function says whether it ever appeared. */
  function watchForBanner(): () => boolean {
    let seen = false;
    const observer = new MutationObserver(() => {
      if (host.querySelector('.ae-banner')) seen = true;
    });
    observer.observe(host, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      return seen || host.querySelector('.ae-banner') !== null;
    };
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
    ({ host, client, events, errors } = w);
    calls = [];
    autofillSupported = null;
    browserFailure = null;
    // Recorded, not replaced: every call still reaches the browser and the virtual authenticator,
    // unless a test has the browser end it (as when the user closes the prompt).
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      const call: GetCall = { conditional: options?.mediation === 'conditional', signal: options?.signal ?? undefined, state: 'pending' };
      calls.push(call);
      const failure = browserFailure?.(call, calls.length - 1);
      if (failure) {
        call.state = `rejected:${failure.name}`;
        return Promise.reject(failure);
      }
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
  });

  afterEach(async () => {
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
    const loaded = loadedModules();
    // Nothing was dropped: the buffer still has room, and this file's own modules are in it.
    expect(loaded.length).to.be.below(RESOURCE_BUFFER_SIZE);
    expect(loaded.some((n) => n.includes('/react-internals/login/MainScreen.tsx'))).to.equal(true);
    expect(loaded.filter((n) => LAZY_PASSKEY_MODULES.test(n))).to.deep.equal([]);
    expect(calls).to.deep.equal([]);
  });

  it('a login with passkeys does load the passkey section, the ceremony code and @simplewebauthn/browser', async () => {
    autofillSupported = false;
    render();
    await waitFor(() => q('[data-passkey-button]'), 'passkey button');
    const loaded = loadedModules();
    // The same check as above, so its silence there means something.
    expect(
      loaded.some((n) => /\/react-internals\/passkeys\/PasskeyLoginSection\.tsx/.test(n)),
      'section',
    ).to.equal(true);
    expect(
      loaded.some((n) => /\/sdk-core\/webauthn\/ceremony\.ts/.test(n)),
      'ceremony',
    ).to.equal(true);
    expect(
      loaded.some((n) => /@simplewebauthn/.test(n)),
      'library',
    ).to.equal(true);
  });

  it("without browser autofill, 'Login with a Passkey' comes first and signs in; PasskeyConfirmation completes the flow once", async () => {
    const { userId } = await userWithPasskey('pk-button');
    autofillSupported = false;
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
    expect(button.textContent).to.equal('Login with a Passkey');
    const email = q<HTMLInputElement>('input[type="email"]')!;
    // docs/reference/methods/magic-links.md#screens: shown first, before the email form.
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

    w.unmount();
    await waitFor(() => pending!.state !== 'pending', 'request settled after unmount');
    expect(pending!.signal?.aborted).to.equal(true);
    expect(pending!.state).to.equal('rejected:AbortError');
    await settle(200);
    expect(calls).to.have.length(1);
    expect(errors).to.deep.equal([]);
    await executeServerCommand('webauthn:remove-authenticator', {});
    await executeServerCommand('webauthn:add-authenticator', {});
  });

  it('the button cancels the open autofill request before its own prompt, then signs in', async () => {
    const { userId } = await userWithPasskey('pk-button-over-autofill');
    // An authenticator waiting for a touch keeps the real autofill request open, as while the user
    // is still typing (the browser supports autofill and the email input has 'webauthn').
    await executeServerCommand('webauthn:set-presence', { enabled: false });
    try {
      render();
      const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
      expect(q<HTMLInputElement>('input[type="email"]')!.autocomplete).to.equal('username webauthn');
      await waitFor(() => calls.length === 1, 'autofill request');
      const [autofill] = calls;
      expect(autofill!.conditional).to.equal(true);
      await settle(200);
      expect(autofill!.state).to.equal('pending');
      // The user's touch is there for the button's prompt (turning it on does not answer the open request).
      await executeServerCommand('webauthn:set-presence', { enabled: true });
      await settle(200);
      expect(autofill!.state).to.equal('pending');

      button.click();
      await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation');
      expect(autofill!.signal?.aborted).to.equal(true);
      expect(calls.map((c) => [c.conditional, c.state])).to.deep.equal([
        [true, 'rejected:AbortError'],
        [false, 'resolved'],
      ]);
      expect(client.session.getSync()?.user_id).to.equal(userId);
      expect(errors).to.deep.equal([]);
      await settle();
      expect(events.map((e) => e.type)).to.deep.equal(['PASSKEY_AUTHENTICATE', 'authenticate-flow-complete']);
    } finally {
      await executeServerCommand('webauthn:set-presence', { enabled: true });
    }
  });

  it('autofill: closing the prompt (NotAllowedError) is no error; autofill is offered again and signs in', async () => {
    const { userId } = await userWithPasskey('pk-autofill-declined');
    const bannerSeen = watchForBanner();
    // The user picks the passkey, then backs out of the browser's prompt, once.
    browserFailure = (call, i) =>
      call.conditional && i === 0 ? new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') : undefined;
    render();
    await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation by the second autofill request');
    expect(calls.map((c) => [c.conditional, c.state])).to.deep.equal([
      [true, 'rejected:NotAllowedError'],
      [true, 'resolved'],
    ]);
    expect(bannerSeen()).to.equal(false);
    expect(errors).to.deep.equal([]);
    expect(client.session.getSync()?.user_id).to.equal(userId);
  });

  it('autofill: a browser or authenticator fault sets the docs/reference/methods/webauthn.md#errors unknown-error banner, is reported, and retried 5 times in total', async () => {
    browserFailure = (call) => (call.conditional ? new DOMException('The authenticator failed.', 'UnknownError') : undefined);
    render();
    const banner = await waitFor(() => q('.ae-banner'), 'error banner');
    expect(banner.textContent).to.equal('Unknown error occurred during passkey authentication. Please try again.');
    expect(banner.getAttribute('role')).to.equal('alert');
    await waitFor(() => calls.length === PASSKEY_AUTOFILL_ATTEMPTS, '5 attempts');
    // Each failed attempt reaches onError after its call settles: wait for all five, then for a sixth.
    await waitFor(() => errors.length >= PASSKEY_AUTOFILL_ATTEMPTS, '5 errors');
    await settle(300);
    expect(calls.map((c) => [c.conditional, c.state])).to.deep.equal(Array(PASSKEY_AUTOFILL_ATTEMPTS).fill([true, 'rejected:UnknownError']));
    expect(errors).to.have.length(PASSKEY_AUTOFILL_ATTEMPTS);
    // docs/reference/methods/webauthn.md#errors: an error of no known class reaches onError as API error 400 unknown_error.
    expect(errors[0]).to.include({ error_type: 'unknown_error', status_code: 400 });
    expect(screen()).to.equal('Main');
    // The button still works.
    expect(q('[data-passkey-button]')).to.not.equal(null);
  });

  it("the button: closing the browser's prompt shows no error and the button is ready again", async () => {
    const { userId } = await userWithPasskey('pk-button-declined');
    autofillSupported = false;
    const bannerSeen = watchForBanner();
    browserFailure = (call, i) =>
      !call.conditional && i === 0 ? new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') : undefined;
    render();
    const button = await waitFor(() => q<HTMLButtonElement>('[data-passkey-button]'), 'passkey button');
    button.click();
    await waitFor(() => calls[0]?.state === 'rejected:NotAllowedError', 'prompt closed');
    await waitFor(() => !button.hasAttribute('aria-disabled'), 'button ready again');
    await settle(200);
    expect(bannerSeen()).to.equal(false);
    expect(errors).to.deep.equal([]);
    expect(screen()).to.equal('Main');
    button.click();
    await waitFor(() => screen() === 'PasskeyConfirmation', 'PasskeyConfirmation');
    expect(client.session.getSync()?.user_id).to.equal(userId);
  });

  it('a passkey deleted from the account: docs/reference/methods/webauthn.md#texts text, autofill tried 5 times in total, then it stops', async () => {
    const email = uniqueEmail('pk-deleted');
    await signIn(client, email);
    const reg = await client.webauthn.register({ session_duration_minutes: 30, is_passkey: true });
    // Gone from the account, still in the "password manager" (the virtual authenticator).
    await client.webauthn.deleteRegistration(reg.webauthn_registration_id);
    await client.session.revoke();

    render();
    const banner = await waitFor(() => q('.ae-banner'), 'error banner');
    await waitFor(() => calls.length === PASSKEY_AUTOFILL_ATTEMPTS && calls.every((c) => c.state !== 'pending'), '5 attempts');
    await waitFor(() => errors.length >= PASSKEY_AUTOFILL_ATTEMPTS, '5 errors');
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

  it('an unknown failure shows the docs/reference/methods/webauthn.md#texts unknown-error text; a later success clears it', async () => {
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
