/**
 * `<auth-idp-consent>` and mountIdentityProvider in real Chromium against the real reference server
 * (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen", docs/reference/methods/idp.md#validation required parameters, docs/reference/methods/idp.md#errors IDP texts): the request read from
 * the page's address, the missing-parameter and no-session messages, the events, telemetry, no
 * watermark, accessibility; and the screen's pure parts (scope texts, titles, name fallbacks, the
 * custom manifest and its fallback).
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { forgetBrowserSession, signInByEmailPasscode, testEnv, uniqueEmail, whenReact } from '../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { clientDisplayName, consentTitle, customManifest, defaultConsentItems, readIdpRequest } from '../react-internals/idp/flow.ts';
import { resolveStrings } from '../react-internals/strings.ts';
import { waitFor } from '../react-internals/test-utils.ts';
import './define.ts';
import { AuthIDPConsentElement } from './idp-consent.tsx';
import { mountIdentityProvider } from './mount.ts';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;
const strings = resolveStrings(undefined);

describe('<auth-idp-consent>', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  let navigated: string[];
  const page = location.href;

  before(async () => {
    env = await testEnv();
  });
  beforeEach(() => {
    forgetBrowserSession();
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    events = [];
    errors = [];
    navigated = [];
  });
  afterEach(async () => {
    for (const el of document.querySelectorAll('auth-idp-consent, #idp-host')) el.remove();
    history.replaceState(null, '', page);
    await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  /** Mounts the element with the page's address carrying `query`, as the authorization server sends the browser. */
  async function mount(query: string, ready = '[data-idp-state]:not([data-idp-state="loading"])'): Promise<{ el: AuthIDPConsentElement; root: ShadowRoot }> {
    history.replaceState(null, '', `${location.pathname}?${query}`);
    const host = document.createElement('div');
    host.id = 'idp-host';
    document.body.append(host);
    const [el] = mountIdentityProvider('#idp-host', {
      client,
      callbacks: { onEvent: (e) => events.push(e), onError: (e) => errors.push(e) },
      navigate: (url) => navigated.push(url),
    });
    const root = el!.shadowRoot!;
    await whenReact(el!);
    await waitFor(() => root.querySelector(ready), `screen ${ready}`);
    return { el: el!, root };
  }

  async function axeClean(el: Element, what: string) {
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  it('is defined, and mountIdentityProvider names itself when the selector matches nothing', () => {
    expect(customElements.get('auth-idp-consent')).to.equal(AuthIDPConsentElement);
    expect(() => mountIdentityProvider('#nowhere', { client })).to.throw(
      'The selector you specified (#nowhere) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mountIdentityProvider()',
    );
  });

  for (const [query, param] of [
    ['redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid', 'client_id'],
    ['client_id=app&scope=openid', 'redirect_uri'],
    ['client_id=app&redirect_uri=', 'redirect_uri'],
    ['post_logout_redirect_uri=https%3A%2F%2Fapp.example%2F', 'client_id'],
    ['client_id=app&post_logout_redirect_uri=', 'post_logout_redirect_uri'],
  ] as const) {
    it(`says which parameter is missing (${param}, from "${query}"), to the user and onError, and calls nothing`, async () => {
      await signInByEmailPasscode(client, uniqueEmail('idp-missing'));
      const { el, root } = await mount(query, '[data-idp-error]');
      const message = `Required parameter is missing: ${param}. Please reach out to the application developer.`;
      expect(root.querySelector('[data-idp-error]')!.textContent).to.equal(message);
      expect(root.querySelector('[data-idp-error]')!.getAttribute('role')).to.equal('alert');
      expect(root.querySelector('h1')!.textContent).to.equal('Looks like there was an error!');
      expect(errors.map((e) => [e.name, e.code])).to.deep.equal([['MissingParameterError', 'missing_parameter']]);
      expect(errors[0]!.message).to.equal(message);
      expect(events.map((e) => e.type)).to.deep.equal([]);
      // docs/reference/elements/auth-idp-consent.md#screens: never the watermark on this element.
      expect(root.querySelector('[part="watermark"]')).to.equal(null);
      await axeClean(el, 'missing parameter');
    });
  }

  it('renders in light DOM with enableShadowDOM: false', async () => {
    history.replaceState(null, '', `${location.pathname}?client_id=app`);
    const el = document.createElement('auth-idp-consent');
    el.client = client;
    el.config = { enableShadowDOM: false };
    document.body.append(el);
    const error = await waitFor(() => el.querySelector('[data-idp-error]'), 'error in light DOM');
    expect(error.textContent).to.equal('Required parameter is missing: redirect_uri. Please reach out to the application developer.');
    await axeClean(el, 'light DOM');
  });

  it("without a session says 'No active session detected. Please log in to continue.' and does not start", async () => {
    const { el, root } = await mount('client_id=app&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid%20email', '[data-idp-error]');
    expect(root.querySelector('[data-idp-error]')!.textContent).to.equal('No active session detected. Please log in to continue.');
    expect(events).to.deep.equal([]);
    await axeClean(el, 'no session');
  });

  it('with a session sends OAuthAuthorizeFlowStart with the request read from the address, then shows what authorize-start answered', async () => {
    await signInByEmailPasscode(client, uniqueEmail('idp-start'));
    const sent: unknown[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/idp/oauth/authorize/start')) sent.push(JSON.parse(String(init?.body)));
      return realFetch(input, init);
    };
    try {
      const { root } = await mount(
        'client_id=no-such-client&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=openid++email%20&code_challenge=abc&code_challenge_method=S256&state=st&nonce=nn',
        '[data-idp-error], [data-idp-allow], [data-idp-state="redirecting"]',
      );
      expect(events[0]).to.deep.equal({
        type: 'OAuthAuthorizeFlowStart',
        data: { client_id: 'no-such-client', redirect_uri: 'https://app.example/cb', scopes: ['openid', 'email'] },
      });
      // docs/reference/methods/idp.md#validation: empty scope values dropped; docs/reference/methods/idp.md#calls: the params as the body.
      expect(sent).to.deep.equal([
        {
          client_id: 'no-such-client',
          redirect_uri: 'https://app.example/cb',
          response_type: 'code',
          scopes: ['openid', 'email'],
          code_challenge: 'abc',
          code_challenge_method: 'S256',
          state: 'st',
          nonce: 'nn',
        },
      ]);
      // An unknown client: the server's error, shown and sent to onError (docs/reference/methods/idp.md#errors).
      const shown = root.querySelector('[data-idp-error]')!.textContent;
      expect(shown).to.not.equal('');
      expect(errors.length).to.equal(1);
      expect(errors[0]!.message).to.equal(shown);
      expect(navigated).to.deep.equal([]);
    } finally {
      window.fetch = realFetch;
    }
  });

  it("says 'Trusted auth token is not verified' when the auth-token params do not attest, and sends the error to onError", async () => {
    history.replaceState(null, '', `${location.pathname}?client_id=app&redirect_uri=${encodeURIComponent('https://app.example/cb')}`);
    const el = document.createElement('auth-idp-consent');
    el.setAttribute('auth-token-params', JSON.stringify({ trustedAuthToken: 'not-a-jwt', tokenProfileID: 'no-such-profile' }));
    el.client = client;
    el.callbacks = { onEvent: (e) => events.push(e), onError: (e) => errors.push(e) };
    document.body.append(el);
    expect(el.authTokenParams).to.deep.equal({ trustedAuthToken: 'not-a-jwt', tokenProfileID: 'no-such-profile' });
    const root = el.shadowRoot!;
    await waitFor(() => root.querySelector('[data-idp-error]'), 'error');
    expect(root.querySelector('[data-idp-error]')!.textContent).to.equal('Trusted auth token is not verified');
    expect(errors.length).to.equal(1);
    expect(errors[0]!.name).to.equal('ApiError');
    expect(events).to.deep.equal([]);
  });

  it('logs render_idp_screen (not render_login_screen) to telemetry', async () => {
    const logged: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/sdk/v1/events')) logged.push(String(init?.body));
      return realFetch(input, init);
    };
    try {
      await mount('client_id=app', '[data-idp-error]');
      await waitFor(() => logged.some((b) => b.includes('render_idp_screen')), 'render_idp_screen sent', 5000);
      expect(logged.some((b) => b.includes('render_login_screen'))).to.equal(false);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('moves focus to the heading when the state changes, and fits 320 px', async () => {
    document.body.style.width = '320px';
    try {
      const { el, root } = await mount('client_id=app', '[data-idp-error]');
      // The focus move is an effect after the screen's commit: the screen can be seen a moment before it.
      await waitFor(() => root.activeElement?.tagName === 'H1', 'focus on the heading');
      expect(el.scrollWidth).to.be.at.most(320);
    } finally {
      document.body.style.width = '';
    }
  });
});

describe('IDPConsent texts (docs/reference/elements/auth-idp-consent.md#screens)', () => {
  it('reads authorize and logout requests, with the default scopes', () => {
    expect(readIdpRequest('?client_id=c&redirect_uri=https://a.example/cb')).to.deep.equal({
      kind: 'authorize',
      params: { client_id: 'c', redirect_uri: 'https://a.example/cb', response_type: 'code', scopes: ['openid', 'email', 'profile'] },
    });
    expect(readIdpRequest('?client_id=c&redirect_uri=r&scope=%20%20&prompt=consent')).to.deep.include({ kind: 'authorize' });
    expect(readIdpRequest('?client_id=c&post_logout_redirect_uri=https://a.example/&state=s&id_token_hint=t')).to.deep.equal({
      kind: 'logout',
      params: { client_id: 'c', post_logout_redirect_uri: 'https://a.example/', state: 's', id_token_hint: 't' },
    });
  });

  it('falls back from the client name to the redirect host name to "The App"', () => {
    expect(clientDisplayName('Acme Notes', 'https://x.example/cb', strings)).to.equal('Acme Notes');
    expect(clientDisplayName('  ', 'https://notes.example:8443/cb', strings)).to.equal('notes.example');
    expect(clientDisplayName(undefined, 'not a url', strings)).to.equal('The App');
  });

  it('titles standard scopes "Sign in to ..." and custom ones "... wants to access ..."', () => {
    expect(consentTitle(['openid', 'email', 'profile', 'phone', 'offline_access'], 'Acme', 'Proj', strings)).to.equal('Sign in to Acme with Proj');
    expect(consentTitle(['openid', 'read:notes'], 'Acme', 'Proj', strings)).to.equal('Acme wants to access your Proj account');
  });

  it('says each scope in the reference words, custom ones from the RBAC policy or "Use the {scope} scope"', () => {
    const items = defaultConsentItems(
      ['openid', 'profile', 'email', 'phone', 'offline_access', 'read:notes', 'write:notes'],
      { clientName: 'Acme', projectName: 'Proj' },
      strings,
      { roles: [], resources: [], scopes: [{ scope: 'read:notes', description: 'Read your notes' }] },
    );
    expect(items.map((i) => i.text)).to.deep.equal([
      'Verify your identity',
      'View your personal profile information',
      "Maintain access to your data even when you're not actively using the app",
      'Read your notes',
      'Use the write:notes scope',
    ]);
    expect(items[1]!.details).to.deep.equal(['Name, profile picture and language preferences', 'Email address', 'Phone number']);
  });

  it('uses a custom manifest, and falls back (logged) when it throws or is malformed', () => {
    const input = { scopes: ['openid'], clientName: 'Acme' };
    const manifest = [{ header: 'Acme will', items: ['see you', { text: 'know', details: ['a', 'b'] }] }];
    expect(customManifest(() => manifest, input)).to.deep.equal(manifest);
    const logged: unknown[] = [];
    const realError = console.error;
    console.error = (...a: unknown[]) => logged.push(a);
    try {
      expect(
        customManifest(() => {
          throw new Error('boom');
        }, input),
      ).to.equal(null);
      expect(customManifest(() => [{ header: 3 }], input)).to.equal(null);
    } finally {
      console.error = realError;
    }
    expect(logged.length).to.equal(2);
  });
});

describe('<auth-idp-consent> against the OpenID provider (real server)', () => {
  let env: { apiBaseUrl: string; publicToken: string };
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  let navigated: string[];
  let projectName: string;
  let rp: { client_id: string };
  let firstParty: { client_id: string };
  const page = location.href;
  const CB = 'https://rp.example/cb';
  const LOGGED_OUT = 'https://rp.example/logged-out';

  before(async function () {
    // Each registration starts a Node process (test/idp-provider.ts): give a loaded machine time.
    this.timeout(60_000);
    env = await testEnv();
    rp = await executeServerCommand('idp:create-client', {
      client_name: 'Notes RP',
      redirect_uris: [CB],
      post_logout_redirect_uris: [LOGGED_OUT],
      logo_url: 'https://rp.example/logo.png',
    });
    firstParty = await executeServerCommand('idp:create-client', { client_name: 'Own App', client_type: 'first_party', redirect_uris: [CB] });
  });
  beforeEach(async () => {
    forgetBrowserSession();
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    projectName = (await client.bootstrap()).project_name;
    events = [];
    errors = [];
    navigated = [];
    await signInByEmailPasscode(client, uniqueEmail('idp-flow'));
  });
  afterEach(async () => {
    for (const el of document.querySelectorAll('auth-idp-consent, #idp-host')) el.remove();
    history.replaceState(null, '', page);
    await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  const authorizeQuery = (clientId: string, scope = 'openid email profile', extra = '') =>
    `client_id=${clientId}&redirect_uri=${encodeURIComponent(CB)}&response_type=code&scope=${encodeURIComponent(scope)}&code_challenge=${'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'}&code_challenge_method=S256&state=st-1&nonce=n-1${extra}`;

  async function mount(query: string, ready: string, extra: Partial<Parameters<typeof mountIdentityProvider>[1]> = {}) {
    history.replaceState(null, '', `${location.pathname}?${query}`);
    const host = document.createElement('div');
    host.id = 'idp-host';
    document.body.append(host);
    const [el] = mountIdentityProvider('#idp-host', {
      client,
      callbacks: { onEvent: (e) => events.push(e), onError: (e) => errors.push(e) },
      navigate: (url) => navigated.push(url),
      ...extra,
    });
    const root = el!.shadowRoot!;
    await whenReact(el!);
    await waitFor(() => root.querySelector(ready), ready);
    return { el: el!, root };
  }

  const texts = (root: ParentNode, sel: string) => Array.from(root.querySelectorAll(sel)).map((n) => n.textContent);

  it("asks a third-party client's consent: title, scope texts, logo limits, no watermark, axe; Allow by keyboard goes to the redirect URI with a code", async () => {
    const { el, root } = await mount(authorizeQuery(rp.client_id), '[data-idp-allow]');
    expect(root.querySelector('h1')!.textContent).to.equal(`Sign in to Notes RP with ${projectName}`);
    expect(texts(root, '[data-idp-scopes] > li')).to.deep.equal([
      'Verify your identityView information stored within your account',
      'View your personal profile informationName, profile picture and language preferencesEmail address',
    ]);
    const logo = root.querySelector<HTMLImageElement>('img[part="logo"]')!;
    expect(logo.src).to.equal('https://rp.example/logo.png');
    expect(getComputedStyle(logo).maxHeight).to.equal('50px');
    expect(getComputedStyle(logo).maxWidth).to.equal('100px');
    expect(root.querySelector('[part="watermark"]')).to.equal(null);
    expect(root.activeElement?.tagName).to.equal('H1');
    await axeClean(el);
    // Keyboard only: Tab to Deny, Tab to Allow, Enter.
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(root.activeElement?.hasAttribute('data-idp-allow')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => navigated.length > 0, 'navigation');
    const to = new URL(navigated[0]!);
    expect(`${to.origin}${to.pathname}`).to.equal(CB);
    expect(to.searchParams.get('state')).to.equal('st-1');
    expect(to.searchParams.get('code')).to.be.a('string').and.not.equal('');
    expect(events.map((e) => e.type)).to.deep.equal(['OAuthAuthorizeFlowStart', 'OAuthAuthorizeFlowComplete']);
    // navigate() is called before React commits the screen: 'submitting' may still be shown for a
    // moment, so wait for the screen the user is left on.
    await waitFor(() => root.querySelector('[data-idp-state="redirecting"]'), 'redirecting screen');
    expect(root.querySelector('[data-idp-state]')!.getAttribute('data-idp-state')).to.equal('redirecting');
    expect(errors).to.deep.equal([]);
  });

  it('remembers consent: the next request for the same scopes submits at once (consent_granted false) and navigates', async () => {
    await mount(authorizeQuery(rp.client_id), '[data-idp-allow]');
    (document.querySelector('auth-idp-consent')!.shadowRoot!.querySelector('[data-idp-allow]') as HTMLButtonElement).click();
    await waitFor(() => navigated.length === 1, 'first navigation');
    for (const el of document.querySelectorAll('auth-idp-consent, #idp-host')) el.remove();
    events = [];
    const { root } = await mount(authorizeQuery(rp.client_id), '[data-idp-state="redirecting"]');
    expect(root.querySelector('[data-idp-allow]')).to.equal(null);
    expect(new URL(navigated[1]!).searchParams.get('code')).to.be.a('string');
    expect(events.map((e) => e.type)).to.deep.equal(['OAuthAuthorizeFlowStart', 'OAuthAuthorizeFlowComplete']);
  });

  it('a first-party client needs no consent: it submits automatically', async () => {
    await mount(authorizeQuery(firstParty.client_id), '[data-idp-state="redirecting"]');
    expect(new URL(navigated[0]!).searchParams.get('code')).to.be.a('string');
  });

  it('Deny sends OAuthAuthorizeFlowConsentDenied and the application hears access_denied', async () => {
    const { root } = await mount(authorizeQuery(rp.client_id, 'openid phone'), '[data-idp-deny]');
    root.querySelector<HTMLButtonElement>('[data-idp-deny]')!.click();
    await waitFor(() => navigated.length > 0, 'navigation');
    expect(new URL(navigated[0]!).searchParams.get('error')).to.equal('access_denied');
    expect(events.map((e) => e.type)).to.deep.equal(['OAuthAuthorizeFlowStart', 'OAuthAuthorizeFlowConsentDenied']);
  });

  it("a custom scope the user cannot grant: the custom title and 'You cannot grant {clientName}'s request to:'", async () => {
    const { el, root } = await mount(authorizeQuery(rp.client_id, 'openid read:notes'), '[data-idp-allow]');
    expect(root.querySelector('h1')!.textContent).to.equal(`Notes RP wants to access your ${projectName} account`);
    const ungrantable = root.querySelector('[data-idp-ungrantable]')!;
    expect(texts(ungrantable, 'p')).to.deep.equal([
      'You do not have permissions to grant Notes RP access to some of the requested scopes.',
      "You cannot grant Notes RP's request to:",
    ]);
    expect(texts(ungrantable, 'li')).to.deep.equal(['Use the read:notes scope']);
    // Only grantable scopes in the consent list.
    expect(texts(root, '[data-idp-section] [data-idp-scopes] > li')).to.deep.equal(['Verify your identityView information stored within your account']);
    await axeClean(el);
    // Usable at 320 px: nothing wider than the screen.
    document.body.style.width = '320px';
    try {
      const box = root.querySelector<HTMLElement>('.ae-root')!;
      expect(box.scrollWidth).to.be.at.most(320);
      expect(box.scrollWidth).to.be.at.most(box.clientWidth);
    } finally {
      document.body.style.width = '';
    }
  });

  it('renders a custom consent manifest, and the default list when the generator throws', async () => {
    const seen: unknown[] = [];
    const { root } = await mount(authorizeQuery(rp.client_id, 'openid email offline_access'), '[data-idp-allow]', {
      getIDPConsentManifest: (input) => {
        seen.push(input);
        return [{ header: `${input.clientName} would like to`, items: ['know who you are', { text: 'keep in touch', details: ['by email'] }] }];
      },
    });
    expect(seen[0]).to.deep.equal({ scopes: ['openid', 'email', 'offline_access'], clientName: 'Notes RP' });
    expect(texts(root, '[data-idp-section] > p')).to.deep.equal(['Notes RP would like to']);
    expect(texts(root, '[data-idp-scopes] > li')).to.deep.equal(['know who you are', 'keep in touchby email']);
    for (const el of document.querySelectorAll('auth-idp-consent, #idp-host')) el.remove();
    const realError = console.error;
    const logged: unknown[] = [];
    console.error = (...a: unknown[]) => logged.push(a);
    try {
      const again = await mount(authorizeQuery(rp.client_id, 'openid email offline_access'), '[data-idp-allow]', {
        getIDPConsentManifest: () => {
          throw new Error('host bug');
        },
      });
      expect(texts(again.root, '[data-idp-scopes] > li')[0]).to.equal('Verify your identityView information stored within your account');
    } finally {
      console.error = realError;
    }
    expect(logged.length).to.be.greaterThan(0);
  });

  it("an unregistered redirect URI is refused with the server's message, to the user and onError, and nothing navigates", async () => {
    const { root } = await mount(authorizeQuery(rp.client_id).replace(encodeURIComponent(CB), encodeURIComponent(`${CB}/`)), '[data-idp-error]');
    expect(root.querySelector('[data-idp-error]')!.textContent).to.equal(errors[0]!.message);
    expect(errors[0]!.error_type).to.be.a('string');
    expect(navigated).to.deep.equal([]);
  });

  it("logout without an id_token_hint asks 'Log out?'; No keeps the session: 'You have not been logged out. You may close this page.'", async () => {
    const query = `client_id=${rp.client_id}&post_logout_redirect_uri=${encodeURIComponent(LOGGED_OUT)}&state=ls`;
    const { el, root } = await mount(query, '[data-idp-logout-no]');
    expect(root.querySelector('h1')!.textContent).to.equal('Log out?');
    await axeClean(el);
    root.querySelector<HTMLButtonElement>('[data-idp-logout-no]')!.click();
    await waitFor(() => root.querySelector('[data-idp-logout-denied]'), 'logout denied');
    expect(root.querySelector('h1')!.textContent).to.equal('You have not been logged out. You may close this page.');
    expect(client.session.getSync()).to.not.equal(null);
    expect(navigated).to.deep.equal([]);
  });

  it('logout Yes revokes the session and goes back to the registered post-logout URI with the state', async () => {
    const query = `client_id=${rp.client_id}&post_logout_redirect_uri=${encodeURIComponent(LOGGED_OUT)}&state=ls`;
    const { root } = await mount(query, '[data-idp-logout-yes]');
    root.querySelector<HTMLButtonElement>('[data-idp-logout-yes]')!.click();
    await waitFor(() => navigated.length > 0, 'navigation');
    expect(navigated[0]).to.equal(`${LOGGED_OUT}?state=ls`);
    expect(client.session.getSync()).to.equal(null);
  });

  async function axeClean(el: Element) {
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
  }
});
