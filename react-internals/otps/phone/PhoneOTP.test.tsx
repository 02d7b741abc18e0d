import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import 'axe-core';
import { createRoot, type Root } from 'react-dom/client';
import { type AuthClient, createClient } from '../../../sdk-core/index.ts';
import { inbox, recordFetchedPaths, signInByEmailPasscode, testEnv, uniqueEmail, waitForMessage } from '../../../test/env.ts';
import { WidgetContext } from '../../context.ts';
import type { AuthErrorDetail, AuthEvent } from '../../events.ts';
import type { LoginWidgetProps } from '../../login/LoginWidget.tsx';
import type { WidgetAction } from '../../login/state.ts';
import { FakeClock, typeInto, waitFor, widgetContext, widgetFixture } from '../../test-utils.ts';
import { type ParserLoader, type PhoneParser, VALIDATE_TIMEOUT_MS } from './parse.ts';
import { PhoneOTPForm } from './PhoneOTPForm.tsx';

const axe = (globalThis as unknown as { axe: typeof import('axe-core') }).axe;

/** A US number no other test uses (415-555-XXXX numbers are valid for libphonenumber-js). */
const uniqueUsNumber = (): { national: string; e164: string } => {
  const last4 = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return { national: `415555${last4}`, e164: `+1415555${last4}` };
};

