/** PasswordConfirmation (SPEC §4 "success goes to PasswordConfirmation"): completes the flow once. */
import { useEffect } from 'react';
import { CheckIcon } from '../components/icons.tsx';
import { useWidget } from '../context.ts';

/** The password success screen. */
export function PasswordConfirmation() {
  const { strings, state, completeFlow } = useWidget();
  const flow = state.completedFlows;
  // The shell de-duplicates by flow number: StrictMode's double effects and re-renders are harmless.
  useEffect(() => completeFlow(flow), [completeFlow, flow]);
  return (
    <div className="ae-form ae-center">
      <CheckIcon />
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['password.successTitle']}
      </h1>
      <p className="ae-text" part="text">{strings['password.successText']}</p>
    </div>
  );
}
