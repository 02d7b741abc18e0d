/** Main-screen email form of the email OTP product (SPEC §2 "Email", OTP variant). */
import { type FormEvent, useId, useRef, useState } from 'react';
import { isValidEmail, type OTPSendOptions } from '../../sdk-core/index.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import { useWidget } from '../context.ts';
import { AuthEventType } from '../events.ts';
import { emailAutoComplete } from '../passkeys/autocomplete.ts';
import { sendOtp } from '../login/send-variant.ts';
import { useSendingIndicator } from '../login/sending.ts';

/** The send options of SPEC §7 (expiration default 5, templates, locale) from the config. */
export function otpSendOptions(config: ResolvedLoginConfig): OTPSendOptions {
  const options: OTPSendOptions = { expiration_minutes: config.otpExpirationMinutes };
  if (config.loginTemplateId) options.login_template_id = config.loginTemplateId;
  if (config.signupTemplateId) options.signup_template_id = config.signupTemplateId;
  if (config.locale) options.locale = config.locale;
  return options;
}

/** Email field and Continue button; on success the widget moves to OTPAuthenticate. */
export function EmailOTPForm() {
  const { client, config, strings, dispatch, emit, reportError } = useWidget();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  useSendingIndicator(submitting);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setApiError(null);
    // SPEC §5: a bad format blocks the call and shows 'Invalid email address.'.
    if (!isValidEmail(email)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    const address = email.trim();
    try {
      // SPEC §4: signed in, the address is added to the user through the secondary send.
      const resp = await sendOtp(client, 'email', address, otpSendOptions(config));
      emit({ type: AuthEventType.OTP_EMAIL_LOGIN_OR_CREATE, data: { ...resp, email: address, resend: false } });
      dispatch({ type: 'otp_sent', otpType: 'email', methodId: resp.method_id, destination: address });
    } catch (err) {
      setApiError(reportError(err));
      setSubmitting(false);
      // The clicked button was disabled meanwhile (focus fell to <body>); give it back to the field.
      inputRef.current?.focus();
    }
  };

  const message = invalid ? strings['email.invalid'] : apiError;
  return (
    <form className="ae-form" onSubmit={onSubmit} noValidate>
      <label className="ae-label" part="label" htmlFor={inputId}>
        {strings['email.label']}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="ae-input"
        part="input email-input"
        type="email"
        name="email"
        autoComplete={emailAutoComplete(config)}
        required
        placeholder={strings['email.placeholder']}
        value={email}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={message ? errorId : undefined}
        data-autofocus=""
        onChange={(e) => {
          setEmail(e.target.value);
          if (invalid) setInvalid(false);
        }}
      />
      {/* Always in the tree so the live region exists before its text arrives. */}
      <div id={errorId} className="ae-error" part="error field-error" aria-live="polite">
        {message}
      </div>
      <button className="ae-button" part="button primary-button" type="submit" disabled={submitting}>
        {strings['button.continue']}
      </button>
    </form>
  );
}
