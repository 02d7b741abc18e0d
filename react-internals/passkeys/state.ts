/** The passkey part of the login state machine (docs/reference/methods/webauthn.md#screens "Passkeys", docs/reference/methods/webauthn.md#rules "Passkey"): screens, actions, state, reducer steps. */
import type { WidgetState } from '../login/state.ts';
import type { PasskeyEventData } from './events.ts';
import type { PASSKEY_STRINGS } from './strings.ts';

/** The passkey screens. */
export type PasskeyScreenName = 'PasskeyRegistrationStart' | 'PasskeyRegistrationSuccess' | 'PasskeyConfirmation';

/** The passkey slice of the widget state. */
export interface PasskeyState {
  /** How the registration widget last left PasskeyRegistrationStart (the Success screen's title says so). */
  outcome: 'created' | 'skipped' | null;
}

/** What happens with passkeys. */
export type PasskeyAction =
  | { type: 'passkey_authenticated' }
  | { type: 'passkey_registered' }
  | { type: 'passkey_registration_skipped' }
  | { type: 'passkey_register_another' };

/** The types the passkey method declares (method.ts). */
export interface PasskeyTypes {
  screen: PasskeyScreenName;
  action: PasskeyAction;
  product: 'passkeys';
  strings: typeof PASSKEY_STRINGS;
  events: PasskeyEventData;
  state: { passkeyState: PasskeyState };
  options: Record<never, never>;
  config: Record<never, never>;
}

/** The passkey reducer steps. */
export function reducePasskey(state: WidgetState, action: PasskeyAction): WidgetState {
  switch (action.type) {
    case 'passkey_authenticated':
      // docs/reference/methods/webauthn.md#rules: passkey sign-in success goes to PasskeyConfirmation and clears the error. Only from
      // Main: an autofill answer arriving after the user moved on must not yank them back.
      if (state.screen !== 'Main') return state;
      return { ...state, screen: 'PasskeyConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
    case 'passkey_registered':
    case 'passkey_registration_skipped':
      // docs/reference/methods/webauthn.md#rules: "Registration success or Skip goes to PasskeyRegistrationSuccess".
      if (state.screen !== 'PasskeyRegistrationStart') return state;
      return {
        ...state,
        screen: 'PasskeyRegistrationSuccess',
        passkeyState: { outcome: action.type === 'passkey_registered' ? 'created' : 'skipped' },
        errorDescriptor: null,
      };
    case 'passkey_register_another':
      // docs/reference/methods/webauthn.md#screens: 'Set up another Passkey' goes back to the start.
      if (state.screen !== 'PasskeyRegistrationSuccess') return state;
      return { ...state, screen: 'PasskeyRegistrationStart' };
  }
}
