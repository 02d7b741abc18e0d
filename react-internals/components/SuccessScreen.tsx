/**
 * The success screen every sign-in method ends on (SPEC §2: OTPConfirmation, PasswordConfirmation,
 * PasskeyConfirmation): a green check, a title and a line of text; it completes the flow once.
 */
import { useLayoutEffect } from 'react';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
import { CheckIcon } from './icons.tsx';
import { Heading } from './Heading.tsx';

/** 'Success!' (`titleKey`) and `textKey`; raises authenticate-flow-complete on display. */
export function SuccessScreen(props: { titleKey: StringKey; textKey: StringKey }) {
  const { strings, state, completeFlow } = useWidget();
  const flow = state.completedFlows;
  // The shell de-duplicates by flow number, so StrictMode's double effects and re-renders are harmless.
  // A layout effect: the event goes out in the commit that shows the screen, before the host sees
  // the new data-screen (a passive effect ran after it, so a host reacting to it could miss the event).
  useLayoutEffect(() => completeFlow(flow), [completeFlow, flow]);
  return (
    <div className="ae-form ae-center">
      <CheckIcon />
      <Heading>{strings[props.titleKey]}</Heading>
      <p className="ae-text" part="text">
        {strings[props.textKey]}
      </p>
    </div>
  );
}

/** A method's success screen with its own words, for its `screens` table. */
export function successScreen(titleKey: StringKey, textKey: StringKey): () => ReturnType<typeof SuccessScreen> {
  return () => <SuccessScreen titleKey={titleKey} textKey={textKey} />;
}
