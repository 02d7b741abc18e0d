/** The required password field with its show/hide toggle (docs/reference/methods/passwords.md#screens "Password screens"). */
import { type Ref, useState } from 'react';
import { useWidget } from '../context.ts';

/** Props of {@link PasswordInput}. */
export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** `new-password` on create and reset, `current-password` on log in (docs/reference/house-style.md#shadow-dom-and-autofill). */
  autoComplete: 'new-password' | 'current-password';
  /** Id(s) of the elements describing the field (feedback, error). */
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled password input; the eye button toggles visibility and says so through aria-pressed. */
export function PasswordInput(props: PasswordInputProps) {
  const { strings } = useWidget();
  const [shown, setShown] = useState(false);
  return (
    <>
      <label className="ae-label" part="label" htmlFor={props.id}>
        {props.label}
      </label>
      <div className="ae-pw-field">
        <input
          ref={props.inputRef}
          id={props.id}
          className="ae-input"
          part="input password-input"
          type={shown ? 'text' : 'password'}
          name="password"
          autoComplete={props.autoComplete}
          // Browsers must not "fix" a password shown as text.
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          required
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.invalid ? 'true' : undefined}
          aria-describedby={props.describedBy || undefined}
          data-autofocus=""
          onChange={(e) => props.onChange(e.target.value)}
        />
        {/* One fixed label plus aria-pressed: the state is announced without the name changing under the user. */}
        <button
          type="button"
          className="ae-pw-toggle"
          part="button password-toggle"
          aria-label={strings['password.show']}
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
    </>
  );
}

/** An eye, crossed out while the password is shown (the button's next action hides it). */
function EyeIcon(props: { crossed: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
        fill="currentColor"
      />
      {props.crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
