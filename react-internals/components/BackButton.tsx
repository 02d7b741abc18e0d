/** The back arrow of every screen after Main (docs/reference/elements/auth-login.md#mounting: "A back arrow returns to Main"). */
import { useWidget } from '../context.ts';

/** The back arrow; dispatches back_to_main. */
export function BackButton() {
  const { strings, dispatch } = useWidget();
  return (
    <button type="button" className="ae-back" part="button back-button" aria-label={strings['button.back']} onClick={() => dispatch({ type: 'back_to_main' })}>
      <BackArrowIcon />
    </button>
  );
}

/**
 * Back arrow of the back button (decorative: the button's name says it): points left, and right in a
 * right-to-left widget (`.ae-flip-rtl`).
 */
function BackArrowIcon() {
  return (
    <svg className="ae-flip-rtl" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
    </svg>
  );
}
