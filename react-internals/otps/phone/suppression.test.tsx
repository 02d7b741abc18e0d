import { expect } from '@open-wc/testing';
import { inbox, testEnv, uniqueEmail, waitForMessage } from '../../../test/env.ts';
import type { AuthErrorDetail, AuthEvent } from '../../events.ts';
import { resolveStrings } from '../../strings.ts';
import { typeInto, waitFor, widgetFixture } from '../../test-utils.ts';

// docs/reference/methods/otps.md#errors, verbatim.
const UNSUBSCRIBED = "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.";
const INACTIVE = 'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.';

/** A US number no other test uses (415-555-XXXX numbers are valid for libphonenumber-js). */
const uniqueUsNumber = (): { national: string; e164: string } => {
  const last4 = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return { national: `415555${last4}`, e164: `+1415555${last4}` };
};

/** Calls one of the reference server's dev simulators (a reply text, a bounce) and expects success. */
async function dev(method: 'POST' | 'DELETE', path: string, body: Record<string, string>): Promise<Record<string, unknown>> {
  const { apiBaseUrl } = await testEnv();
  const r = await fetch(`${apiBaseUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await r.json()) as Record<string, unknown>;
  expect(r.status, JSON.stringify(json)).to.equal(200);
  return json;
}

describe('suppressed destinations in the widget (real reference server)', () => {
  const w = widgetFixture({ fakeClock: true });
  const { q, screen } = w;
  let host: HTMLDivElement;
  let events: AuthEvent[];
  let errors: AuthErrorDetail[];
  beforeEach(() => {
    ({ host, events, errors } = w);
  });

  const render = (methods: string[]) => w.render({ config: { products: ['otp'], otpOptions: { methods } } });

  /** Submits the main form and resolves with the text linked to `input` once the server refused the send. */
  async function refusedSend(input: HTMLInputElement): Promise<string> {
    const before = errors.length;
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => errors.length > before, 'onError');
    const linked = await waitFor(() => {
      const id = input.getAttribute('aria-describedby');
      return id ? host.querySelector(`[id="${id}"]`) : null;
    }, 'message linked to the field');
    return linked.textContent ?? '';
  }

  it('strings map both error types to the docs/reference/methods/otps.md#errors texts', () => {
    const strings = resolveStrings();
    expect(strings['errorType.unsubscribed_phone_number']).to.equal(UNSUBSCRIBED);
    expect(strings['errorType.inactive_email']).to.equal(INACTIVE);
  });

  it('a number that texted STOP gets the unsubscribed text when asking for an SMS code; after START the code is sent', async () => {
    const { national, e164 } = uniqueUsNumber();
    expect(await dev('POST', '/dev/inbound', { channel: 'sms', from: e164, text: 'STOP' })).to.deep.equal({
      channel: 'sms',
      from: e164,
      action: 'unsubscribed',
    });

    render(['sms']);
    const input = await waitFor(() => q<HTMLInputElement>('input[type="tel"]'), 'phone input');
    typeInto(input, national);
    expect(await refusedSend(input)).to.equal(UNSUBSCRIBED);
    expect(host.textContent).to.contain(UNSUBSCRIBED);
    // The server's own answer, not a client-side guess.
    expect(errors[0]).to.include({ error_type: 'unsubscribed_phone_number', error_message: UNSUBSCRIBED, status_code: 400, message: UNSUBSCRIBED });
    expect(screen()).to.equal('Main');
    expect(events).to.deep.equal([]);
    expect(await inbox(e164)).to.deep.equal([]);
    expect(q<HTMLButtonElement>('button[type="submit"]')!.disabled).to.equal(false);

    expect((await dev('POST', '/dev/inbound', { channel: 'sms', from: e164, text: 'start' })).action).to.equal('resubscribed');
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => screen() === 'OTPAuthenticate', 'OTPAuthenticate');
    expect(host.textContent).to.not.contain(UNSUBSCRIBED);
    const otp = await waitFor(() => q<HTMLInputElement>('input[autocomplete="one-time-code"]'), 'otp input');
    const message = await waitForMessage(e164);
    expect(message.channel).to.equal('sms');
    typeInto(otp, message.code!);
    await waitFor(() => screen() === 'OTPConfirmation', 'OTPConfirmation');
  });

  it('an email that bounced gets the inactive text in the email passcode flow; reactivated by the admin, the code is sent', async () => {
    const email = uniqueEmail('bounced');
    expect(await dev('POST', '/dev/bounce', { email })).to.deep.equal({ email, status: 'inactive' });

    render(['email']);
    const input = await waitFor(() => q<HTMLInputElement>('input[type="email"]'), 'email input');
    typeInto(input, email);
    expect(await refusedSend(input)).to.equal(INACTIVE);
    expect(host.textContent).to.contain(INACTIVE);
    expect(errors[0]).to.include({ error_type: 'inactive_email', error_message: INACTIVE, status_code: 400, message: INACTIVE });
    expect(screen()).to.equal('Main');
    expect(events).to.deep.equal([]);
    expect(await inbox(email)).to.deep.equal([]);

    expect((await dev('DELETE', '/dev/bounce', { email })).cleared).to.equal(true);
    q<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => screen() === 'OTPAuthenticate', 'OTPAuthenticate');
    expect((await waitForMessage(email)).code).to.match(/^\d{6}$/);
  });
});
