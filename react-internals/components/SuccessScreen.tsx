/**
 * The success screen every sign-in method ends on (docs/reference/methods/otps.md#screens: OTPConfirmation, PasswordConfirmation,
 * PasskeyConfirmation): a green check, a title and a line of text; it completes the flow once.
 */
import { useLayoutEffect } from 'react';
import { useWidget } from '../context.ts';
import type { StringKey } from '../strings.ts';
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

/**
 * Green check of the success screens (colour from --auth-color-success); decorative, hidden from
 * assistive technology because the title beside it says it all. Here beside the screen that shows it
 * rather than in a module of icons: each icon is its one component's (no chunk of its own to fetch).
 */
export function CheckIcon() {
  return (
    <svg className="ae-check" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="currentColor" />
      <path d="M18 33l9 9 19-19" fill="none" stroke="#FFFFFF" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
