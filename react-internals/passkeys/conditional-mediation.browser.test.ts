/**
 * docs/reference/methods/webauthn.md#rules: "WebAuthn conditional mediation needs browser support and an input whose autocomplete
 * includes webauthn, else returns null." sdk-core's webauthn.authenticate with conditional_mediation,
 * in real Chromium against the real reference server, with a CDP virtual authenticator
 * (test/wtr-webauthn.mjs) holding the user's passkey. The widgets render inside shadow roots, so
 * the input is looked for there too.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { type AuthClient, createClient } from '../../sdk-core/index.ts';
import { forgetBrowserSession, testEnv, uniqueEmail, waitForMessage } from '../../test/env.ts';

describe('conditional mediation (passkey autofill) in sdk-core', () => {
  let client: AuthClient;
  let host: HTMLDivElement;
  let paths: string[];
  let getCalls: CredentialRequestOptions[];
  let autofillSupported: boolean | null;
  const realFetch = window.fetch;
  const realGet = navigator.credentials.get.bind(navigator.credentials);
  const realConditional = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);

  const authenticate = () => client.webauthn.authenticate({ session_duration_minutes: 30, is_passkey: true, conditional_mediation: true });

  /** An input with `autocomplete`, appended to `parent`. */
  function input(parent: ParentNode, autocomplete: string): HTMLInputElement {
    const el = document.createElement('input');
    el.setAttribute('autocomplete', autocomplete);
    parent.append(el);
    return el;
  }

  /** A user with a passkey on the virtual authenticator; the client is signed out afterwards. */
  async function userWithPasskey(): Promise<string> {
    const email = uniqueEmail('conditional');
    const { method_id } = await client.otps.email.loginOrCreate(email);
    await client.otps.authenticate((await waitForMessage(email)).code!, method_id, { session_duration_minutes: 30 });
    const reg = await client.webauthn.register({ session_duration_minutes: 30, is_passkey: true });
    await client.session.revoke();
    return reg.user_id;
  }

  before(async () => {
    await executeServerCommand('webauthn:add-authenticator', {});
  });

  beforeEach(async () => {
    await executeServerCommand('webauthn:clear-credentials', {});
    forgetBrowserSession();
    const { apiBaseUrl, publicToken } = await testEnv();
    client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    host = document.createElement('div');
    document.body.append(host);
    paths = [];
    getCalls = [];
    autofillSupported = null;
    // Recorded, not replaced: what reaches the server and the browser's WebAuthn.
    window.fetch = (input, init) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return realFetch(input, init);
    };
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      if (options) getCalls.push(options);
      return realGet(options);
    };
    PublicKeyCredential.isConditionalMediationAvailable = async () => autofillSupported ?? (await realConditional!());
  });

  afterEach(async () => {
    window.fetch = realFetch;
    Reflect.deleteProperty(navigator.credentials, 'get');
    if (realConditional) PublicKeyCredential.isConditionalMediationAvailable = realConditional;
    host.remove();
    await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  const startedCeremony = () => paths.some((p) => p.startsWith('/sdk/v1/webauthn/authenticate'));

  it('no input on the page has webauthn in its autocomplete: null, with no server call and no browser prompt', async () => {
    await userWithPasskey();
    paths = [];
    input(host, 'username');
    input(host, 'email');
    // "webauthn" as part of another token is not the webauthn token.
    input(host, 'username webauthnx');
    // In a shadow root too.
    input(host.appendChild(document.createElement('div')).attachShadow({ mode: 'open' }), 'current-password');
    expect(await realConditional!()).to.equal(true);
    expect(await authenticate()).to.equal(null);
    expect(startedCeremony()).to.equal(false);
    expect(getCalls).to.deep.equal([]);
    expect(client.session.getSync()).to.equal(null);
  });

  it('the browser has no autofill support: null even with a webauthn input', async () => {
    await userWithPasskey();
    paths = [];
    input(host, 'username webauthn');
    autofillSupported = false;
    expect(await authenticate()).to.equal(null);
    expect(startedCeremony()).to.equal(false);
    expect(getCalls).to.deep.equal([]);
  });

  it('a webauthn input in the document (any letter case): the autofill request goes out and signs in', async () => {
    const userId = await userWithPasskey();
    input(host, 'Username WebAuthn');
    const resp = await authenticate();
    expect(resp?.user_id).to.equal(userId);
    expect(getCalls.map((o) => o.mediation)).to.deep.equal(['conditional']);
    expect(paths).to.include('/sdk/v1/webauthn/authenticate/start/primary');
    expect(client.session.getSync()?.user_id).to.equal(userId);
  });

  it('a webauthn input only inside nested open shadow roots (as in the widgets) is found', async () => {
    const userId = await userWithPasskey();
    const outer = host.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
    const inner = outer.appendChild(document.createElement('section')).attachShadow({ mode: 'open' });
    input(inner, 'username webauthn');
    expect(document.querySelector('input[autocomplete~="webauthn" i]')).to.equal(null);
    const resp = await authenticate();
    expect(resp?.user_id).to.equal(userId);
    expect(getCalls.map((o) => o.mediation)).to.deep.equal(['conditional']);
  });

  it('the input removed again: back to null', async () => {
    await userWithPasskey();
    const el = input(host, 'username webauthn');
    el.remove();
    paths = [];
    expect(await authenticate()).to.equal(null);
    expect(startedCeremony()).to.equal(false);
  });
});
