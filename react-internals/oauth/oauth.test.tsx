/**
 * Main's OAuth row in real Chromium against the real reference server (docs/reference/elements/auth-login.md#main-screen "Main screen"): the
 * 'Continue with {provider}' buttons of all 19 providers in configured order, only-OAuth products,
 * the navigation a click starts (captured with the Navigation API, then cancelled), keyboard use,
 * axe-core, 320 px; the redirect page's success and docs/reference/methods/oauth.md#errors error texts; Google One Tap through the
 * local stand-in for Google's script (test/fixtures/gsi-stand-in.js): success, cancel and failure.
 * Checks that need the server's OAuth routes (issue 13's server side) skip, saying so, without them.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../sdk-core/index.ts';
import { testEnv, uniqueEmail } from '../../test/env.ts';
import { waitFor, widgetFixture } from '../test-utils.ts';
import { widgetCss } from '../theme.ts';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

const NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

// Not the registry's order: the widget must keep the configured one.
const SHUFFLED: OAuthProvider[] = [...OAUTH_PROVIDERS].reverse();
const STAND_IN = new URL('/test/fixtures/gsi-stand-in.js', location.href).href;

/** The Navigation API (Chromium): lets a test see a page navigation and cancel it. */
interface NavigateEvent extends Event {
  readonly destination: { readonly url: string };
}
const navigation = (globalThis as unknown as { navigation: EventTarget }).navigation;

/** Records each navigation the page starts, cancelling it (the test page must stay). */
function captureNavigations(): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const on = (e: Event) => {
    urls.push((e as NavigateEvent).destination.url);
    e.preventDefault();
  };
  navigation.addEventListener('navigate', on);
  return { urls, stop: () => navigation.removeEventListener('navigate', on) };
}

