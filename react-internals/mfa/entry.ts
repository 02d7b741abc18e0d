/** The two-step method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { AuthClient, MfaRequired } from '../../sdk-core/index.ts';
import type { UiMethodEntry } from '../method.ts';
import { pendingSteps } from './pending.ts';
import type { MfaScreen, MfaTypes } from './state.ts';

/** The first screen of a second step: enrolment, the one factor the user has, or the chooser. */
export function firstMfaScreen(m: MfaRequired): MfaScreen {
  if (m.enrolment_required) return 'MFAEnrolTOTP';
  // A recovery code stands in for a lost authenticator app: beside the app it is no choice to stop at.
  const own = m.factors.filter((f) => f !== 'recovery_code');
  if (own.length > 1) return 'MFAChooser';
  const only = own[0] ?? m.factors[0];
  return only === 'sms_otp' ? 'MFASMSAuthenticate' : only === 'webauthn' ? 'MFAPasskey' : only === 'recovery_code' ? 'MFARecoveryCode' : 'MFATOTPAuthenticate';
}

/** The two-step method's entry: no product of its own; it takes the flow over when a first factor answers `mfa_required`. */
export const mfaEntry: UiMethodEntry<MfaTypes> = {
  name: 'mfa',
  products: [],
  options: {},
  resolve: () => ({}),
  screenNames: [
    'MFAChooser',
    'MFATOTPAuthenticate',
    'MFASMSAuthenticate',
    'MFAPasskey',
    'MFARecoveryCode',
    'MFAEnrolTOTP',
    'MFARecoveryCodes',
    'MFAConfirmation',
  ],
  initialState: { mfaState: { recoveryCodes: [] } },
  takeOver: (client: AuthClient, show) =>
    client.mfa.onRequired((m) => {
      pendingSteps.set(client, m);
      if (m) show(firstMfaScreen(m), { type: 'MFA_REQUIRED', data: m });
    }),
  load: () => import('./index.ts').then((m) => m.mfaMethod),
};
