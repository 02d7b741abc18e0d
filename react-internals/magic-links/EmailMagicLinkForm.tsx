/** Main-screen email form of the email magic-link product (SPEC §2 "Email", magic-link variant). */
import { type FormEvent, useId, useRef, useState } from 'react';
import { isValidEmail, type MagicLinkSendOptions } from '../../sdk-core/index.ts';
import type { ResolvedLoginConfig } from '../config.ts';
import { useWidget } from '../context.ts';
import { AuthEventType } from '../events.ts';
import { emailAutoComplete } from '../passkeys/autocomplete.ts';
import { sendForSession } from '../login/send-variant.ts';
import { useSendingIndicator } from '../login/sending.ts';

/** The send options of SPEC §3 emailMagicLinksOptions (wire names), defaults filled. */
export function magicLinkSendOptions(config: ResolvedLoginConfig): MagicLinkSendOptions {
  const eml = config.emailMagicLinks;
  const options: MagicLinkSendOptions = {
    login_expiration_minutes: eml.loginExpirationMinutes,
    signup_expiration_minutes: eml.signupExpirationMinutes,
    create_user_as_pending: eml.createUserAsPending,
  };
  // Without URLs the server falls back to the project's allowlisted redirect URL.
  if (eml.loginRedirectURL) options.login_magic_link_url = eml.loginRedirectURL;
  if (eml.signupRedirectURL) options.signup_magic_link_url = eml.signupRedirectURL;
  return options;
}

/** Email field and 'Continue with email'; on success the widget moves to EmailConfirmation. */
export function EmailMagicLinkForm() {
  const { client, config, strings, state, dispatch, emit, reportError } = useWidget();
  // 'Try again' empties magicLinkState; the back arrow of another screen keeps what was typed.
  const [email, setEmail] = useState(state.magicLinkState.email);
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
    // SPEC §5: a bad format blocks the call and shows 'Email format is invalid.' (magic link).
    if (!isValidEmail(email)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    const address = email.trim();
    try {
      // SPEC §4: with a session the link is sent through the secondary endpoint (it adds this email
      // to the signed-in user); without one, login_or_create also signs new users up.
      const resp = await sendForSession(client, client.magicLinks.email, address, magicLinkSendOptions(config));
      client.telemetry.log('email_sent');
      emit({ type: AuthEventType.MAGIC_LINK_LOGIN_OR_CREATE, data: { ...resp, email: address } });
      dispatch({ type: 'magic_link_sent', email: address });
    } catch (err) {
      setApiError(reportError(err));
      setSubmitting(false);
      // The clicked button was disabled meanwhile (focus fell to <body>); give it back to the field.
      inputRef.current?.focus();
    }
  };

  const message = invalid ? strings['magicLink.invalidEmail'] : apiError;
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
        {strings['magicLink.continue']}
      </button>
    </form>
  );
}