describe('SMS and WhatsApp passcodes (real reference server)', () => {
  const w = widgetFixture({ fakeClock: true });
  const { q, screen } = w;
  let host: HTMLDivElement;
  let client: AuthClient;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  beforeEach(() => {
    ({ host, client, events, errors } = w);
  });
  const phoneInput = () => waitFor(() => q<HTMLInputElement>('input[type="tel"]'), 'phone input');

  async function expectAxeClean(what: string) {
    const result = await axe.run(host);
    expect(result.violations.map((v) => `${what}: ${v.id}: ${v.help}`)).to.deep.equal([]);
  }

  const render = (methods: string[], extra: Partial<LoginWidgetProps> = {}) => w.render({ config: { products: ['otp'], otpOptions: { methods } }, ...extra });

  /** Types the number, submits, and waits for the code screen. */
  async function sendCode(national: string) {
    const input = await phoneInput();
    typeInto(input, national);
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => screen() === 'OTPAuthenticate', 'OTPAuthenticate');
    return waitFor(() => q<HTMLInputElement>('input[autocomplete="one-time-code"]'), 'otp input');
  }

  const country = () => q<HTMLInputElement>('input[role="combobox"]')!;
  const optionTexts = () => [...host.querySelectorAll('[role="option"]')].map((o) => o.textContent);

  it('country combobox (default US, closed "United States +1", options "+1 United States") and a labelled phone field', async () => {
    render(['sms']);
    const input = await phoneInput();
    const combo = country();
    expect(combo.labels?.[0]?.textContent).to.equal('Country');
    expect(combo.getAttribute('data-region')).to.equal('US');
    // Closed, the choice reads name first: US and Canada no longer look alike.
    expect(combo.value).to.equal('United States +1');
    expect(combo.getAttribute('aria-expanded')).to.equal('false');
    combo.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => combo.getAttribute('aria-expanded') === 'true', 'list open');
    expect(host.querySelectorAll('[role="option"]').length).to.equal(245);
    // Common countries first, docs/reference/methods/otps.md#screens's option text.
    expect(optionTexts().slice(0, 3)).to.deep.equal(['+1 United States', '+1 Canada', '+44 United Kingdom']);
    await expectAxeClean('Main (phone, country list open)');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => combo.getAttribute('aria-expanded') === 'false', 'list closed');
    expect(input.labels?.[0]?.textContent).to.equal('Phone number');
    expect(input.placeholder).to.equal('(123) 456-7890');
    expect(input.autocomplete).to.equal('tel');
    expect(input.required).to.equal(true);
    await expectAxeClean('Main (phone)');
  });

  it('formats the number as it is typed, keyboard only', async () => {
    render(['sms']);
    const input = await phoneInput();
    input.focus();
    await sendKeys({ type: '2025' });
    await waitFor(() => input.value === '(202) 5', '(202) 5');
    await sendKeys({ type: '550123' });
    await waitFor(() => input.value === '(202) 555-0123', '(202) 555-0123');
    // Backspace over the dash removes the digit before it rather than re-adding the dash.
    input.setSelectionRange(10, 10);
    await sendKeys({ press: 'Backspace' });
    await waitFor(() => input.value === '(202) 550-123', 'digit before the dash removed');
    // Delete in front of the dash removes the digit after it.
    input.setSelectionRange(9, 9);
    await sendKeys({ press: 'Delete' });
    await waitFor(() => input.value === '(202) 550-23', 'digit after the dash removed');
    expect(input.selectionStart).to.equal(9);
  });

  it("an invalid number shows docs/reference/methods/otps.md#validation's message and sends nothing", async () => {
    render(['sms']);
    const input = await phoneInput();
    typeInto(input, '123');
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'aria-invalid');
    const message = host.querySelector(`[id="${input.getAttribute('aria-describedby')}"]`)!;
    expect(message.textContent).to.equal('Phone number format is invalid. Ensure the phone number is in the E.164 format.');
    expect(message.getAttribute('aria-live')).to.equal('polite');
    expect(document.activeElement).to.equal(input);
    expect(screen()).to.equal('Main');
    expect(events).to.deep.equal([]);
    await expectAxeClean('Main (phone, invalid)');
    // Editing clears the message.
    typeInto(input, '1234');
    await waitFor(() => !input.hasAttribute('aria-invalid'), 'cleared');
  });

  it('SMS: signs in with the code from the dev inbox; resend toast names the channel', async () => {
    render(['sms']);
    const { national, e164 } = uniqueUsNumber();
    const otp = await sendCode(national);
    // Shown formatted by libphonenumber-js (issue 17 defect 8), not as '+12015550123'.
    const readable = e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 $1 $2 $3');
    await waitFor(() => host.textContent?.includes(`A 6-digit passcode was sent to you at ${readable}.`), 'formatted number');
    expect(document.activeElement).to.equal(otp);
    await expectAxeClean('OTPAuthenticate (SMS)');
    const sent = events[0];
    expect(sent?.type).to.equal('OTP_SMS_LOGIN_OR_CREATE');
    if (sent?.type === 'OTP_SMS_LOGIN_OR_CREATE') expect(sent.data).to.include({ phone_number: e164, resend: false });
    const first = await waitForMessage(e164);
    expect(first.channel).to.equal('sms');

    q<HTMLButtonElement>('[data-resend-state]')!.click();
    const toast = await waitFor(() => q('.ae-toast'), 'toast');
    expect(toast.textContent).to.equal('Text message resent');
    const resent = events.at(-1);
    expect(resent?.type).to.equal('OTP_SMS_LOGIN_OR_CREATE');
    if (resent?.type === 'OTP_SMS_LOGIN_OR_CREATE') expect(resent.data.resend).to.equal(true);
    const second = await waitForMessage(e164, 2);
    expect(second.channel).to.equal('sms');

    typeInto(otp, second.code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
    const types = events.map((e) => e.type);
    expect(types.slice(-2)).to.deep.equal(['OTP_AUTHENTICATE', 'authenticate-flow-complete']);
    const user = await client.user.get();
    expect(user.phone_numbers.map((p) => p.phone_number)).to.deep.equal([e164]);
  });

  it('country combobox: "+44" finds the United Kingdom before Guernsey, "ca" by ISO code, arrows move the active option', async () => {
    render(['sms']);
    await phoneInput();
    const combo = country();
    combo.focus();
    await sendKeys({ type: '+44' });
    await waitFor(() => optionTexts().length > 0 && optionTexts()[0] === '+44 United Kingdom', 'UK first');
    expect(optionTexts()).to.include('+44 Guernsey');
    // The active option is announced through aria-activedescendant; focus stays in the field.
    const activeId = () => combo.getAttribute('aria-activedescendant');
    expect(host.querySelector(`[id="${activeId()}"]`)!.textContent).to.equal('+44 United Kingdom');
    await sendKeys({ press: 'ArrowDown' });
    expect(host.querySelector(`[id="${activeId()}"]`)!.textContent).to.equal(optionTexts()[1]);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => combo.getAttribute('data-region') === 'GB', 'GB');
    expect(combo.getAttribute('aria-expanded')).to.equal('false');
    // Select all, then an ISO code.
    combo.select();
    await sendKeys({ type: 'ca' });
    await waitFor(() => optionTexts()[0] === '+1 Canada', 'Canada by code');
    // Escape keeps the earlier choice.
    await sendKeys({ press: 'Escape' });
    expect(combo.getAttribute('data-region')).to.equal('GB');
    expect(combo.value).to.equal('United Kingdom +44');
    // Tab with a typed query takes its best match, and moves on to the phone field.
    combo.select();
    await sendKeys({ type: 'germ' });
    await waitFor(() => optionTexts()[0] === '+49 Germany', 'Germany');
    await sendKeys({ press: 'Tab' });
    await waitFor(() => combo.getAttribute('data-region') === 'DE', 'DE');
    expect(w.host.querySelector('input[type="tel"]')).to.equal((w.host.getRootNode() as Document).activeElement);
  });

  it('WhatsApp through the tabs: another country, code from the inbox, toast names WhatsApp', async () => {
    render(['sms', 'whatsapp']);
    const whatsapp = await waitFor(
      () => [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === 'WhatsApp'),
      'WhatsApp tab',
    );
    whatsapp.click();
    const combo = await waitFor(() => q<HTMLInputElement>('[role="tabpanel"][data-method="whatsapp"] input[role="combobox"]'), 'country combobox');
    // By typing a name and Enter (issue 17 defect 2).
    combo.focus();
    await sendKeys({ type: 'united k' });
    await waitFor(() => optionTexts()[0] === '+44 United Kingdom', 'United Kingdom first');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => country().getAttribute('data-region') === 'GB', 'GB selected');
    expect(country().value).to.equal('United Kingdom +44');
    const national = `07400${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const e164 = `+44${national.slice(1)}`;
    const otp = await sendCode(national);
    expect(events[0]?.type).to.equal('OTP_WHATSAPP_LOGIN_OR_CREATE');
    const message = await waitForMessage(e164);
    expect(message.channel).to.equal('whatsapp');
    q<HTMLButtonElement>('[data-resend-state]')!.click();
    const toast = await waitFor(() => q('.ae-toast'), 'toast');
    expect(toast.textContent).to.equal('WhatsApp message resent');
    const latest = await waitForMessage(e164, 2);
    expect(latest.channel).to.equal('whatsapp');
    typeInto(otp, latest.code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
    await expectAxeClean('OTPConfirmation');
  });

  it('back from the code screen reopens Main on the tab the user came from', async () => {
    render(['email', 'sms', 'whatsapp']);
    const text = await waitFor(() => [...host.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((t) => t.textContent === 'Text'), 'Text tab');
    text.click();
    await sendCode(uniqueUsNumber().national);
    q<HTMLButtonElement>('button[aria-label="Back"]')!.click();
    await waitFor(() => screen() === 'Main', 'Main');
    const selected = q('[role="tab"][aria-selected="true"]')!;
    expect(selected.textContent).to.equal('Text');
    // The shell focuses the first autofocus field of the new screen: the phone input.
    expect(document.activeElement).to.equal(q('input[type="tel"]'));
  });

  it('signed in: a new number goes through the secondary send (first send and resend) and is added to the same user', async () => {
    // Sign in by email passcode first, outside the widget.
    const email = uniqueEmail('sms-secondary');
    const signedIn = await signInByEmailPasscode(client, email);
    const { paths, restore } = recordFetchedPaths();
    const { national, e164 } = uniqueUsNumber();
    try {
      render(['sms']);
      const otp = await sendCode(national);
      await waitForMessage(e164);
      q<HTMLButtonElement>('[data-resend-state]')!.click();
      expect((await waitFor(() => q('.ae-toast'), 'toast')).textContent).to.equal('Text message resent');
      const latest = await waitForMessage(e164, 2);
      expect(paths.filter((p) => p.startsWith('/sdk/v1/otps/sms/'))).to.deep.equal(['/sdk/v1/otps/sms/send/secondary', '/sdk/v1/otps/sms/send/secondary']);
      typeInto(otp, latest.code!);
      await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
    } finally {
      restore();
    }
    // The server attached the number to the signed-in user; no second account was made for it.
    const user = await client.user.get();
    expect(user.user_id).to.equal(signedIn.user_id);
    expect(user.emails.map((e) => e.email)).to.deep.equal([email]);
    expect(user.phone_numbers.map((p) => p.phone_number)).to.deep.equal([e164]);
  });

  /** Types a 6-digit code (auto-submitted) and resolves once the answer is on screen. */
  async function submitCode(otp: HTMLInputElement, code: string): Promise<string> {
    const before = errors.length;
    typeInto(otp, code);
    await waitFor(() => errors.length > before || screen() !== 'OTPAuthenticate', 'answer');
    if (screen() !== 'OTPAuthenticate') return '';
    await waitFor(() => !otp.readOnly && otp.getAttribute('aria-invalid') === 'true', 'input editable again with its error');
    // The error first, then the auto-submit hint.
    const [errorId] = (otp.getAttribute('aria-describedby') ?? '').split(' ');
    return host.querySelector(`[id="${errorId}"]`)!.textContent ?? '';
  }

  /** Six digits that are not `code`; `n` varies them so no two guesses look alike. */
  const wrongCode = (code: string, n: number): string => {
    const guess = String(100000 + n * 7919);
    return guess === code ? String(999999 - n) : guess;
  };

  it("a country code the parser accepts but the server refuses: docs/reference/methods/otps.md#errors's invalid_phone_number_country_code text", async () => {
    render(['sms']);
    const input = await phoneInput();
    // +800 (international freephone) passes the client's libphonenumber-js check, but it is no
    // country's calling code, so the server refuses to text it (server/phones.ts).
    typeInto(input, '+800 1234 5678');
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => errors.length > 0, 'onError');
    // The error_type only the server produces proves the request got there.
    expect(errors[0]).to.include({ error_type: 'invalid_phone_number_country_code', status_code: 400 });
    const shown = await waitFor(() => host.querySelector(`[id="${input.getAttribute('aria-describedby')}"]`), 'message linked to the field');
    expect(shown.textContent).to.equal("The phone number's country code is invalid, unsupported, or disabled.");
    expect(input.hasAttribute('aria-invalid')).to.equal(false);
    expect(screen()).to.equal('Main');
    expect(events).to.deep.equal([]);
    expect(q<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(false);
    expect(document.activeElement).to.equal(input);
  });

  it('SMS: a wrong passcode says "Invalid passcode, please try again." and the right one still signs in', async () => {
    render(['sms']);
    const { national, e164 } = uniqueUsNumber();
    const otp = await sendCode(national);
    const { code } = await waitForMessage(e164);
    expect(await submitCode(otp, wrongCode(code!, 1))).to.equal('Invalid passcode, please try again.');
    expect(errors.at(-1)).to.include({ error_type: 'otp_code_not_found' });
    expect(otp.value).to.equal('');
    expect(document.activeElement).to.equal(otp);
    await expectAxeClean('OTPAuthenticate (wrong code)');
    expect(await submitCode(otp, code!)).to.equal('');
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
  });

  it("SMS: the 10th wrong passcode in a row locks the user (docs/reference/security.md#lockouts), with docs/reference/methods/otps.md#errors's user_lock_limit_reached text", async () => {
    render(['sms']);
    const { national, e164 } = uniqueUsNumber();
    const otp = await sendCode(national);
    const first = await waitForMessage(e164);
    // docs/reference/security.md#passcodes: a code dies after 5 wrong guesses, so a fresh code (resend) carries the next five.
    for (let n = 1; n <= 5; n++) {
      expect(await submitCode(otp, wrongCode(first.code!, n)), `guess ${n}`).to.equal('Invalid passcode, please try again.');
    }
    q<HTMLButtonElement>('[data-resend-state]')!.click();
    const second = await waitForMessage(e164, 2);
    for (let n = 6; n <= 9; n++) {
      expect(await submitCode(otp, wrongCode(second.code!, n)), `guess ${n}`).to.equal('Invalid passcode, please try again.');
    }
    const locked = 'Too many failed authentication attempts. Please try again later.';
    expect(await submitCode(otp, wrongCode(second.code!, 10))).to.equal(locked);
    expect(errors.at(-1)).to.include({ error_type: 'user_lock_limit_reached', message: locked });
    // Locked: even the right code is refused for now.
    expect(await submitCode(otp, second.code!)).to.equal(locked);
    expect(screen()).to.equal('OTPAuthenticate');
  });
});

describe('PhoneOTPForm with an injected parser and clock', () => {
  let host: HTMLDivElement;
  let root: Root;
  let client: AuthClient;
  let actions: WidgetAction[];
  let clock: FakeClock;

  beforeEach(async () => {
    const { apiBaseUrl, publicToken } = await testEnv();
    client = createClient(publicToken, { apiBaseUrl, disableSessionRefresh: true });
    actions = [];
    clock = new FakeClock();
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(() => {
    root.unmount();
    host.remove();
    client.destroy();
  });

  function renderForm(loadParser: ParserLoader) {
    const ctx = widgetContext(client, { products: ['otp'], otpOptions: { methods: ['sms'] } }, { clock, dispatch: (a) => actions.push(a) });
    root.render(
      <WidgetContext.Provider value={ctx}>
        <PhoneOTPForm channel="sms" loadParser={loadParser} />
      </WidgetContext.Provider>,
    );
    return waitFor(() => host.querySelector<HTMLInputElement>('input[type="tel"]'), 'phone input');
  }

  it('a parser slower than 2 s: the number is accepted as + dial code + digits and the code is sent', async () => {
    const input = await renderForm(() => new Promise<PhoneParser>(() => undefined));
    const { national, e164 } = uniqueUsNumber();
    typeInto(input, national);
    host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => host.querySelector<HTMLButtonElement>('button[type="submit"]')!.getAttribute('aria-busy') === 'true', 'submitting');
    clock.advance(VALIDATE_TIMEOUT_MS - 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(actions).to.deep.equal([]);
    clock.advance(1);
    await waitFor(() => actions.length > 0, 'otp_sent');
    expect(actions[0]).to.include({ type: 'otp_sent', otpType: 'sms', destination: e164 });
    // Never formatted (no parser): the text stays as typed.
    expect(input.value).to.equal(national);
    expect((await inbox(e164))[0]?.channel).to.equal('sms');
  });

  it('a parser that fails to load: accepted the same way', async () => {
    const input = await renderForm(() => Promise.reject(new Error('chunk load failed')));
    const { national, e164 } = uniqueUsNumber();
    typeInto(input, national);
    host.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => actions.length > 0, 'otp_sent');
    expect(actions[0]).to.include({ destination: e164 });
  });

  it('stale formatting answers are ignored: the newest input wins whatever order answers arrive in', async () => {
    const answers: { input: string; release: () => void }[] = [];
    const parser: PhoneParser = { toE164: () => null, format: (s) => `<${s}>` };
    // Each format call waits for the test to release it, so answers can come back out of order.
    const loadParser: ParserLoader = () =>
      new Promise<PhoneParser>((resolve) => {
        answers.push({ input: '', release: () => resolve(parser) });
      });
    const input = await renderForm(loadParser);
    answers.splice(0); // the prefetch on mount
    typeInto(input, '202');
    typeInto(input, '2025');
    await waitFor(() => answers.length === 2, 'two format requests');
    answers[1]!.release();
    await waitFor(() => input.value === '<2025>', 'newest answer shown');
    answers[0]!.release();
    await new Promise((r) => setTimeout(r, 30));
    expect(input.value).to.equal('<2025>');
  });
});
