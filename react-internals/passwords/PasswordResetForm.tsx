/**
 * PasswordResetForm, the first screen of `<auth-reset-password>` (docs/reference/elements/auth-reset-password.md#mounting "Reset password"): with
 * stytch_token_type=login the link's token signs the user in (magic-link authenticate, which tries
 * the reset PKCE verifier first, docs/reference/methods/passwords.md#rules), at once when the link was requested in this browser and
 * after one click otherwise; any other type asks for a new password.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type MagicLinkRedirectStep, PKCEVerifierMissingError } from '../../sdk-core/index.ts';
import { Button } from '../components/Button.tsx';
import { useChunkStyles } from '../components/chunk-styles.ts';
import { useWidget } from '../context.ts';
import { text } from '../text.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { StrengthFeedback, useStrengthCheck } from './StrengthFeedback.tsx';
import { PASSWORD_RULES } from './styles.ts';
import { Heading } from '../components/Heading.tsx';

/** Token type of the reset email's "log in without changing your password" link. */
export const LOGIN_TOKEN_TYPE = 'login';

/** The reset screen for `state.resetPasswordState`. */
export function PasswordResetForm() {
  const { state } = useWidget();
  return state.resetPasswordState.tokenType === LOGIN_TOKEN_TYPE ? <ResetLinkLogin /> : <NewPasswordForm />;
}

/**
 * Signs in with the link's token (docs/reference/methods/passwords.md#screens: "logged in automatically"), automatically only when this
 * browser holds the PKCE verifier of the flow, i.e. the reset email was requested here. Otherwise
 * the link may have been opened by something that is not the user (a mail scanner running
 * JavaScript), so one click comes first; in a project that requires PKCE the link cannot work in
 * this browser at all, which is said without sending the token (issue 10).
 */
function ResetLinkLogin() {
  const { client, config, strings, state, dispatch, emit, reportError, bootstrap } = useWidget();
  const { token } = state.resetPasswordState;
  const [step, setStep] = useState<MagicLinkRedirectStep | null>(null);
  const [redeeming, setRedeeming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Refs survive StrictMode's effect replay: the single-use token must be sent once.
  const started = useRef(false);
  const mounted = useRef(true);

  const redeem = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setRedeeming(true);
    client.magicLinks.authenticate(token, { session_duration_minutes: config.sessionDurationMinutes }).then(
      (resp) => {
        emit({ type: 'PASSWORD_RESET_LOGIN', data: resp });
        dispatch({ type: 'password_authenticated' });
      },
      (err: unknown) => {
        const message = reportError(err);
        if (mounted.current) setError(message);
      },
    );
  }, [client, config.sessionDurationMinutes, token, emit, dispatch, reportError]);

  useEffect(() => {
    mounted.current = true;
    let current = true;
    client.magicLinks.redirectStep('login').then((next) => {
      if (!current) return;
      setStep(next);
      if (next === 'redeem') redeem();
      else if (next === 'other_browser') setError(reportError(new PKCEVerifierMissingError()));
    });
    return () => {
      current = false;
      mounted.current = false;
    };
  }, [client, redeem, reportError]);

  if (step === 'confirm' && !redeeming) {
    const name = bootstrap?.project_name;
    return (
      <>
        <Heading>{strings['magicLink.finishTitle']}</Heading>
        <div className="ae-form">
          <p className="ae-text">{name ? text(strings, 'magicLink.finishText', { projectName: name }) : strings['magicLink.finishTextNoName']}</p>
          <button className="ae-button" part="button primary-button" type="button" onClick={redeem}>
            {strings['magicLink.finishButton']}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <Heading>{strings['password.resetTitle']}</Heading>
      <div className="ae-form" role="status">
        {error === null && (
          <>
            <p className="ae-helper" part="helper">
              {strings['password.resetLoggingIn']}
            </p>
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
  useChunkStyles(formRef, PASSWORD_RULES);
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
      emit({ type: 'PASSWORD_RESET_BY_EMAIL', data: resp });
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
      <Heading>{strings['password.resetTitle']}</Heading>
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
        <Button type="submit" busy={submitting} disabled={!submitting && !canSubmit}>
          {strings['button.continue']}
        </Button>
      </form>
    </>
  );
}
