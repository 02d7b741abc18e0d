/** OTPConfirmation (SPEC §2): 'Success!' with a green check; completes the flow once. */
import { useEffect } from 'react';
import { CheckIcon } from '../components/icons.tsx';
import { useWidget } from '../context.ts';

/** The OTP success screen. */
export function OTPConfirmationScreen() {
  const { strings, state, completeFlow } = useWidget();
  const flow = state.completedFlows;
  // The shell de-duplicates by flow number, so StrictMode's double effects and re-renders are harmless.
  useEffect(() => completeFlow(flow), [completeFlow, flow]);
  return (
    <div className="ae-form ae-center">
      <CheckIcon />
      <h1 className="ae-header" part="heading" tabIndex={-1}>
        {strings['otp.successTitle']}
      </h1>
      <p className="ae-text" part="text">{strings['otp.successText']}</p>
    </div>
  );
}
