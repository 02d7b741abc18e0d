/**
 * The email field and Continue button every email method starts Main with (docs/reference/methods/magic-links.md#screens "Email",
 * "Password"): email OTP, email magic link and the password lookup differ only in their words and in
 * what Continue does, so they are one form parameterised by `onContinue`.
 */
import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { isValidEmail } from '../../sdk-core/helpers.ts';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { Button } from './Button.tsx';
import { emailAutoComplete } from './email-autocomplete.ts';
import { useSendingIndicator } from './sending.ts';

/** Props of {@link EmailStartForm}. */
export interface EmailStartFormProps {
  /** The address the field starts with; '' starts with the address last typed in this widget, if any. */
  initialEmail: string;
  /** The field's label; default 'email.label'. */
  labelKey?: StringKey;
  /** The docs/reference/sdk.md#validation-rules message for a bad format (it differs by method). */
  invalidKey: StringKey;
  /** The button's text. */
  submitKey: StringKey;
  /** The field's autocomplete token when passkeys are not configured; default `email`. */
  autoComplete?: string;
  /** What Continue does with a well-formed, trimmed address; a throw is reported and shown under the field. */
  onContinue(address: string): Promise<void>;
}

/** Email field and Continue; a bad format blocks the call (docs/reference/sdk.md#validation-rules), a failed call is shown under the field. */
export function EmailStartForm(props: EmailStartFormProps) {
  const { config, strings, reportError, memo } = useWidget();
  // The address last typed in any email form of this widget (issue 17 defect 8): Back and 'Try
  // again' return to Main with it still there to correct, instead of an empty field.
  const typed = memo('email-start-form.typed', () => ({ value: '' }));
  const [email, setEmail] = useState(props.initialEmail || typed.value);
  const [invalid, setInvalid] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const inputId = useId();
  const errorId = useId();
  useSendingIndicator(submitting);
  // A kept address starts selected: typing replaces it (docs/reference/methods/magic-links.md#screens 'Try again' "clears the email"
  // for someone starting over), arrow keys keep it for someone fixing a typo.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only.
  useLayoutEffect(() => {
    const input = inputRef.current;
    // select(): type=email has no setSelectionRange.
    if (input && input.value !== '' && !props.initialEmail) input.select();
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setApiError(null);
    if (!isValidEmail(email)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    try {
      await props.onContinue(email.trim());
    } catch (err) {
      const message = reportError(err);
      if (!mounted.current) return;
      setApiError(message);
      setSubmitting(false);
      // The message is under the field: take the user there to fix the address.
      inputRef.current?.focus();
    }
  };

  const message = invalid ? strings[props.invalidKey] : apiError;
  return (
    <form className="ae-form" onSubmit={onSubmit} noValidate>
      <label className="ae-label" part="label" htmlFor={inputId}>
        {strings[props.labelKey ?? 'email.label']}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="ae-input"
        part="input email-input"
        type="email"
        // An address reads left to right in every language, Arabic included (issue 19).
        dir="ltr"
        name="email"
        // Passkey autofill (conditional mediation) needs `webauthn` here when passkeys are on.
        autoComplete={emailAutoComplete(config, props.autoComplete)}
        required
        placeholder={strings['email.placeholder']}
        value={email}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={message ? errorId : undefined}
        data-autofocus=""
        onChange={(e) => {
          setEmail(e.target.value);
          typed.value = e.target.value;
          if (invalid) setInvalid(false);
        }}
      />
      {/* Always in the tree so the live region exists before its text arrives. */}
      <div id={errorId} className="ae-error" part="error field-error" aria-live="polite">
        {message}
      </div>
      <Button type="submit" busy={submitting}>
        {strings[props.submitKey]}
      </Button>
    </form>
  );
}
