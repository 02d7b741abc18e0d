/** Generic error screen (SPEC §2 "Generic"): shown for screens whose method is not available. */
import { BackButton } from '../components/BackButton.tsx';
import { useWidget } from '../context.ts';

/** 'Looks like there was an error!' with a way back to Main. */
export function GenericErrorScreen() {
  const { strings } = useWidget();
  return (
    <>
      <BackButton />
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['generic.errorTitle']}
      </h1>
    </>
  );
}
