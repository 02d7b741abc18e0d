/**
 * PasswordForgot, PasswordBreached, PasswordDedupe and PasswordSetNew (docs/reference/methods/passwords.md#rules), one screen: a title, where the
 * reset email went, and a resend link with the 'Email resent' toast (as the OTP screen's resend).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { text } from '../text.ts';
import { resendResetEmail } from './send.ts';
import { Heading } from '../components/Heading.tsx';

/**
 * One "check your email" screen: `titleKey` and `textKey` (with `{email}`) pick its words;
 * `alertKey`, when given, is the error that led here, shown as a warning banner above the title.
 */
export function EmailSentScreen(props: { titleKey: StringKey; textKey: StringKey; alertKey?: StringKey }) {
  const ctx = useWidget();
  const { strings, state, reportError, toast } = ctx;
  const { email } = state.passwordState;
  const [sending, setSending] = useState(false);
  // A failed resend stays on the screen too (issue 17 defect 3), not only in a toast.
  const [resendError, setResendError] = useState<string | null>(null);
  const resendErrorId = useId();
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
    setResendError(null);
    try {
      await resendResetEmail(ctx, email);
      if (mounted.current) toast('success', strings['toast.emailResent']);
    } catch (err) {
      const message = reportError(err);
      if (mounted.current) {
        setResendError(message);
        toast('error', message);
      }
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  return (
    <>
      <BackButton />
      {props.alertKey && (
        <div className="ae-banner" role="alert" part="banner">
          {strings[props.alertKey]}
        </div>
      )}
      <Heading>{strings[props.titleKey]}</Heading>
      <p className="ae-text" part="text">
        {text(strings, props.textKey, { email })}
      </p>
      <div className="ae-row">
        <span className="ae-helper" part="helper">
          {strings['password.resendPrompt']}
        </span>
        <button
          type="button"
          className="ae-link"
          part="button resend-button"
          aria-disabled={sending ? 'true' : undefined}
          aria-describedby={resendError ? resendErrorId : undefined}
          onClick={onResend}
        >
          {sending ? strings['password.resendSending'] : strings['password.resend']}
        </button>
      </div>
      {resendError && (
        <p id={resendErrorId} className="ae-error" part="error resend-error" data-resend-error="">
          {resendError}
        </p>
      )}
    </>
  );
}

/** An email-sent screen with its own words, for the password screens' table. */
export function emailSentScreen(titleKey: StringKey, textKey: StringKey, alertKey?: StringKey): () => ReturnType<typeof EmailSentScreen> {
  return () => <EmailSentScreen titleKey={titleKey} textKey={textKey} {...(alertKey ? { alertKey } : {})} />;
}
