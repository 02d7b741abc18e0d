/**
 * The Email tab of a password product (SPEC §2 "Password"): email, then a user lookup whose
 * userType picks create (new), log in (password) or an automatic passwordless send; a project with
 * enumeration protection answers alike for every address, and the next screen offers both paths.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isValidEmail } from '../../sdk-core/index.ts';
import { useWidget } from '../context.ts';
import { useSendingIndicator } from '../login/sending.ts';
import { emailAutoComplete } from '../passkeys/autocomplete.ts';
import { loadPasswordScreens } from './PasswordScreen.tsx';
import { sendPasswordless } from './send.ts';

/** Email field and Continue; moves to PasswordCreateOrLogin, or sends the passwordless message. */
export function PasswordStartForm() {
  const ctx = useWidget();
  const { client, strings, reportError } = ctx;
  const [email, setEmail] = useState(ctx.state.passwordState.email);
  const [invalid, setInvalid] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const inputId = useId();
  const errorId = useId();
  useSendingIndicator(submitting);

  useEffect(() => {
    mounted.current = true;
    // Warm the next screens' chunk while the user types (errors surface on submit).
    loadPasswordScreens().catch(() => undefined);
    return () => {
      mounted.current = false;
    };
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setApiError(null);
    // SPEC §5: 'Email format is invalid.' for the password flow; a bad format blocks the call.
    if (!isValidEmail(email)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    const address = email.trim();
    try {
      // The next screen's code is awaited too, so it renders (and takes focus) with the screen change.
      const [{ userType, enumeration_protected: hidden }] = await Promise.all([client.user.search(address), loadPasswordScreens()]);
      if (hidden === true) {
        // The server answers alike for every address: offer signing in first, creating an account beside it.
        ctx.dispatch({ type: 'password_user_found', email: address, userType: 'existing', offerBoth: true });
      } else if (userType === 'passwordless') await sendPasswordless(ctx, address);
      else ctx.dispatch({ type: 'password_user_found', email: address, userType: userType === 'new' ? 'new' : 'existing' });
    } catch (err) {
      const message = reportError(err);
      if (!mounted.current) return;
      setApiError(message);
      setSubmitting(false);
      // The disabled button dropped focus to <body>; give it back to the field.
      inputRef.current?.focus();
    }
  };

  const message = invalid ? strings['password.emailInvalid'] : apiError;
  return (
    <form className="ae-form" onSubmit={onSubmit} noValidate>
      <label className="ae-label" part="label" htmlFor={inputId}>
        {strings['password.emailLabel']}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="ae-input"
        part="input email-input"
        type="email"
        name="email"
        // Passkey autofill (conditional mediation) needs `webauthn` here when passkeys are on.
        autoComplete={emailAutoComplete(ctx.config, 'username')}
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
      <div id={errorId} className="ae-error" part="error field-error" aria-live="polite">
        {message}
      </div>
      <button className="ae-button" part="button primary-button" type="submit" disabled={submitting}>
        {strings['button.continue']}
      </button>
    </form>
  );
}
