/** The two-step part of the login state machine (issue 29, docs/reference/elements/auth-login.md#two-step-sign-in): screens, actions, state, reducer steps. */
import type { MfaFactorKind } from '../../sdk-core/index.ts';
import type { WidgetState } from '../login/state.ts';
import type { MfaEventData } from './events.ts';
import type { MFA_STRINGS } from './strings.ts';

/** The second-step screens. */
export type MfaScreen =
  | 'MFAChooser'
  | 'MFATOTPAuthenticate'
  | 'MFASMSAuthenticate'
  | 'MFAPasskey'
  | 'MFARecoveryCode'
  | 'MFAEnrolTOTP'
  | 'MFARecoveryCodes'
  | 'MFAConfirmation';

/** The second step's slice of the widget state. */
export interface MfaState {
  /** The recovery codes of a TOTP just enrolled, shown once before sign-in completes. */
  recoveryCodes: readonly string[];
}

/** What happens in the second step. */
export type MfaAction =
  | { type: 'mfa_factor_chosen'; factor: MfaFactorKind }
  | { type: 'mfa_choose_other' }
  | { type: 'mfa_enrolled'; recoveryCodes: readonly string[] }
  | { type: 'mfa_authenticated' };

/** The types the two-step method declares (method.ts). */
export interface MfaTypes {
  screen: MfaScreen;
  action: MfaAction;
  product: never;
  strings: typeof MFA_STRINGS;
  events: MfaEventData;
  state: { mfaState: MfaState };
  options: object;
  config: object;
}

/** The screen of each second factor. */
export const FACTOR_SCREENS: Readonly<Record<MfaFactorKind, MfaScreen>> = {
  totp: 'MFATOTPAuthenticate',
  sms_otp: 'MFASMSAuthenticate',
  webauthn: 'MFAPasskey',
  recovery_code: 'MFARecoveryCode',
};

/** The screens that finish a second step (an answer there is the one this flow waits for). */
const FINISHING: readonly string[] = ['MFATOTPAuthenticate', 'MFASMSAuthenticate', 'MFAPasskey', 'MFARecoveryCode', 'MFARecoveryCodes'];

/** The second step's reducer steps. */
export function reduceMfa(state: WidgetState, action: MfaAction): WidgetState {
  switch (action.type) {
    case 'mfa_factor_chosen':
      if (state.screen !== 'MFAChooser' && !FINISHING.includes(state.screen)) return state;
      return { ...state, screen: FACTOR_SCREENS[action.factor], errorDescriptor: null };
    case 'mfa_choose_other':
      if (!FINISHING.includes(state.screen)) return state;
      return { ...state, screen: 'MFAChooser', errorDescriptor: null };
    case 'mfa_enrolled':
      if (state.screen !== 'MFAEnrolTOTP') return state;
      return { ...state, screen: 'MFARecoveryCodes', mfaState: { recoveryCodes: action.recoveryCodes } };
    case 'mfa_authenticated':
      if (!FINISHING.includes(state.screen)) return state;
      return { ...state, screen: 'MFAConfirmation', errorDescriptor: null, mfaState: { recoveryCodes: [] }, completedFlows: state.completedFlows + 1 };
  }
}

/** Back to Main: recovery codes shown once are forgotten. */
export function backFromMfa(state: WidgetState): WidgetState {
  return state.mfaState.recoveryCodes.length ? { ...state, mfaState: { recoveryCodes: [] } } : state;
}
