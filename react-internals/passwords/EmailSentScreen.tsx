/**
 * What PasswordForgot, PasswordBreached, PasswordDedupe and PasswordSetNew share: a title, where the
 * reset email went, and a resend link with the 'Email resent' toast (as the OTP screen's resend).
 */
import { useEffect, useRef, useState } from 'react';
import { BackArrowIcon } from '../components/icons.tsx';
import { useWidget } from '../context.ts';
import { AuthEventType } from '../events.ts';
import { type StringKey, text } from '../strings.ts';
import { resetStartOptions } from './send.ts';

/**
 * One "check your email" screen: `titleKey` and `textKey` (with `{email}`) pick its words;
 * `alertKey`, when given, is the error that led here, shown as a warning banner above the title.
 */
export function EmailSentScreen(props: { titleKey: StringKey; textKey: StringKey; alertKey?: StringKey }) {
  const { client, config, strings, state, dispatch, emit, reportError, toast } = useWidget();
  const { email } = state.passwordState;
  const [sending, setSending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onResend = async () => {
    if (sending) return;
    setSending(true);
    try {
      await client.passwords.resetByEmailStart({ email, ...resetStartOptions(config) });
      emit({ type: AuthEventType.PASSWORD_RESET_BY_EMAIL_START, data: { email } });
      if (mounted.current) toast('success', strings['toast.emailResent']);
    } catch (err) {
      const message = reportError(err);
      if (mounted.current) toast('error', message);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="ae-back"
        part="button back-button"
        aria-label={strings['button.back']}
        onClick={() => dispatch({ type: 'back_to_main' })}
      >
        <BackArrowIcon />
      </button>
      {props.alertKey && (
        <div className="ae-banner" role="alert" part="banner">
          {strings[props.alertKey]}
        </div>
      )}
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings[props.titleKey]}
      </h1>
      <p className="ae-text" part="text">{text(strings, props.textKey, { email })}</p>
      <div className="ae-row">
        <span className="ae-helper" part="helper">{strings['password.resendPrompt']}</span>
        <button
          type="button"
          className="ae-link"
          part="button resend-button"
          aria-disabled={sending ? 'true' : undefined}
          onClick={onResend}
        >
          {sending ? strings['password.resendSending'] : strings['password.resend']}
        </button>
      </div>
    </>
  );
}
