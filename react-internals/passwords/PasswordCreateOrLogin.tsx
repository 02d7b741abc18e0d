/**
 * PasswordCreateOrLogin (docs/reference/methods/passwords.md#screens): the password step for a new user (create, with live strength
 * feedback; Continue waits for valid_password) or an existing one (log in, with 'Forgot password?');
 * with enumeration protection (`offerBoth`) a link switches between the two.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../sdk-core/index.ts';
import { BackButton } from '../components/BackButton.tsx';
import { Button } from '../components/Button.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { useWidget } from '../context.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { sendResetEmail } from './send.ts';
import { StrengthFeedback, useStrengthCheck } from './StrengthFeedback.tsx';
import { PASSWORD_RULES } from './styles.ts';
import { Heading } from '../components/Heading.tsx';

/** The create-or-log-in screen for `state.passwordState`. */
export function PasswordCreateOrLogin() {
  const ctx = useWidget();
  const { client, config, strings, state, dispatch, emit, reportError } = ctx;
  const { email, type, offerBoth } = state.passwordState;
  const isNew = type === 'new';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'submit' | 'forgot' | null>(null);
  const strength = useStrengthCheck(isNew ? password : '', email);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const emailId = useId();
  const inputId = useId();
  const feedbackId = useId();
  const errorId = useId();
  useChunkStyles(rootRef, PASSWORD_RULES);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fail = (err: unknown) => {
    const message = reportError(err);
    if (!mounted.current) return;
    setError(message);
    setBusy(null);
    inputRef.current?.focus();
  };

  const canSubmit = password !== '' && busy === null && (!isNew || strength.valid);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setBusy('submit');
    setError(null);
    const args = { email, password, session_duration_minutes: config.sessionDurationMinutes };
    try {
      if (isNew) {
        const resp = await client.passwords.create(args);
        emit({ type: 'PASSWORD_CREATE', data: resp });
      } else {
        const resp = await client.passwords.authenticate(args);
        emit({ type: 'PASSWORD_AUTHENTICATE', data: resp });
      }
      dispatch({ type: 'password_authenticated' });
    } catch (err) {
      // docs/reference/methods/passwords.md#rules: reset_password sends a reset email and shows PasswordDedupe; a breached password
      // at sign-in must be replaced the same way (PasswordBreached). onError hears both.
      const errorType = isApiError(err) ? err.error_type : '';
      if (errorType === 'reset_password' || (errorType === 'breached_password' && !isNew)) {
        reportError(err);
        try {
          await sendResetEmail(ctx, email, errorType === 'reset_password' ? 'PasswordDedupe' : 'PasswordBreached');
        } catch (sendErr) {
          fail(sendErr);
        }
        return;
      }
      fail(err);
    }
  };

  const onForgot = async () => {
    if (busy !== null) return;
    setBusy('forgot');
    setError(null);
    try {
      await sendResetEmail(ctx, email, 'PasswordForgot');
    } catch (err) {
      fail(err);
    }
  };

  const message = error ?? strength.error;
  const describedBy = [isNew ? feedbackId : '', message ? errorId : ''].filter(Boolean).join(' ');
  return (
    <>
      <BackButton />
      <Heading>{isNew ? strings['password.createTitle'] : strings['password.loginTitle']}</Heading>
      <form ref={rootRef} className="ae-form" onSubmit={onSubmit} noValidate>
        <label className="ae-label" part="label" htmlFor={emailId}>
          {strings['password.emailLabel']}
        </label>
        {/* Read-only, but present: password managers pair the saved password with this username. */}
        <input id={emailId} className="ae-input" part="input email-input" type="email" name="email" dir="ltr" autoComplete="username" value={email} readOnly />
        <PasswordInput
          id={inputId}
          inputRef={inputRef}
          label={strings['password.label']}
          value={password}
          onChange={(v) => {
            setPassword(v);
            if (error) setError(null);
          }}
          autoComplete={isNew ? 'new-password' : 'current-password'}
          describedBy={describedBy}
          invalid={message !== null}
        />
        {isNew && <StrengthFeedback id={feedbackId} result={strength.shown} />}
        <div id={errorId} className="ae-error" part="error field-error" role="alert">
          {message}
        </div>
        {/* Busy keeps focus (aria-disabled); an empty or weak password still disables it. */}
        <Button type="submit" busy={busy === 'submit'} disabled={busy === null && !canSubmit}>
          {strings['button.continue']}
        </Button>
      </form>
      {!isNew && (
        <button
          type="button"
          className="ae-link"
          part="button forgot-button"
          // aria-disabled, not disabled: a disabled button would drop keyboard focus to <body>.
          aria-disabled={busy !== null ? 'true' : undefined}
          onClick={onForgot}
        >
          {strings['password.forgot']}
        </button>
      )}
      {offerBoth && (
        <button
          type="button"
          className="ae-link"
          part="button switch-mode-button"
          aria-disabled={busy !== null ? 'true' : undefined}
          onClick={() => {
            if (busy !== null) return;
            setPassword('');
            setError(null);
            dispatch({ type: 'password_switch_mode', userType: isNew ? 'existing' : 'new' });
            inputRef.current?.focus();
          }}
        >
          {isNew ? strings['password.switchToLogin'] : strings['password.switchToCreate']}
        </button>
      )}
    </>
  );
}
