/**
 * The widget's action button. While `busy` it stays focusable and in the tab order (issue 17
 * defect 4, WCAG 2.4.3): `aria-disabled` and `aria-busy` instead of `disabled`, which dropped the
 * keyboard user's focus to the page's <body> the moment Continue was pressed. Activation is
 * swallowed while busy, and a spinner shows inside the pressed button (the form stays visible).
 */
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';

/** Props of {@link Button}: a native button's, plus the busy state and the variant. */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  /** A request started by this button is in flight: focusable, announced busy, inert to clicks. */
  busy?: boolean;
  /** Primary (filled, default) or secondary (outlined). */
  variant?: 'primary' | 'secondary';
  /** Extra classes after the widget's own. */
  className?: string;
  /** The `part` names the host can style (docs/reference/house-style.md#tests); default `button primary-button`. */
  part?: string;
  children?: ReactNode;
}

/** A themed button that keeps focus while busy; `disabled` is still honoured for "not yet possible". */
export function Button({ busy = false, variant = 'primary', className, part, children, onClick, type = 'button', ...rest }: ButtonProps) {
  const classes = ['ae-button', variant === 'secondary' ? 'ae-button-secondary' : '', className ?? ''].filter(Boolean).join(' ');
  const swallow = (e: MouseEvent<HTMLButtonElement>) => {
    // A busy submit button must not submit again (forms guard too; this covers plain buttons).
    if (busy) {
      e.preventDefault();
      return;
    }
    onClick?.(e);
  };
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      part={part ?? `button ${variant}-button`}
      aria-disabled={busy || rest['aria-disabled'] === true || rest['aria-disabled'] === 'true' ? 'true' : undefined}
      aria-busy={busy ? 'true' : undefined}
      data-busy={busy ? '' : undefined}
      onClick={swallow}
    >
      {busy && <span className="ae-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
