import { expect } from '@open-wc/testing';
import { type AuthClient, createClient } from '../../sdk-core/index.ts';
import { recordFetchedPaths, signInByEmailPasscode, testEnv, uniqueEmail, waitForMessage } from '../../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../events.ts';
import { type FakeClock, typeInto, waitFor, widgetFixture } from '../test-utils.ts';
import { initialWidgetState, widgetReducer } from './state.ts';

describe('LoginWidget (real reference server)', () => {
  const w = widgetFixture({ config: { products: ['otp'], otpOptions: { methods: ['email'] } }, fakeClock: true });
  const { q, screen, render } = w;
  let host: HTMLDivElement;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  let clock: FakeClock;
  beforeEach(() => {
    ({ host, client, events, errors, clock } = w);
  });

  async function sendCode(email: string) {
    const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
    typeInto(input, email);
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => screen() === 'OTPAuthenticate', 'OTPAuthenticate');
    return waitFor(() => q<HTMLInputElement>('input[autocomplete="one-time-code"]'), 'otp input');
  }

  it('Main: header, labelled email input, invalid email message without any call', async () => {
    render();
    const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
    expect(q('h1')!.textContent).to.equal('Sign up or log in');
    expect(input.autocomplete).to.equal('email');
    expect(input.required).to.equal(true);
    expect(input.labels?.[0]?.textContent).to.equal('Email');
    typeInto(input, 'not-an-email@domain.c');
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    const msg = await waitFor(() => (input.getAttribute('aria-invalid') === 'true' ? input : null), 'aria-invalid');
    const described = host.querySelector(`[id="${msg.getAttribute('aria-describedby')}"]`);
    expect(described!.textContent).to.equal('Invalid email address.');
    expect(described!.getAttribute('aria-live')).to.equal('polite');
    expect(screen()).to.equal('Main');
    expect(events).to.deep.equal([]);
  });

  it('logs render_login_screen telemetry once on mount', async () => {
    const logged: string[] = [];
    const log = client.telemetry.log.bind(client.telemetry);
    client.telemetry.log = (name, details) => {
      logged.push(name);
      log(name, details);
    };
    render({}, true);
    await waitFor(() => q('input[type="email"]'), 'email input');
    render({ strings: { 'main.header': 'Hi' } }, true);
    await waitFor(() => q('h1')?.textContent === 'Hi', 're-render');
    expect(logged).to.deep.equal(['render_login_screen']);
  });

  it('hides the header with styles.hideHeaderText', async () => {
    render({ styles: { hideHeaderText: true } });
    await waitFor(() => q('input[type="email"]'), 'email input');
    expect(q('h1')).to.equal(null);
  });

  it('sends the code, strips non-digits, auto-submits on the 6th digit, reports a wrong code', async () => {
    render();
    const email = uniqueEmail('widget');
    const otp = await sendCode(email);
    expect(events[0]?.type).to.equal('OTP_EMAIL_LOGIN_OR_CREATE');
    expect(q('h1')!.textContent).to.equal('Enter passcode');
    expect(host.textContent).to.contain(email);
    expect(otp.inputMode).to.equal('numeric');
    expect(otp.labels?.[0]?.textContent).to.equal('One-time passcode');
    // Focus moved to the new screen's first input.
    expect(document.activeElement).to.equal(otp);

    const real = (await waitForMessage(email)).code!;
    const wrong = real === '000000' ? '111111' : '000000';
    typeInto(otp, 'ab12-3');
    expect(otp.value).to.equal('123');
    expect(otp.disabled).to.equal(false);
    typeInto(otp, `${wrong}9`);
    // Auto-submitted: read-only and aria-disabled with the verifying bar (not disabled: focus stays on it).
    expect(otp.value).to.equal(wrong);
    await waitFor(() => otp.readOnly && otp.getAttribute('aria-disabled') === 'true', 'input read-only while verifying');
    expect(host.textContent).to.contain('Verifying passcode...');
    expect(otp.disabled).to.equal(false);
    await waitFor(() => !otp.readOnly, 'input editable again');
    expect(otp.value).to.equal('');
    expect(host.querySelector('[role="alert"]')!.textContent).to.equal('Invalid passcode, please try again.');
    expect(otp.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement).to.equal(otp);
    expect(errors.at(-1)).to.include({ error_type: 'otp_code_not_found', message: 'Invalid passcode, please try again.' });
  });

  it('signed in: a new email goes through the secondary send (first send and resend) and is added to the same user', async () => {
    const first = uniqueEmail('otp-primary');
    const signedIn = await signInByEmailPasscode(client, first);
    const { paths, restore } = recordFetchedPaths();
    const second = uniqueEmail('otp-secondary');
    try {
      render();
      const otp = await sendCode(second);
      await waitForMessage(second);
      q<HTMLButtonElement>('[data-resend-state]')!.click();
      expect((await waitFor(() => q('.ae-toast'), 'toast')).textContent).to.equal('Email resent');
      const latest = await waitForMessage(second, 2);
      expect(paths.filter((p) => p.startsWith('/sdk/v1/otps/email/'))).to.deep.equal([
        '/sdk/v1/otps/email/send/secondary',
        '/sdk/v1/otps/email/send/secondary',
      ]);
      typeInto(otp, latest.code!);
      await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
      // The server attached the address to the signed-in user; no second account was made for it.
      const user = await client.user.get();
      expect(user.user_id).to.equal(signedIn.user_id);
      expect(user.emails.map((e) => e.email).sort()).to.deep.equal([first, second].sort());
    } finally {
      restore();
      // Later tests start signed out.
      await client.session.revoke({ forceClear: true }).catch(() => undefined);
    }
  });

  it('counts down m:ss each second, then says the code expired', async () => {
    render({ config: { otpOptions: { methods: ['email'], expirationMinutes: 1 } } });
    await sendCode(uniqueEmail('countdown'));
    const countdown = () => q('[data-countdown]')!.textContent;
    expect(countdown()).to.equal('Your code expires in 1:00.');
    clock.advance(1000);
    await waitFor(() => countdown() === 'Your code expires in 0:59.', '0:59');
    clock.advance(50_000);
    await waitFor(() => countdown() === 'Your code expires in 0:09.', '0:09');
    clock.advance(9000);
    await waitFor(() => countdown() === 'Your code has expired.', 'expired');
  });

  it('resend: initial -> sending -> sent (Code sent, 2 s) -> waiting -> initial, with a toast and a new method id', async () => {
    render();
    const email = uniqueEmail('resend');
    await sendCode(email);
    const firstMethod = events[0]?.type === 'OTP_EMAIL_LOGIN_OR_CREATE' ? events[0].data.method_id : '';
    const btn = q<HTMLButtonElement>('[data-resend-state]')!;
    expect(btn.dataset['resendState']).to.equal('initial');
    expect(btn.textContent).to.equal('Resend code');
    // 'sending' may last less than a poll: record every state the button goes through.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(btn.dataset['resendState'] ?? ''));
    observer.observe(btn, { attributes: true, attributeFilter: ['data-resend-state'] });
    btn.click();
    await waitFor(() => btn.dataset['resendState'] === 'sent', 'sent');
    observer.disconnect();
    expect(seen).to.deep.equal(['sending', 'sent']);
    expect(btn.textContent).to.equal('Code sent');
    expect(btn.getAttribute('aria-disabled')).to.equal('true');
    const toast = q('[role="status"] .ae-toast')!;
    expect(toast.textContent).to.equal('Email resent');
    expect(toast.getAttribute('data-kind')).to.equal('success');
    const resent = events.at(-1)!;
    expect(resent.type).to.equal('OTP_EMAIL_LOGIN_OR_CREATE');
    if (resent.type === 'OTP_EMAIL_LOGIN_OR_CREATE') expect(resent.data.resend).to.equal(true);
    expect(firstMethod).to.be.a('string');
    await waitForMessage(email, 2);

    clock.advance(1999);
    expect(btn.dataset['resendState']).to.equal('sent');
    clock.advance(1);
    await waitFor(() => btn.dataset['resendState'] === 'waiting', 'waiting');
    // The success toast lasted 2000 ms.
    await waitFor(() => !q('.ae-toast'), 'toast gone');
    clock.advance(1000);
    await waitFor(() => btn.dataset['resendState'] === 'initial', 'back to initial');
    expect(btn.textContent).to.equal('Resend code');
    expect(btn.hasAttribute('aria-disabled')).to.equal(false);

    // The code from the resend (new method id) is the one that works.
    const second = (await waitForMessage(email, 2)).code!;
    typeInto(q<HTMLInputElement>('input[autocomplete="one-time-code"]')!, second);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
  });

  it('back arrow returns to Main and focuses the email input', async () => {
    render();
    await sendCode(uniqueEmail('back'));
    const back = q<HTMLButtonElement>('button[aria-label="Back"]')!;
    back.click();
    await waitFor(() => screen() === 'Main', 'Main');
    expect(document.activeElement).to.equal(q('input[type="email"]'));
  });

  it('success screen fires authenticate-flow-complete exactly once, even under StrictMode', async () => {
    render({}, true);
    const email = uniqueEmail('complete');
    const otp = await sendCode(email);
    typeInto(otp, (await waitForMessage(email)).code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
    expect(q('h1')!.textContent).to.equal('Success!');
    expect(host.textContent).to.contain('Your passcode has been successfully verified.');
    expect(q('svg.ae-check')!.getAttribute('aria-hidden')).to.equal('true');
    // Re-render with new props: no second event.
    render({ strings: { 'otp.successTitle': 'Done!' } }, true);
    await waitFor(() => q('h1')!.textContent === 'Done!', 're-render');
    await waitFor(() => events.some((e) => e.type === 'authenticate-flow-complete'), 'authenticate-flow-complete');
    await new Promise((r) => setTimeout(r, 50));
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'authenticate-flow-complete')).to.have.length(1);
    expect(types.filter((t) => t === 'OTP_AUTHENTICATE')).to.have.length(1);
    expect(types.indexOf('OTP_AUTHENTICATE')).to.be.lessThan(types.indexOf('authenticate-flow-complete'));
    const auth = events.find((e) => e.type === 'OTP_AUTHENTICATE');
    if (auth?.type === 'OTP_AUTHENTICATE') expect(auth.data.session_token).to.be.a('string');
  });

  it('shows docs/reference/config.md#configuration-errors config errors instead of the form', async () => {
    render({ config: { products: ['passkeys'] } });
    await waitFor(() => q('[role="alert"]'), 'alert');
    expect(host.textContent).to.contain('Error: Cannot use Passkeys by itself, please add another product to the config.');
    render({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } });
    await waitFor(() => host.textContent?.includes('Cannot use both EML and Email OTP.'), 'eml+otp error');
    expect(q('input')).to.equal(null);
  });

  it('API unreachable: shows the docs/reference/errors.md#error-classes text and reports it to onError', async () => {
    const { publicToken } = await testEnv();
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      render({ client: down });
      const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
      typeInto(input, uniqueEmail('down'));
      q<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitFor(() => errors.length > 0, 'onError');
      expect(errors[0]).to.include({ message: 'Unable to contact our servers.', name: 'ApiUnreachableError' });
      await waitFor(() => host.textContent?.includes('Unable to contact our servers.'), 'inline error');
      expect(screen()).to.equal('Main');
      expect(q<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(false);
    } finally {
      down.destroy();
    }
  });

  it('resend failure returns to initial with an error toast for 4000 ms', async () => {
    const { publicToken } = await testEnv();
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      const onOtp = widgetReducer(initialWidgetState(), {
        type: 'otp_sent',
        otpType: 'email',
        methodId: 'email-test-method',
        destination: 'someone@example.com',
      });
      render({ client: down, initialState: onOtp });
      const btn = await waitFor(() => q<HTMLButtonElement>('[data-resend-state]'), 'resend button');
      btn.click();
      await waitFor(() => errors.length > 0, 'onError');
      await waitFor(() => btn.dataset['resendState'] === 'initial', 'back to initial');
      const toast = q('.ae-toast')!;
      expect(toast.getAttribute('data-kind')).to.equal('error');
      expect(toast.textContent).to.equal('Unable to contact our servers.');
      clock.advance(3999);
      await new Promise((r) => setTimeout(r, 20));
      expect(q('.ae-toast')).to.not.equal(null);
      clock.advance(1);
      await waitFor(() => !q('.ae-toast'), 'error toast gone');
    } finally {
      down.destroy();
    }
  });

  it('keeps at most 20 toasts', async () => {
    const { publicToken } = await testEnv();
    const down = createClient(publicToken, { apiBaseUrl: 'http://127.0.0.1:9', disableSessionRefresh: true });
    try {
      const onOtp = widgetReducer(initialWidgetState(), {
        type: 'otp_sent',
        otpType: 'email',
        methodId: 'email-test-method',
        destination: 'someone@example.com',
      });
      render({ client: down, initialState: onOtp });
      const btn = await waitFor(() => q<HTMLButtonElement>('[data-resend-state]'), 'resend button');
      for (let i = 1; i <= 22; i++) {
        await waitFor(() => btn.dataset['resendState'] === 'initial', 'ready');
        btn.click();
        await waitFor(() => errors.length >= i, `error ${i}`);
      }
      await waitFor(() => host.querySelectorAll('.ae-toast').length === 20, '20 toasts');
    } finally {
      down.destroy();
    }
  });
});
