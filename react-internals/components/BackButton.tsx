/** The back arrow of every screen after Main (SPEC §2: "A back arrow returns to Main"). */
import { useWidget } from '../context.ts';
import { BackArrowIcon } from './icons.tsx';

/** The back arrow; dispatches back_to_main. */
export function BackButton() {
  const { strings, dispatch } = useWidget();
  return (
    <button type="button" className="ae-back" part="button back-button" aria-label={strings['button.back']} onClick={() => dispatch({ type: 'back_to_main' })}>
      <BackArrowIcon />
    </button>
  );
}
