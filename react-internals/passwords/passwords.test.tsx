/**
 * The password flow of `<auth-login>` (docs/reference/methods/passwords.md#screens "Password", docs/reference/methods/passwords.md#rules, docs/reference/methods/passwords.md#validation), in Chromium against the real
 * reference server (zxcvbn policy); the dev inbox plays the user's mailbox. LUDS and the breached
 * sign-in need other server settings: passwords.e2e.test.ts covers them.
 */
import { expect } from '@open-wc/testing';
import 'axe-core';
import { type AuthClient, createClient } from '../../sdk-core/index.ts';
import { recordFetchedPaths, signInByEmailPasscode, testEnv, uniqueEmail, waitForMessage } from '../../test/env.ts';
import type { LoginConfig } from '../config.ts';
import type { AuthErrorDetail, AuthEvent } from '../events.ts';
import type { LoginWidgetProps } from '../login/LoginWidget.tsx';
import { initialWidgetState } from '../login/state.ts';
import { typeInto, waitFor, widgetFixture } from '../test-utils.ts';

// axe-core is a UMD bundle: imported for its side effect, it installs window.axe.
const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

const STRONG = 'Vanilla-Kite-Harbor-91';

/** A real API call with the public token, as a host backend or another device would make it. */
async function api<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
  const { apiBaseUrl, publicToken } = await testEnv();
  const r = await fetch(`${apiBaseUrl}/sdk/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${publicToken}:${publicToken}`)}` },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { data: T };
  if (!r.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A user who signed up with a password (on another device). */
const signUpWithPassword = (email: string, password: string) => api('/passwords', { email, password });

/** A user who signed up by email passcode, so has no password. */
async function signUpByOtp(email: string): Promise<void> {
  const { method_id } = await api<{ method_id: string }>('/otps/email/login_or_create', { email });
  const { code } = await waitForMessage(email);
  await api('/otps/authenticate', { token: code, method_id });
}

describe('password flow (real reference server)', () => {
  const w = widgetFixture();
  const { q, screen } = w;
  let host: HTMLDivElement;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  beforeEach(() => {
    ({ host, client, events, errors } = w);
  });
  const h1 = () => q('h1')?.textContent;
  const continueButton = () => q<HTMLButtonElement>('button[type="submit"]')!;
  const passwordInput = () => q<HTMLInputElement>('input[name="password"]')!;
  const alertText = () => q('[role="alert"].ae-error')?.textContent ?? '';
  const config = (extra: Partial<LoginConfig> = {}): LoginConfig => ({
    products: ['passwords', 'otp'],
    otpOptions: { methods: ['email'] },
    passwordOptions: {
      resetPasswordRedirectURL: `${location.origin}/reset-password.html`,
      loginRedirectURL: `${location.origin}/signed-in.html`,
    },
    ...extra,
  });

  const render = (extra: Partial<LoginWidgetProps> = {}, strict = false) => w.render({ config: config(), ...extra }, strict);

  async function axeClean(what: string) {
    const result = await axe.run(host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  /** Types `email` on Main's password form and continues; resolves once the widget left Main. */
  async function startWith(email: string) {
    const input = await waitFor(() => q<HTMLInputElement>('input[name="email"]'), 'email input');
    typeInto(input, email);
    continueButton().click();
    await waitFor(() => screen() !== 'Main', 'left Main');
  }

  it('Main: the email form says "Email format is invalid." and makes no call; axe-clean', async () => {
    render();
    const input = await waitFor(() => q<HTMLInputElement>('input[name="email"]'), 'email input');
    expect(input.labels?.[0]?.textContent).to.equal('Email');
    expect(input.autocomplete).to.equal('username');
    await axeClean('Main');
    typeInto(input, 'someone@example.c');
    continueButton().click();
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'aria-invalid');
    const described = host.querySelector(`[id="${input.getAttribute('aria-describedby')}"]`)!;
    expect(described.textContent).to.equal('Email format is invalid.');
    expect(described.getAttribute('aria-live')).to.equal('polite');
    expect(screen()).to.equal('Main');
    expect(document.activeElement).to.equal(input);
  });

  it('new user: strength checked on each change with the email, 4-segment bar, Continue only when valid, then signed up', async () => {
    render({}, true);
    const email = `zorblaxquintessa-${Date.now().toString(36)}@example.com`;
    await startWith(email);
    expect(screen()).to.equal('PasswordCreateOrLogin');
    expect(h1()).to.equal('Create an account');
    const pw = passwordInput();
    expect(document.activeElement).to.equal(pw);
    expect(pw.autocomplete).to.equal('new-password');
    expect(pw.required).to.equal(true);
    expect(pw.labels?.[0]?.textContent).to.equal('Password');
    expect(q<HTMLInputElement>('input[name="email"]')!.value).to.equal(email);
    expect(continueButton().disabled).to.equal(true);

    // Colours are checked on the element (its theme defines them); here the fill of each segment.
    const segments = () => [...host.querySelectorAll<HTMLElement>('.ae-pw-meter > span')].map((s) => s.dataset['fill'] ?? 'empty');
    const meter = () => q<HTMLMeterElement>('meter');
    const waitScore = (score: number) => waitFor(() => q(`.ae-pw-meter[data-score="${score}"]`), `score ${score}`);

    typeInto(pw, 'a');
    await waitScore(0);
    expect(segments()).to.deep.equal(['red', 'empty', 'empty', 'empty']);
    expect(meter()!.getAttribute('aria-valuetext')).to.equal('Very weak');
    expect(q('[data-suggestions]')!.textContent).to.contain('Add more words that are less common.');
    expect(continueButton().disabled).to.equal(true);

    typeInto(pw, 'Hx7mq2pa');
    await waitScore(2);
    expect(segments()).to.deep.equal(['red', 'red', 'empty', 'empty']);
    expect(continueButton().disabled).to.equal(true);

    typeInto(pw, 'correct horse');
    await waitScore(3);
    expect(segments()).to.deep.equal(['green', 'green', 'green', 'empty']);
    await waitFor(() => !continueButton().disabled, 'Continue enabled at score 3');

    // The email's words are user inputs on create: its local part scores 0 here (4 without the email).
    typeInto(pw, 'zorblaxquintessa');
    await waitScore(0);
    expect(continueButton().disabled).to.equal(true);

    typeInto(pw, STRONG);
    await waitScore(4);
    expect(segments()).to.deep.equal(['green', 'green', 'green', 'green']);
    expect(meter()!.getAttribute('aria-valuetext')).to.equal('Very strong');
    await waitFor(() => !continueButton().disabled, 'Continue enabled');
    // The feedback describes the field and is announced politely.
    const feedback = q('.ae-pw-feedback')!;
    expect(pw.getAttribute('aria-describedby')).to.contain(feedback.id);
    expect(feedback.getAttribute('aria-live')).to.equal('polite');

    // Show/hide toggle: a labelled button whose state is aria-pressed.
    const toggle = q<HTMLButtonElement>('button[aria-label="Show password"]')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    await waitFor(() => pw.type === 'text', 'shown');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    await axeClean('PasswordCreateOrLogin (new)');
    toggle.click();
    await waitFor(() => pw.type === 'password', 'hidden again');

    continueButton().click();
    await waitFor(() => screen() === 'PasswordConfirmation', 'PasswordConfirmation');
    expect(h1()).to.equal('Success!');
    expect(host.textContent).to.contain('You have successfully logged in.');
    expect(q('svg.ae-check')).to.not.equal(null);
    await axeClean('PasswordConfirmation');
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'authenticate-flow-complete')).to.have.length(1);
    expect(types.indexOf('PASSWORD_CREATE')).to.be.lessThan(types.indexOf('authenticate-flow-complete'));
    expect(client.session.getSync()?.user_id).to.be.a('string');
    expect(document.cookie).to.contain('stytch_session=');
    expect(errors).to.deep.equal([]);
  });

  it('a password on the breached list gets the docs/reference/methods/passwords.md#validation breached message and never enables Continue', async () => {
    render();
    await startWith(uniqueEmail('pw-breached'));
    typeInto(passwordInput(), 'sunshine1');
    const msg = await waitFor(() => q('[data-breached]'), 'breached message');
    expect(msg.textContent).to.equal('This password may have been used on a different site that experienced a security issue. Please choose another password.');
    expect(q('[data-warning]')!.textContent).to.equal('This is a commonly used password.');
    expect(continueButton().disabled).to.equal(true);
    await axeClean('PasswordCreateOrLogin (breached)');
  });

  it('existing user: "Log in", a wrong password says "Unauthorized credentials.", the right one signs in', async () => {
    const email = uniqueEmail('pw-existing');
    await signUpWithPassword(email, STRONG);
    render();
    await startWith(email);
    expect(screen()).to.equal('PasswordCreateOrLogin');
    expect(h1()).to.equal('Log in');
    const pw = passwordInput();
    expect(pw.autocomplete).to.equal('current-password');
    // Log in checks no strength: nothing to show, Continue as soon as something is typed.
    expect(q('.ae-pw-feedback')).to.equal(null);
    expect(continueButton().disabled).to.equal(true);
    await axeClean('PasswordCreateOrLogin (existing)');

    typeInto(pw, `${STRONG}x`);
    expect(continueButton().disabled).to.equal(false);
    continueButton().click();
    await waitFor(() => alertText() !== '', 'error shown');
    expect(alertText()).to.equal('Unauthorized credentials.');
    expect(pw.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(pw);
    expect(errors.at(-1)).to.include({ error_type: 'unauthorized_credentials', message: 'Unauthorized credentials.' });
    await axeClean('PasswordCreateOrLogin (error)');

    typeInto(pw, STRONG);
    expect(alertText()).to.equal('');
    continueButton().click();
    await waitFor(() => screen() === 'PasswordConfirmation', 'PasswordConfirmation');
    expect(events.map((e) => e.type)).to.include.members(['PASSWORD_AUTHENTICATE', 'authenticate-flow-complete']);
  });

  it('forgot password: reset email to the configured page, PasswordForgot, resend with a toast, back to Main', async () => {
    const email = uniqueEmail('pw-forgot');
    await signUpWithPassword(email, STRONG);
    render();
    await startWith(email);
    const forgot = await waitFor(() => [...host.querySelectorAll('button')].find((b) => b.textContent === 'Forgot password?'), 'forgot');
    forgot.click();
    await waitFor(() => screen() === 'PasswordForgot', 'PasswordForgot');
    expect(h1()).to.equal('Check your email');
    expect(host.textContent).to.contain(`A link to reset your password was sent to you at ${email}.`);
    expect(document.activeElement).to.equal(q('h1'));
    const mail = await waitForMessage(email);
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).to.equal(`${location.origin}/reset-password.html`);
    expect(link.searchParams.get('stytch_token_type')).to.equal('reset_password');
    expect(mail.text).to.contain(`${location.origin}/signed-in.html?stytch_token_type=login&token=`);
    expect(events.find((e) => e.type === 'PASSWORD_RESET_BY_EMAIL_START')?.data).to.deep.equal({ email });
    await axeClean('PasswordForgot');

    const resend = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Resend email')!;
    resend.click();
    await waitFor(() => q('.ae-toast')?.textContent === 'Email resent', 'toast');
    expect(q('.ae-toast')!.getAttribute('data-kind')).to.equal('success');
    await waitForMessage(email, 2);

    q<HTMLButtonElement>('button[aria-label="Back"]')!.click();
    await waitFor(() => screen() === 'Main', 'Main');
    // The email typed before is still there.
    expect(q<HTMLInputElement>('input[name="email"]')!.value).to.equal(email);
  });

  it('dedupe: the email got an account by passcode meanwhile, so create answers reset_password and a reset email goes out', async () => {
    const email = uniqueEmail('pw-dedupe');
    render();
    await startWith(email);
    expect(h1()).to.equal('Create an account');
    // Meanwhile, the same address signs up by email passcode (another tab or device).
    await signUpByOtp(email);
    typeInto(passwordInput(), STRONG);
    await waitFor(() => !continueButton().disabled, 'Continue enabled');
    continueButton().click();
    await waitFor(() => screen() === 'PasswordDedupe', 'PasswordDedupe');
    expect(h1()).to.equal('Check your email');
    expect(host.textContent).to.contain(`a link to set a password was sent to you at ${email}.`);
    expect(errors.at(-1)).to.include({ error_type: 'reset_password', message: 'Password must be reset.' });
    const mail = await waitForMessage(email, 2);
    expect(mail.link).to.contain('stytch_token_type=reset_password');
    expect(events.map((e) => e.type)).to.include('PASSWORD_RESET_BY_EMAIL_START');
    await axeClean('PasswordDedupe');
  });

  it('passwordless user with email OTP on: a passcode is sent and signs them in', async () => {
    const email = uniqueEmail('pw-otp');
    await signUpByOtp(email);
    render();
    await startWith(email);
    expect(screen()).to.equal('OTPAuthenticate');
    expect(host.textContent).to.contain(email);
    const sent = events.find((e) => e.type === 'OTP_EMAIL_LOGIN_OR_CREATE');
    expect(sent?.data).to.include({ email, resend: false });
    const { code } = await waitForMessage(email, 2);
    typeInto(q<HTMLInputElement>('input[autocomplete="one-time-code"]')!, code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
  });

  it('signed-in passwordless user: the automatic passcode goes through the secondary send', async () => {
    const email = uniqueEmail('pw-otp-secondary');
    const signedIn = await signInByEmailPasscode(client, email);
    const { paths, restore } = recordFetchedPaths();
    try {
      render();
      await startWith(email);
      expect(screen()).to.equal('OTPAuthenticate');
    } finally {
      restore();
    }
    expect(paths).to.include('/sdk/v1/otps/email/send/secondary');
    expect(paths).to.not.include('/sdk/v1/otps/email/login_or_create');
    const { code } = await waitForMessage(email, 2);
    typeInto(q<HTMLInputElement>('input[autocomplete="one-time-code"]')!, code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
    expect((await client.user.get()).user_id).to.equal(signedIn.user_id);
  });

  it('passwordless user with magic links (no email OTP): a sign-in link is sent', async () => {
    const email = uniqueEmail('pw-eml');
    await signUpByOtp(email);
    render({
      config: config({
        products: ['passwords', 'emailMagicLinks'],
        emailMagicLinksOptions: { loginRedirectURL: `${location.origin}/authenticate.html` },
      }),
    });
    await startWith(email);
    expect(screen()).to.equal('EmailConfirmation');
    expect(events.find((e) => e.type === 'MAGIC_LINK_LOGIN_OR_CREATE')?.data).to.include({ email });
    const mail = await waitForMessage(email, 2);
    expect(mail.link).to.contain(`${location.origin}/authenticate.html?stytch_token_type=magic_links&token=`);
  });

  it('passwordless user, neither OTP nor magic links: a reset email to set a password (PasswordSetNew)', async () => {
    const email = uniqueEmail('pw-setnew');
    await signUpByOtp(email);
    render({ config: config({ products: ['passwords'] }) });
    await startWith(email);
    expect(screen()).to.equal('PasswordSetNew');
    expect(h1()).to.equal('Check your email to set a password');
    expect(host.textContent).to.contain(`A link to set one was sent to you at ${email}.`);
    const mail = await waitForMessage(email, 2);
    expect(mail.link).to.contain(`${location.origin}/reset-password.html?stytch_token_type=reset_password&token=`);
    await axeClean('PasswordSetNew');
  });

  it('PasswordBreached leads with the docs/reference/methods/passwords.md#errors text, then the address (reached for real in passwords.e2e.test.ts); axe-clean', async () => {
    const state = initialWidgetState('PasswordBreached');
    state.passwordState = { email: 'breached@example.com', type: 'existing' };
    render({ initialState: state });
    await waitFor(() => h1() === 'Reset your password', 'PasswordBreached');
    expect(q('[role="alert"].ae-banner')!.textContent).to.equal('Password appears in the list of breached passwords and must be reset.');
    expect(q('p.ae-text')!.textContent).to.equal('To keep your account safe, a link to set a new password was sent to you at breached@example.com.');
    await axeClean('PasswordBreached');
  });

  it('API unreachable on the lookup: the docs/reference/methods/passwords.md#errors text, reported to onError, still on Main', async () => {
    const { publicToken } = await testEnv();
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      render({ client: down });
      const input = await waitFor(() => q<HTMLInputElement>('input[name="email"]'), 'email input');
      typeInto(input, uniqueEmail('pw-down'));
      continueButton().click();
      await waitFor(() => errors.length > 0, 'onError');
      expect(errors[0]).to.include({ message: 'Unable to contact our servers.', name: 'ApiUnreachableError' });
      await waitFor(() => host.textContent?.includes('Unable to contact our servers.'), 'inline error');
      expect(screen()).to.equal('Main');
    } finally {
      down.destroy();
    }
  });
});
