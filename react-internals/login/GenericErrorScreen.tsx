/** Generic error screen (docs/reference/elements/auth-login.md#generic-screens "Generic"): shown for screens whose method is not available. */
import { BackButton } from '../components/BackButton.tsx';
import { useWidget } from '../context.ts';
import { Heading } from '../components/Heading.tsx';

/** 'Looks like there was an error!' with a way back to Main. */
export function GenericErrorScreen() {
  const { strings } = useWidget();
  return (
    <>
      <BackButton />
      <Heading>{strings['generic.errorTitle']}</Heading>
    </>
  );
}
