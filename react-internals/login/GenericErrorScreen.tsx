/** Generic error screen (SPEC §2 "Generic"): shown for screens whose method is not available. */
import { BackArrowIcon } from '../components/icons.tsx';
import { useWidget } from '../context.ts';

/** 'Looks like there was an error!' with a way back to Main. */
export function GenericErrorScreen() {
  const { strings, dispatch } = useWidget();
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
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['generic.errorTitle']}
      </h1>
    </>
  );
}
