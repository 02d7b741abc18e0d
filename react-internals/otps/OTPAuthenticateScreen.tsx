/** OTPAuthenticate (docs/reference/methods/otps.md#screens "OTP"): 6-digit code, countdown, resend. */
import { OTP_LENGTH as SPEC_OTP_LENGTH, RESEND_CONFIRMATION_MS } from '../../sdk-core/schemas/defaults.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { CodeInput } from '../components/CodeInput.tsx';
import { useWidget } from '../context.ts';
import { localeOf, text } from '../text.ts';
import { otpSentEvent, RESEND_TOAST } from './channels.ts';
import { formatCountdown, useCountdown } from './countdown.ts';
import { otpSendOptions, sendOtp } from './send.ts';
import { Heading } from '../components/Heading.tsx';

/** Passcode length (docs/reference/methods/otps.md#validation, docs/reference/constants.md#sign-in-defaults). */
export const OTP_LENGTH = SPEC_OTP_LENGTH;
/** How long 'Code sent' stays on the resend button (docs/reference/constants.md#widget "Resend confirmation 2 s"). */
export const RESEND_SENT_MS = RESEND_CONFIRMATION_MS;
/** Cool-down after 'Code sent' before the resend button is usable again, so a double click
 * cannot fire two sends (the server rate-limits sends anyway). */
export const RESEND_WAIT_MS = 1000;

/** Resend button states (docs/reference/methods/otps.md#screens): initial, sending, sent, waiting, back to initial. */
export type ResendState = 'initial' | 'sending' | 'sent' | 'waiting';

/** Keeps the digits of `raw`, at most OTP_LENGTH of them. */
export const sanitizeOtp = (raw: string): string => raw.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** The OTPAuthenticate screen. */
export function OTPAuthenticateScreen() {
  const { client, config, strings, clock, state, dispatch, emit, reportError, toast } = useWidget();
  const { methodId, otpDestination, type: channel } = state.otpState;
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(() => clock.now() + config.otpExpirationMinutes * 60_000);
  const [resend, setResend] = useState<ResendState>('initial');
  // A failed resend stays under the button until the next attempt (issue 17 defect 3: a toast alone vanished).
  const [resendError, setResendError] = useState<string | null>(null);
  const secondsLeft = useCountdown(deadline, clock);
  const inputRef = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const resendErrorId = useId();

  // A phone number is shown formatted (issue 17 defect 8); an email address as it is.
  const [shownDestination, setShownDestination] = useState(otpDestination);
  useEffect(() => {
    setShownDestination(otpDestination);
    if (channel === 'email') return;
    let live = true;
    // The phone helpers are the phone form's chunk (an email passcode never loads them); a chunk that
    // cannot be fetched leaves the number as it is.
    void import('./phone/parse.ts')
      .then(({ readablePhone, loadPhoneParser }) => readablePhone(otpDestination, loadPhoneParser, clock))
      .then(
        (v) => {
          if (live) setShownDestination(v);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [channel, otpDestination, clock]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Resend: 'sent' for 2 s, then 'waiting', then back to the label.
  useEffect(() => {
    if (resend !== 'sent' && resend !== 'waiting') return;
    const handle = clock.setTimeout(() => setResend(resend === 'sent' ? 'waiting' : 'initial'), resend === 'sent' ? RESEND_SENT_MS : RESEND_WAIT_MS);
    return () => clock.clearTimeout(handle);
  }, [resend, clock]);

  const submit = async (value: string) => {
    if (inFlight.current) return;
    if (value.length !== OTP_LENGTH) {
      setError(strings['errorType.invalid_code']);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setError(null);
    try {
      const resp = await client.otps.authenticate(value, methodId, {
        session_duration_minutes: config.sessionDurationMinutes,
      });
      emit({ type: 'OTP_AUTHENTICATE', data: resp });
      dispatch({ type: 'otp_authenticated' });
    } catch (err) {
      const message = reportError(err);
      if (mounted.current) {
        setError(message);
        setCode('');
        setSubmitting(false);
      }
    } finally {
      inFlight.current = false;
    }
  };

  // CodeInput keeps the digits and submits on the 6th (docs/reference/methods/otps.md#screens: auto-submit, typed or pasted).
  const onChange = (digits: string) => {
    setCode(digits);
    if (error) setError(null);
  };

  const onResend = async () => {
    if (resend !== 'initial') return;
    setResend('sending');
    setResendError(null);
    try {
      // The same channel as the first send (docs/reference/methods/otps.md#screens: the toast names it), and the same variant: a
      // number being added to a signed-in user must not be re-sent through login_or_create.
      const resp = await sendOtp(client, channel, otpDestination, otpSendOptions(config));
      if (!mounted.current) return;
      dispatch({ type: 'otp_resent', methodId: resp.method_id });
      emit(otpSentEvent(channel, resp, otpDestination, true));
      setDeadline(clock.now() + config.otpExpirationMinutes * 60_000);
      setResend('sent');
      toast('success', strings[RESEND_TOAST[channel]]);
    } catch (err) {
      const message = reportError(err);
      if (!mounted.current) return;
      setResend('initial');
      setResendError(message);
      toast('error', message);
    }
  };

  const resendLabel = resend === 'sending' ? strings['otp.resendSending'] : resend === 'sent' ? strings['otp.codeSent'] : strings['otp.resend'];

  return (
    <>
      <BackButton />
      <Heading>{strings['otp.title']}</Heading>
      <p className="ae-text" part="text">
        {text(strings, 'otp.sentTo', { destination: shownDestination })}
      </p>
      {/* The shared code field (components/CodeInput.tsx: one input drawn as six slots), the expiry right
          under it. The ticking countdown is not a live region (it would speak every second); expiry is
          announced politely once, by the status line below (issue 17 defect 7). */}
      <CodeInput
        value={code}
        onChange={onChange}
        onSubmit={(digits) => void submit(digits)}
        label={strings['otp.inputLabel']}
        hint={text(strings, 'otp.autoSubmitHint', { length: String(OTP_LENGTH) })}
        error={error}
        submitting={submitting}
        verifying={strings['otp.verifying']}
        name="otp"
        part="input otp-input"
        inputRef={inputRef}
        below={
          <p className="ae-helper" part="helper" data-countdown="">
            {secondsLeft > 0 ? text(strings, 'otp.expiresIn', { time: formatCountdown(secondsLeft, localeOf(strings)) }) : strings['otp.expired']}
          </p>
        }
      />
      <div className="ae-visually-hidden" role="status" data-expiry-status="">
        {secondsLeft > 0 ? '' : strings['otp.expired']}
      </div>
      <div className="ae-row">
        <span className="ae-helper" part="helper">
          {strings['otp.resendPrompt']}
        </span>
        <button
          type="button"
          className="ae-link"
          part="button resend-button"
          data-resend-state={resend}
          // aria-disabled, not disabled: a disabled button drops keyboard focus to <body>.
          aria-disabled={resend !== 'initial' ? 'true' : undefined}
          aria-describedby={resendError ? resendErrorId : undefined}
          onClick={onResend}
        >
          {resendLabel}
        </button>
      </div>
      {/* Not a live region: the error toast announces it; this copy stays readable (and describes the button). */}
      {resendError && (
        <p id={resendErrorId} className="ae-error" part="error resend-error" data-resend-error="">
          {resendError}
        </p>
      )}
    </>
  );
}