/** Whether the run's server has the OAuth SDK routes (issue 13 server side). */
async function serverHasOAuth(): Promise<boolean> {
  const { apiBaseUrl, publicToken } = await testEnv();
  const r = await fetch(`${apiBaseUrl}/sdk/v1/oauth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${publicToken}:${publicToken}`)}` },
    body: JSON.stringify({ token: 'probe-token-000000000000000000000', session_duration_minutes: 5 }),
  });
  return ((await r.json()) as { error_type?: string }).error_type === 'oauth_token_not_found';
}

/** Sets the test page's address query (the redirect page's), returning a restore. */
function atAddress(query: string): () => void {
  const before = location.href;
  history.replaceState(null, '', `${location.pathname}${query}`);
  return () => history.replaceState(null, '', before);
}

describe('OAuth on Main (real reference server)', () => {
  const w = widgetFixture();
  const { q, qa } = w;
  const buttons = () => qa<HTMLButtonElement>('button[data-oauth-provider]');

  async function expectAxeClean(what: string) {
    const result = await axe.run(w.host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  it("shows 'Continue with {provider}' for each of the 19 providers, in configured order, each with its mark", async () => {
    w.render({ config: { products: ['oauth'], oauthOptions: { providers: SHUFFLED.map((type) => ({ type })) } } });
    await waitFor(() => buttons().length === 19, '19 buttons');
    expect(buttons().map((b) => b.dataset['oauthProvider'])).to.deep.equal(SHUFFLED);
    expect(buttons().map((b) => b.textContent)).to.deep.equal(SHUFFLED.map((p) => `Continue with ${NAMES[p]}`));
    for (const b of buttons()) {
      // Accessible name from the text; the mark is decoration.
      expect(b.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
      expect(b.getBoundingClientRect().height).to.equal(45);
    }
    await expectAxeClean('19 OAuth buttons');
  });

  it('a product list of only oauth renders just the buttons: no divider, no form', async () => {
    w.render({ config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }] } } });
    await waitFor(() => buttons().length === 2, 'buttons');
    expect(q('.ae-divider')).to.equal(null);
    expect(q('input')).to.equal(null);
    expect(q('form')).to.equal(null);
  });

  it("with a form: the buttons, then the 'or' divider, then the form (docs/reference/methods/oauth.md#screens)", async () => {
    w.render({ config: { products: ['otp', 'oauth'], otpOptions: { methods: ['email'] }, oauthOptions: { providers: [{ type: 'apple' }] } } });
    const button = await waitFor(() => buttons()[0], 'button');
    const divider = q('.ae-divider')!;
    // The form is its own chunk (issue 16), which may arrive after the row's.
    const input = await waitFor(() => q('input[type="email"]'), 'email input');
    expect(divider.textContent).to.equal('or');
    expect(button.compareDocumentPosition(divider) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(divider.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await expectAxeClean('OAuth with email passcode');
  });

  it("with wallets and OAuth: both rows, then one 'or' divider, then the form (docs/reference/methods/oauth.md#screens)", async () => {
    w.render({
      config: { products: ['crypto', 'oauth', 'otp'], otpOptions: { methods: ['email'] }, oauthOptions: { providers: [{ type: 'github' }] } },
    });
    const button = await waitFor(() => buttons()[0], 'button');
    await waitFor(() => q('[data-crypto-other], .ae-wallet-button'), 'wallet buttons');
    await expectAxeClean('wallets, OAuth and email passcode');
    // The fixture renders without the widget's stylesheet: add it, as the element does.
    const style = document.createElement('style');
    style.textContent = widgetCss('');
    w.host.prepend(style);
    const shown = qa('.ae-divider').filter((d) => getComputedStyle(d).display !== 'none');
    expect(shown.length).to.equal(1);
    const input = q('input[type="email"]')!;
    expect(button.compareDocumentPosition(shown[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(shown[0]!.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    style.remove();
  });

  it('keyboard: Tab walks the buttons in order and Enter leaves for the contract start URL with the configured query', async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    const here = `${location.origin}/after-oauth`;
    w.render({
      config: {
        products: ['oauth'],
        oauthOptions: {
          loginRedirectURL: `${here}?as=login`,
          signupRedirectURL: `${here}?as=signup`,
          providers: [{ type: 'gitlab' }, { type: 'github', custom_scopes: ['read:user', 'repo'], provider_params: { login: 'octo', allow_signup: 'false' } }],
        },
      },
    });
    const [first, second] = await waitFor(() => (buttons().length === 2 ? buttons() : null), 'buttons');
    first!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(second);
    const nav = captureNavigations();
    try {
      await sendKeys({ press: 'Enter' });
      const url = new URL(await waitFor(() => nav.urls[0], 'a navigation'));
      expect(`${url.origin}${url.pathname}`).to.equal(`${apiBaseUrl}/v1/public/oauth/github/start`);
      const query = url.searchParams;
      expect(query.get('public_token')).to.equal(publicToken);
      expect(query.get('login_redirect_url')).to.equal(`${here}?as=login`);
      expect(query.get('signup_redirect_url')).to.equal(`${here}?as=signup`);
      expect(query.get('custom_scopes')).to.equal('read:user repo');
      expect(query.get('provider_login')).to.equal('octo');
      expect(query.get('provider_allow_signup')).to.equal('false');
      expect(query.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(w.events.map((e) => e.type)).to.deep.equal(['OAUTH_START']);
      expect(w.events[0]!.data).to.deep.equal({ provider: 'github' });
    } finally {
      nav.stop();
    }
  });

  it('is usable at 320 px: nothing overflows, names are whole', async () => {
    w.host.style.width = '320px';
    w.render({ config: { products: ['oauth'], oauthOptions: { providers: OAUTH_PROVIDERS.map((type) => ({ type })) } } });
    await waitFor(() => buttons().length === 19, 'buttons');
    for (const b of buttons()) {
      const span = b.querySelector('span')!;
      expect(b.getBoundingClientRect().width).to.be.at.most(320);
      expect(span.scrollWidth, b.textContent!).to.be.at.most(span.clientWidth);
    }
  });

  it('the redirect page: error= from the callback shows the docs/reference/methods/oauth.md#errors text, reports it, and leaves the address clean', async () => {
    const restore = atAddress('?stytch_token_type=oauth&error=oauth_flow_callback_error&keep=1');
    try {
      w.render({ config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } } });
      const banner = await waitFor(() => q('[part="banner"]'), 'banner');
      expect(banner.textContent).to.equal('An error was encountered in the callback of the OAuth flow. Please try again.');
      expect(w.errors.at(-1)).to.include({ error_type: 'oauth_flow_callback_error', name: 'OAuthCallbackError' });
      expect(location.search).to.equal('?keep=1');
      expect(w.screen()).to.equal('Main');
    } finally {
      restore();
    }
  });

  it("the redirect page: a real OAuth token signs in with the configured session length: 'Success!', events, token gone from the address", async function () {
    if (!(await serverHasOAuth())) this.skip();
    const { apiBaseUrl, publicToken } = await testEnv();
    // A token as the server hands one out (One Tap submit, contract item 5), with this browser's verifier.
    const here = `${location.origin}${location.pathname}`;
    const redirects = { login_redirect_url: `${here}?as=login`, signup_redirect_url: `${here}?as=signup` };
    const { google_client_id, nonce } = await w.client.oauth.googleOneTap.start(redirects);
    const minted = await fetch(`${apiBaseUrl}/dev/oauth/google/id_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        public_token: publicToken,
        email: uniqueEmail('oauth-redirect'),
        name: 'Redirect Page',
        email_verified: true,
        nonce,
        aud: google_client_id,
      }),
    });
    const { id_token } = (await minted.json()) as { id_token: string };
    const { redirect_url } = await w.client.oauth.googleOneTap.submit(id_token, nonce, redirects);
    const restore = atAddress(new URL(redirect_url).search);
    try {
      w.render({ config: { products: ['oauth'], sessionOptions: { sessionDurationMinutes: 42 }, oauthOptions: { providers: [{ type: 'google' }] } } });
      await waitFor(() => w.screen() === 'OAuthConfirmation', 'OAuthConfirmation');
      expect(q('h1')!.textContent).to.equal('Success!');
      expect(q('p.ae-text')!.textContent).to.equal('You have successfully logged in.');
      expect(w.events.map((e) => e.type)).to.deep.equal(['OAUTH_AUTHENTICATE', 'authenticate-flow-complete']);
      const data = w.events[0]!.data as { provider_type: string; session: { started_at: string; expires_at: string } };
      expect(data.provider_type).to.equal('google');
      expect(Math.round((Date.parse(data.session.expires_at) - Date.parse(data.session.started_at)) / 60000)).to.equal(42);
      expect(location.search).to.equal('?as=signup');
      expect(w.client.session.getSync()).to.not.equal(null);
      await expectAxeClean('OAuthConfirmation');
    } finally {
      restore();
    }
  });

  it("the redirect page: an unknown token shows 'OAuth Token could not be found.'", async function () {
    if (!(await serverHasOAuth())) this.skip();
    const restore = atAddress('?stytch_token_type=oauth&token=not-a-token-0000000000000000000');
    try {
      w.render({ config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } } });
      const banner = await waitFor(() => q('[part="banner"]'), 'banner');
      expect(banner.textContent).to.equal('OAuth Token could not be found.');
      expect(w.errors.at(-1)).to.include({ error_type: 'oauth_token_not_found' });
      expect(location.search).to.equal('');
    } finally {
      restore();
    }
  });

  it('config checks name each bad field of oauthOptions; bad entries are dropped, the rest render', async () => {
    const { checkLoginConfig } = await import('../config-check.ts');
    const config = {
      products: ['oauth'],
      oauthOptions: {
        providers: [{ type: 'myspace' }, { type: 'github', custom_scopes: 'repo', provider_params: { n: 1 }, position: 'sideways' }, { type: 'github' }],
        loginRedirectURL: 'not a url',
      },
    };
    const { warnings, fatal } = checkLoginConfig(config);
    expect(fatal).to.equal(null);
    expect(warnings.map((i) => i.field)).to.deep.equal([
      'config.oauthOptions.providers[0].type',
      'config.oauthOptions.providers[1].custom_scopes',
      'config.oauthOptions.providers[1].provider_params.n',
      'config.oauthOptions.providers[1].position',
      'config.oauthOptions.loginRedirectURL',
    ]);
    expect(warnings[0]!.message).to.contain('must be one of "google", "microsoft"');
    w.render({ config });
    await waitFor(() => buttons().length === 1, 'one button');
    expect(buttons()[0]!.textContent).to.equal('Continue with GitHub');
  });

  describe('Google One Tap (stand-in script)', () => {
    const oneTapConfig = (extra: Record<string, unknown> = {}, urls = true) => ({
      products: ['oauth'],
      oauthOptions: {
        // The test project has no default redirect URLs: One Tap needs them (contract item 5).
        ...(urls ? { loginRedirectURL: `${location.origin}/landing?as=login`, signupRedirectURL: `${location.origin}/landing?as=signup` } : {}),
        oneTapScriptURL: STAND_IN,
        providers: [{ type: 'google', one_tap: true, ...extra }, { type: 'github' }],
      },
    });
    const standIn = () => (globalThis as unknown as { gsiStandIn: { calls: { name: string; detail: Record<string, unknown> }[] } }).gsiStandIn;
    beforeEach(async () => {
      const { apiBaseUrl, publicToken } = await testEnv();
      (globalThis as unknown as { gsiStandIn: unknown }).gsiStandIn = {
        apiBaseUrl,
        publicToken,
        identity: { email: uniqueEmail('onetap'), name: 'One Tap', email_verified: true },
        outcome: 'choose',
        calls: [],
      };
    });

    it('a failed onetap start falls back to the Google button and reports the reason', async () => {
      // A public token the server does not know: start fails, whatever the server version.
      const { apiBaseUrl } = await testEnv();
      const { createClient } = await import('../../sdk-core/index.ts');
      const client = createClient('public-token-live-unknown-0000', { apiBaseUrl, disableSessionRefresh: true });
      try {
        w.render({ client, config: oneTapConfig() });
        const google = await waitFor(() => q('button[data-oauth-provider="google"]'), 'the Google button');
        expect(google.textContent).to.equal('Continue with Google');
        const failure = w.events.find((e) => e.type === 'GOOGLE_ONE_TAP_FAILURE');
        expect(failure).to.not.equal(undefined);
        expect(typeof (failure!.data as { reason: string }).reason).to.equal('string');
        // A live token: no developer message.
        expect(q('[data-one-tap-dev]')).to.equal(null);
      } finally {
        client.destroy();
      }
    });

    it('a test-mode token shows the developer message of a start refusal (no login redirect URL), with the docs link as an anchor when it has one', async function () {
      if (!(await serverHasOAuth())) this.skip();
      w.render({ config: oneTapConfig({}, false) });
      const dev = await waitFor(() => q<HTMLElement>('[data-one-tap-dev]'), 'the developer message');
      expect(dev.textContent).to.equal(
        "Google One Tap: the project has no login redirect URL. Add one to the project's redirect URLs, or set oauthOptions.loginRedirectURL.",
      );
      expect(q('button[data-oauth-provider="google"]')).to.not.equal(null);
      expect(w.events.find((e) => e.type === 'GOOGLE_ONE_TAP_FAILURE')!.data).to.deep.equal({ reason: 'no_login_redirect_urls_set' });
      expect(w.errors.at(-1)).to.include({ error_type: 'no_login_redirect_urls_set' });
      await expectAxeClean('One Tap developer message');
    });

    it('embedded: spinner while pending, the prompt in a 47 px box that follows its height, success submits and navigates', async function () {
      if (!(await serverHasOAuth())) this.skip();
      const nav = captureNavigations();
      try {
        w.render({ config: oneTapConfig() });
        const box = await waitFor(() => q<HTMLElement>('[data-one-tap="embedded"]'), 'the One Tap box');
        expect(box.getBoundingClientRect().height).to.equal(47);
        // One Tap stands in for the Google button; the other providers stay.
        expect(buttons().map((b) => b.dataset['oauthProvider'])).to.deep.equal(['github']);
        const go = await waitFor(() => q<HTMLButtonElement>('[data-gsi-continue]'), 'the stand-in prompt');
        const init = standIn().calls.find((c) => c.name === 'initialize')!.detail;
        expect(init['client_id']).to.equal('dev-google-client-id');
        expect(init['cancel_on_tap_outside']).to.equal(true);
        expect(typeof init['nonce']).to.equal('string');
        expect(box.contains(go)).to.equal(true);
        // Resize debounce 100 ms (docs/reference/constants.md#client-sdk): the box grows to the prompt.
        await waitFor(() => box.getBoundingClientRect().height >= 120, 'the box following the prompt');
        go.click();
        const url = new URL(await waitFor(() => nav.urls[0], 'a navigation'));
        expect(url.searchParams.get('stytch_token_type')).to.equal('oauth');
        expect(url.searchParams.get('token')).to.be.a('string');
        expect(w.events.map((e) => e.type)).to.include('GOOGLE_ONE_TAP_SUBMIT');
      } finally {
        nav.stop();
      }
    });

    it('floating: the prompt floats outside the widget, nothing holds its place, and success navigates', async function () {
      if (!(await serverHasOAuth())) this.skip();
      const nav = captureNavigations();
      try {
        w.render({ config: oneTapConfig({ position: 'floating' }) });
        const go = await waitFor(() => document.querySelector<HTMLButtonElement>('[data-gsi-stand-in="floating"] [data-gsi-continue]'), 'the floating prompt');
        expect(w.host.contains(go)).to.equal(false);
        expect(q('[data-one-tap]')).to.equal(null);
        expect(standIn().calls.find((c) => c.name === 'initialize')!.detail['prompt_parent_id']).to.equal(undefined);
        go.click();
        const url = new URL(await waitFor(() => nav.urls[0], 'a navigation'));
        expect(url.searchParams.get('as')).to.equal('signup');
        expect(url.searchParams.get('stytch_token_type')).to.equal('oauth');
      } finally {
        nav.stop();
        document.querySelector('[data-gsi-stand-in]')?.remove();
      }
    });

    it('cancel: closing the prompt brings the Google button back (user_cancel)', async function () {
      if (!(await serverHasOAuth())) this.skip();
      w.render({ config: oneTapConfig() });
      const close = await waitFor(() => q<HTMLButtonElement>('[data-gsi-close]'), 'the stand-in prompt');
      close.click();
      await waitFor(() => q('button[data-oauth-provider="google"]'), 'the Google button');
      expect(w.events.find((e) => e.type === 'GOOGLE_ONE_TAP_FAILURE')!.data).to.deep.equal({ reason: 'user_cancel' });
      expect(q('[data-one-tap]')).to.equal(null);
      await expectAxeClean('after One Tap cancel');
    });

    it('not displayed: falls back with unknown_reason; floating position prompts outside the widget', async function () {
      if (!(await serverHasOAuth())) this.skip();
      standIn();
      (globalThis as unknown as { gsiStandIn: { outcome: string } }).gsiStandIn.outcome = 'not_displayed';
      w.render({ config: oneTapConfig({ position: 'floating', cancel_on_tap_outside: false }) });
      await waitFor(() => q('button[data-oauth-provider="google"]'), 'the Google button');
      expect(w.events.find((e) => e.type === 'GOOGLE_ONE_TAP_FAILURE')!.data).to.deep.equal({ reason: 'unknown_reason' });
      const init = standIn().calls.find((c) => c.name === 'initialize')!.detail;
      expect(init['prompt_parent_id']).to.equal(undefined);
      expect(init['cancel_on_tap_outside']).to.equal(false);
    });

    it('a token for another nonce is refused: fallback, and the error reaches onError', async function () {
      if (!(await serverHasOAuth())) this.skip();
      (globalThis as unknown as { gsiStandIn: { outcome: string } }).gsiStandIn.outcome = 'bad_nonce';
      w.render({ config: oneTapConfig() });
      const go = await waitFor(() => q<HTMLButtonElement>('[data-gsi-continue]'), 'the stand-in prompt');
      go.click();
      await waitFor(() => q('button[data-oauth-provider="google"]'), 'the Google button');
      expect(w.errors.length).to.be.greaterThan(0);
    });
  });
});
