/**
 * `<auth-reset-password>` and mountResetPassword (docs/reference/elements/auth-reset-password.md#mounting "Reset password") in Chromium against the
 * real reference server: the reset email is read from the dev inbox and its link's token opens the
 * element, as a user clicking the link would.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { type AuthClient, createClient } from '../sdk-core/index.ts';
import { createPKCEPair } from '../sdk-core/pkce/index.ts';
import { recordFetchedPaths, type TestEnv, testEnv, uniqueEmail, waitForMessage, whenReact } from '../test/env.ts';
import type { LoginConfig } from '../react-internals/config.ts';
import type { AuthErrorDetail, AuthEvent } from '../react-internals/events.ts';
import { typeInto, waitFor } from '../react-internals/test-utils.ts';
import './define.ts';
import type { AuthLoginElement } from './login.tsx';
import { mountResetPassword } from './mount.ts';
import { AuthResetPasswordElement } from './reset-password.tsx';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

const OLD_PASSWORD = 'Vanilla-Kite-Harbor-91';
const NEW_PASSWORD = 'Quartz-Meadow-Lantern-57';
const RESET_PAGE = `${location.origin}/reset-password.html`;
const LOGIN_PAGE = `${location.origin}/signed-in.html`;
const SPENT_LINK = 'The magic link could not be authenticated because it was either already used or expired. Please try again.';

/** A real API call with the public token (a host backend or another device); `server` defaults to the run's PKCE project. */
async function api(path: string, body: unknown, server?: { apiBaseUrl: string; publicToken: string }): Promise<{ ok: boolean; data: Record<string, unknown> }> {
  const { apiBaseUrl, publicToken } = server ?? (await testEnv());
  const r = await fetch(`${apiBaseUrl}/sdk/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${publicToken}:${publicToken}`)}` },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { data: Record<string, unknown> };
  return { ok: r.ok, data: json.data };
}

/**
 * A reset email for `email`'s password account, as the widget's 'Forgot password?' sends it; returns its two
 * links. The run's project requires PKCE, so, like the widget, this browser keeps the verifier of the
 * challenge sent; on `server` (the project without PKCE) no challenge is sent and no verifier kept.
 */
async function resetLinks(email: string, server?: { apiBaseUrl: string; publicToken: string }): Promise<{ reset: URL; login: URL }> {
  let pkce: Record<string, string> = {};
  if (!server) {
    const pair = await createPKCEPair();
    localStorage.setItem(`auth_elements_pkce::${(await testEnv()).publicToken}::passwords`, JSON.stringify(pair));
    pkce = { code_challenge: pair.code_challenge };
  }
  const sent = await api('/passwords/email/reset/start', { email, reset_password_redirect_url: RESET_PAGE, login_redirect_url: LOGIN_PAGE, ...pkce }, server);
  expect(sent.ok).to.equal(true);
  const mail = await waitForMessage(email);
  const login = mail.text.match(/http\S+stytch_token_type=login&token=\S+/)?.[0];
  return { reset: new URL(mail.link!), login: new URL(login!) };
}

describe('<auth-reset-password>', () => {
  let env: TestEnv;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  const originalUrl = location.href;

  before(async () => {
    env = await testEnv();
  });

  beforeEach(() => {
    client = createClient(env.publicToken, { apiBaseUrl: env.apiBaseUrl, disableSessionRefresh: true });
    events = [];
    errors = [];
  });

  afterEach(async () => {
    history.replaceState(null, '', originalUrl);
    if (client.session.getSync()) await client.session.revoke().catch(() => undefined);
    client.destroy();
  });

  const config = (): LoginConfig => ({
    products: ['passwords'],
    passwordOptions: { resetPasswordRedirectURL: RESET_PAGE, loginRedirectURL: LOGIN_PAGE },
    sessionOptions: { sessionDurationMinutes: 60 },
  });

  /** A reset element on the page with the shared client, recording its DOM events. */
  async function resetElement(token?: string): Promise<AuthResetPasswordElement> {
    const el = document.createElement('auth-reset-password');
    el.client = client;
    el.config = config();
    if (token !== undefined) el.passwordResetToken = token;
    el.addEventListener('auth-event', (e) => events.push((e as CustomEvent<AuthEvent>).detail));
    el.addEventListener('auth-error', (e) => errors.push((e as CustomEvent<AuthErrorDetail>).detail));
    await fixture(html`<div></div>`).then((d) => d.append(el));
    // The tests drive React's screens (the first paint hands over what is typed before it).
    await whenReact(el);
    return el;
  }

  const within = (el: HTMLElement) => ({
    q: <T extends Element>(sel: string) => el.shadowRoot!.querySelector<T>(sel),
    text: () => el.shadowRoot!.textContent ?? '',
  });

  it('is registered by define.ts; the password-reset-token attribute and JSON config start it on PasswordResetForm; axe-clean', async () => {
    expect(customElements.get('auth-reset-password')).to.equal(AuthResetPasswordElement);
    const cfg = { ...config(), publicToken: env.publicToken, apiBaseUrl: env.apiBaseUrl };
    const el = await fixture<AuthResetPasswordElement>(
      html`<auth-reset-password password-reset-token="not-a-real-token" config=${JSON.stringify(cfg)}></auth-reset-password>`,
    );
    const { q } = within(el);
    await waitFor(() => q('input[name="password"]'), 'password input');
    await whenReact(el);
    expect(el.getAttribute('data-screen')).to.equal('PasswordResetForm');
    expect(el.passwordResetToken).to.equal('not-a-real-token');
    expect(q('h1')!.textContent).to.equal('Set a new password');
    const input = q<HTMLInputElement>('input[name="password"]')!;
    expect(input.autocomplete).to.equal('new-password');
    expect(input.labels?.[0]?.textContent).to.equal('New password');
    expect(q<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(true);
    // No way back to a login Main from a reset page.
    expect(q('button[aria-label="Back"]')).to.equal(null);
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
  });

  it('draws the strength bar in the reference colours: score 0-1 one red, 2 two red, 3 three green, 4 four green', async () => {
    const el = await resetElement('not-a-real-token');
    const { q } = within(el);
    const input = await waitFor(() => q<HTMLInputElement>('input[name="password"]'), 'password input');
    const colours = () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('.ae-pw-meter > span')].map((s) => getComputedStyle(s).backgroundColor);
    const red = 'rgb(139, 18, 20)';
    const green = 'rgb(12, 90, 86)';
    // Empty segments: the input border colour (5.05:1 on white; the container border's 1.95:1 failed WCAG 1.4.11, issue 17).
    const empty = 'rgb(92, 114, 125)';
    const cases: [string, number, string[]][] = [
      ['horsebattery', 1, [red, empty, empty, empty]],
      ['Hx7mq2pa', 2, [red, red, empty, empty]],
      ['correct horse', 3, [green, green, green, empty]],
      [NEW_PASSWORD, 4, [green, green, green, green]],
    ];
    for (const [password, score, expected] of cases) {
      typeInto(input, password);
      await waitFor(() => q(`.ae-pw-meter[data-score="${score}"]`), `score ${score}`);
      expect(colours(), password).to.deep.equal(expected);
    }
    // Policy zxcvbn: no LUDS list.
    expect(q('[data-luds]')).to.equal(null);
  });

  it('forgot password in <auth-login> -> reset email -> <auth-reset-password> with the link token -> new password -> signed in', async () => {
    const email = uniqueEmail('reset-flow');
    expect((await api('/passwords', { email, password: OLD_PASSWORD })).ok).to.equal(true);

    // 1. The user forgets their password in the login widget.
    const login = await fixture<AuthLoginElement>(html`<auth-login></auth-login>`);
    login.client = client;
    login.config = config();
    const lq = within(login).q;
    typeInto(await waitFor(() => lq<HTMLInputElement>('input[name="email"]'), 'email input'), email);
    lq<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => login.getAttribute('data-screen') === 'PasswordCreateOrLogin', 'log in screen');
    const forgot = [...login.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Forgot password?')!;
    forgot.click();
    await waitFor(() => login.getAttribute('data-screen') === 'PasswordForgot', 'PasswordForgot');
    const result = await axe.run(login);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
    login.remove();

    // 2. The email's link opens the reset page with the token.
    const mail = await waitForMessage(email);
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).to.equal(RESET_PAGE);
    const el = await resetElement(link.searchParams.get('token')!);
    const { q, text } = within(el);
    const input = await waitFor(() => q<HTMLInputElement>('input[name="password"]'), 'password input');
    const submit = q<HTMLButtonElement>('button[type="submit"]')!;

    // 3. Keyboard only: a weak password keeps Continue disabled, a strong one submits with Enter.
    input.focus();
    await sendKeys({ type: 'password1' });
    await waitFor(() => q('[data-breached]'), 'breached message');
    expect(submit.disabled).to.equal(true);
    input.select();
    await sendKeys({ type: NEW_PASSWORD });
    await waitFor(() => !submit.disabled, 'Continue enabled');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => el.getAttribute('data-screen') === 'PasswordConfirmation', 'PasswordConfirmation');
    expect(q('h1')!.textContent).to.equal('Success!');
    expect(text()).to.contain('You have successfully logged in.');
    expect(el.shadowRoot!.activeElement).to.equal(q('h1'));
    const after = await axe.run(el);
    expect(after.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
    const types = events.map((e) => e.type);
    expect(types).to.include('PASSWORD_RESET_BY_EMAIL');
    expect(types.filter((t) => t === 'authenticate-flow-complete')).to.have.length(1);
    expect(client.session.getSync()?.user_id).to.be.a('string');
    expect(document.cookie).to.contain('stytch_session=');

    // 4. The new password works, the old one does not, and the link is spent.
    expect((await api('/passwords/authenticate', { email, password: NEW_PASSWORD })).ok).to.equal(true);
    expect((await api('/passwords/authenticate', { email, password: OLD_PASSWORD })).ok).to.equal(false);
    el.remove();
    const again = await resetElement(link.searchParams.get('token')!);
    const a = within(again);
    typeInto(await waitFor(() => a.q<HTMLInputElement>('input[name="password"]'), 'password input'), 'Another-Fresh-Password-63');
    await waitFor(() => !a.q<HTMLButtonElement>('button[type="submit"]')!.disabled, 'Continue enabled');
    a.q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => a.q('[role="alert"]')?.textContent === SPENT_LINK, 'spent-link message');
    expect(errors.at(-1)).to.include({ error_type: 'unable_to_auth_magic_link', message: SPENT_LINK });
    expect(again.getAttribute('data-screen')).to.equal('PasswordResetForm');
  });

  /** The project without PKCE, where a login link opened without a verifier asks for one click (issue 10). */
  function useProjectWithoutPkce(): void {
    client.destroy();
    client = createClient(env.withoutPkce.publicToken, { apiBaseUrl: env.withoutPkce.apiBaseUrl, disableSessionRefresh: true });
  }

  /** Clicks the one-click step a login link shows without this browser's PKCE verifier (issue 10). */
  async function continueSigningIn(el: HTMLElement): Promise<void> {
    const { q } = within(el);
    await waitFor(() => q('h1')?.textContent === 'Finish signing in', 'the one-click step');
    const button = [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Continue signing in')!;
    button.click();
  }

  it("stytch_token_type=login in the page URL: without this browser's PKCE verifier, one click naming the project, then signed in", async () => {
    useProjectWithoutPkce();
    const email = uniqueEmail('reset-login');
    expect((await api('/passwords', { email, password: OLD_PASSWORD }, env.withoutPkce)).ok).to.equal(true);
    const { login } = await resetLinks(email, env.withoutPkce);
    expect(`${login.origin}${login.pathname}`).to.equal(LOGIN_PAGE);
    // The user lands on the page the login link names, token and type in the query.
    history.replaceState(null, '', `${location.pathname}${login.search}`);
    const { paths, restore } = recordFetchedPaths();
    try {
      const el = await resetElement();
      // The element took the token and cleared the address bar.
      expect(new URLSearchParams(location.search).get('token')).to.equal(null);
      await waitFor(() => within(el).q('h1')?.textContent === 'Finish signing in', 'the one-click step');
      const projectName = (await client.bootstrap()).project_name;
      expect(within(el).text()).to.contain(`This finishes signing in to ${projectName} in this browser.`);
      expect(paths).to.not.include('/sdk/v1/magic_links/authenticate');
      const result = await axe.run(el);
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
      await continueSigningIn(el);
      await waitFor(() => el.getAttribute('data-screen') === 'PasswordConfirmation', 'PasswordConfirmation');
      expect(paths.filter((p) => p === '/sdk/v1/magic_links/authenticate')).to.have.length(1);
    } finally {
      restore();
    }
    expect(events.map((e) => e.type)).to.include.members(['PASSWORD_RESET_LOGIN', 'authenticate-flow-complete']);
    expect(client.session.getSync()?.user_id).to.be.a('string');
    // The password is unchanged.
    expect((await api('/passwords/authenticate', { email, password: OLD_PASSWORD }, env.withoutPkce)).ok).to.equal(true);
  });

  it('a spent login link shows the docs/reference/methods/passwords.md#errors text instead of signing in', async () => {
    useProjectWithoutPkce();
    history.replaceState(null, '', `${location.pathname}?stytch_token_type=login&token=spent-or-unknown-token`);
    const el = await resetElement();
    await continueSigningIn(el);
    await waitFor(() => within(el).q('[role="alert"]')?.textContent === SPENT_LINK, 'error');
    expect(el.getAttribute('data-screen')).to.equal('PasswordResetForm');
    expect(errors.at(-1)).to.include({ error_type: 'unable_to_auth_magic_link' });
    const result = await axe.run(el);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).to.deep.equal([]);
  });

  it("the one-click step's texts come from the strings table", async () => {
    useProjectWithoutPkce();
    history.replaceState(null, '', `${location.pathname}?stytch_token_type=login&token=not-redeemed`);
    const el = document.createElement('auth-reset-password');
    el.client = client;
    el.config = config();
    el.strings = {
      'magicLink.finishTitle': 'Fast fertig',
      'magicLink.finishText': 'Anmeldung bei {projectName} abschließen.',
      'magicLink.finishButton': 'Weiter',
    };
    await fixture(html`<div></div>`).then((d) => d.append(el));
    await waitFor(() => within(el).q('h1')?.textContent === 'Fast fertig', 'overridden title');
    const projectName = (await client.bootstrap()).project_name;
    expect(within(el).text()).to.contain(`Anmeldung bei ${projectName} abschließen.`);
    expect([...el.shadowRoot!.querySelectorAll('button')].map((b) => b.textContent)).to.include('Weiter');
  });

  it('any other token type from the URL shows the reset form with that token', async () => {
    const email = uniqueEmail('reset-url');
    expect((await api('/passwords', { email, password: OLD_PASSWORD })).ok).to.equal(true);
    const { reset } = await resetLinks(email);
    history.replaceState(null, '', `${location.pathname}${reset.search}`);
    const el = await resetElement();
    const { q } = within(el);
    const input = await waitFor(() => q<HTMLInputElement>('input[name="password"]'), 'password input');
    typeInto(input, NEW_PASSWORD);
    await waitFor(() => !q<HTMLButtonElement>('button[type="submit"]')!.disabled, 'Continue enabled');
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => el.getAttribute('data-screen') === 'PasswordConfirmation', 'PasswordConfirmation');
    expect((await api('/passwords/authenticate', { email, password: NEW_PASSWORD })).ok).to.equal(true);
  });

  it('mountResetPassword: the docs/reference/elements/auth-reset-password.md#mounting error for no match; mounts with the token; remounting re-renders the same element', async () => {
    expect(() => mountResetPassword('#nowhere-to-reset', { config: config() })).to.throw(
      'The selector you specified (#nowhere-to-reset) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mountResetPassword()',
    );
    const target = await fixture<HTMLDivElement>(html`<div id="reset-here"></div>`);
    const [el] = mountResetPassword('#reset-here', { config: config(), client, passwordResetToken: 'token-one' });
    expect(el).to.be.instanceOf(AuthResetPasswordElement);
    expect(el!.parentElement).to.equal(target);
    await waitFor(() => el!.shadowRoot!.querySelector('input[name="password"]'), 'password input');
    expect(el!.passwordResetToken).to.equal('token-one');
    const [same] = mountResetPassword('#reset-here', {
      config: config(),
      client,
      passwordResetToken: 'token-two',
      strings: { 'password.resetTitle': 'Choose a new password' },
    });
    expect(same).to.equal(el);
    expect(target.querySelectorAll('auth-reset-password')).to.have.length(1);
    await waitFor(() => el!.shadowRoot!.querySelector('h1')?.textContent === 'Choose a new password', 're-rendered');
    expect(el!.passwordResetToken).to.equal('token-two');
  });
});
