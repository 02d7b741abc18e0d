/**
 * A six-digit code field as the passcode screen draws it (docs/reference/methods/otps.md#screens "OTP"): one input
 * drawn as six slots, the one-time-code autofill, paste of a whole code, auto-submit on the last digit,
 * read-only (not disabled) while checked, the error announced, 'Verifying...' in a status region.
 * Shared by every screen that takes a code: the passcode screen, the second step of sign-in,
 * re-verification.
 */
import { type ChangeEvent, type FormEvent, type ReactNode, type RefObject, useEffect, useId } from 'react';
import { OTP_LENGTH } from '../../sdk-core/schemas/defaults.ts';

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** The digits typed so far. */
  value: string;
  /** New digits (non-digits dropped, at most six). */
  onChange(digits: string): void;
  /** All six digits are in (typed, pasted or autofilled), or the form was submitted. */
  onSubmit(digits: string): void;
  /** The field's label. */
  label: string;
  /** The line under the field (how the code is checked). */
  hint: string;
  /** The error to announce, or null. */
  error: string | null;
  /** The code is being checked. */
  submitting: boolean;
  /** The status line while checking. */
  verifying: string;
  /** The field's `name` (forms and tests find it by it). */
  name: string;
  /** The field's `part` names (the caller's own, e.g. `input code-input`). */
  part: string;
  /** The input element, for the caller to focus. */
  inputRef?: RefObject<HTMLInputElement>;
  /** Anything to show inside the form after the status (a checkbox). */
  children?: ReactNode;
  /** A line right under the field, before the hint (the passcode screen's expiry). */
  below?: ReactNode;
}

/** Keeps the digits of `raw`, at most six of them. */
export const sanitizeCode = (raw: string): string => raw.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** The code field in its form. */
export function CodeInput(props: CodeInputProps) {
  const { value, error, submitting, inputRef } = props;
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  // After a failed attempt the field is writable again: focus it so the user can retype at once.
  useEffect(() => {
    if (!submitting && error) inputRef?.current?.focus();
  }, [submitting, error, inputRef]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const digits = sanitizeCode(e.target.value);
    props.onChange(digits);
    if (digits.length === OTP_LENGTH) props.onSubmit(digits);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(value);
  };
  return (
    <form className="ae-form" onSubmit={onSubmit} noValidate>
      <label className="ae-label" part="label" htmlFor={inputId}>
        {props.label}
      </label>
      {/* ONE field drawn as six slots: the input lies over them (theme.ts: the slots move up under it), its
          own text transparent, and each slot shows its digit, so the digits sit in their boxes whatever the
          font or text spacing (WCAG 1.4.12) and the field stays one input for autofill, paste and assistive
          technology. The input stays a sibling of the error and status lines. */}
      <input
        ref={inputRef}
        id={inputId}
        className="ae-input ae-otp"
        part={props.part}
        type="text"
        name={props.name}
        inputMode="numeric"
        // Digits read left to right in every language, Arabic included.
        dir="ltr"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        required
        value={value}
        readOnly={submitting}
        aria-disabled={submitting ? 'true' : undefined}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        data-autofocus=""
        onChange={onChange}
      />
      <div className="ae-slots" dir="ltr" aria-hidden="true">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, never reordered.
            key={i}
            className="ae-slot"
            data-active={i === Math.min(value.length, OTP_LENGTH - 1) ? '' : undefined}
          >
            {value[i] ?? ''}
          </span>
        ))}
      </div>
      {props.below}
      <p id={hintId} className="ae-helper" part="helper">
        {props.hint}
      </p>
      <div id={errorId} className="ae-error" part="error field-error" role="alert">
        {error}
      </div>
      <div className="ae-form" role="status">
        {submitting && (
          <>
            <p className="ae-helper" part="helper">
              {props.verifying}
            </p>
            <div className="ae-progress" part="progress" data-indeterminate="">
              <span />
            </div>
          </>
        )}
      </div>
      {props.children}
    </form>
  );
}
