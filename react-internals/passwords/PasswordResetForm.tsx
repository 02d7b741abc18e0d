/**
 * PasswordResetForm, the first screen of `<auth-reset-password>` (SPEC §2 "Reset password"): with
 * stytch_token_type=login the link's token signs the user in at once (magic-link authenticate, which
 * tries the reset PKCE verifier first, SPEC §4); any other type asks for a new password.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useWidget } from '../context.ts';
import { AuthEventType } from '../events.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { StrengthFeedback, useStrengthCheck } from './StrengthFeedback.tsx';
import { usePasswordStyles } from './styles.ts';

/** Token type of the reset email's "log in without changing your password" link. */
export const LOGIN_TOKEN_TYPE = 'login';

/** The reset screen for `state.resetPasswordState`. */
export function PasswordResetForm() {
  const { state } = useWidget();
  return state.resetPasswordState.tokenType === LOGIN_TOKEN_TYPE ? <ResetLinkLogin /> : <NewPasswordForm />;
}

/** Signs in with the link's token on mount; shows progress, then the error if it fails. */
function ResetLinkLogin() {
  const { client, config, strings, state, dispatch, emit, reportError } = useWidget();
  const { token } = state.resetPasswordState;
  const [error, setError] = useState<string | null>(null);
  // Refs survive StrictMode's effect replay: the single-use token must be sent once.
  const started = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      client.magicLinks.authenticate(token, { session_duration_minutes: config.sessionDurationMinutes }).then(
        (resp) => {
          emit({ type: AuthEventType.PASSWORD_RESET_LOGIN, data: resp });
          dispatch({ type: 'password_authenticated' });
        },
        (err: unknown) => {
          const message = reportError(err);
          if (mounted.current) setError(message);
        },
      );
    }
    return () => {
      mounted.current = false;
    };
  }, [client, config.sessionDurationMinutes, token, emit, dispatch, reportError]);
  return (
    <>
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['password.resetTitle']}
      </h1>
      <div className="ae-form" role="status">
        {error === null && (
          <>
            <p className="ae-helper" part="helper">{strings['password.resetLoggingIn']}</p>
            <div className="ae-progress" part="progress">
              <span />
            </div>
          </>
        )}
      </div>
      <div className="ae-error" part="error" role="alert">
        {error}
      </div>
    </>
  );
}

/** New password with live strength feedback; Continue waits for valid_password. */
function NewPasswordForm() {
  const { client, config, strings, state, dispatch, emit, reportError } = useWidget();
  const { token } = state.resetPasswordState;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The reset link does not say whose it is, so the check runs without the email.
  const strength = useStrengthCheck(password, undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const inputId = useId();
  const feedbackId = useId();
  const errorId = useId();
  usePasswordStyles(formRef);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const canSubmit = password !== '' && !submitting && strength.valid;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      const resp = await client.passwords.resetByEmail({ token, password, session_duration_minutes: config.sessionDurationMinutes });
      emit({ type: AuthEventType.PASSWORD_RESET_BY_EMAIL, data: resp });
      dispatch({ type: 'password_authenticated' });
    } catch (err) {
      const message = reportError(err);
      if (!mounted.current) return;
      setError(message);
      setSubmitting(false);
      inputRef.current?.focus();
    }
  };

  const message = error ?? strength.error;
  return (
    <>
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['password.resetTitle']}
      </h1>
      <form ref={formRef} className="ae-form" onSubmit={onSubmit} noValidate>
        <PasswordInput
          id={inputId}
          inputRef={inputRef}
          label={strings['password.newLabel']}
          value={password}
          onChange={(v) => {
            setPassword(v);
            if (error) setError(null);
          }}
          autoComplete="new-password"
          describedBy={[feedbackId, message ? errorId : ''].filter(Boolean).join(' ')}
          invalid={message !== null}
        />
        <StrengthFeedback id={feedbackId} result={strength.shown} />
        <div id={errorId} className="ae-error" part="error field-error" role="alert">
          {message}
        </div>
        <button className="ae-button" part="button primary-button" type="submit" disabled={!canSubmit}>
          {strings['button.continue']}
        </button>
      </form>
    </>
  );
}
