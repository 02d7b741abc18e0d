/**
 * Two-step sign-in (issue 29, docs/reference/elements/auth-login.md#two-step-sign-in): the screens a first factor
 * leads to when the project asks for a second one (chooser, authenticator code, text message,
 * passkey, recovery code, enrolment and its recovery codes), and the re-verification prompt.
 */
import { successScreen } from '../components/SuccessScreen.tsx';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { MFA_EVENTS } from './events.ts';
import { backFromMfa, type MfaTypes, reduceMfa } from './state.ts';
import { MFA_STRINGS } from './strings.ts';

// Re-verification in place, for the widgets whose sensitive calls may answer reverification_required
// (they declare `uses: ['mfa']` and import it from here).
export { isReverificationRequired, type Reverification, ReverifyPrompt, useReverify } from './Reverify.tsx';

// The second-step screens are one chunk: a sign-in that never needs them never fetches it.
const load = () => import('./screens.tsx');
const opts = { loading: 'main.loading' } as const;

/** The two-step method's UI. */
export const mfaMethod: UiMethod<MfaTypes> = {
  screens: {
    MFAChooser: lazyScreen(load, (m) => m.MFAChooser, opts),
    MFATOTPAuthenticate: lazyScreen(load, (m) => m.MFATOTPAuthenticate, opts),
    MFASMSAuthenticate: lazyScreen(load, (m) => m.MFASMSAuthenticate, opts),
    MFAPasskey: lazyScreen(load, (m) => m.MFAPasskey, opts),
    MFARecoveryCode: lazyScreen(load, (m) => m.MFARecoveryCode, opts),
    MFAEnrolTOTP: lazyScreen(load, (m) => m.MFAEnrolTOTP, opts),
    MFARecoveryCodes: lazyScreen(load, (m) => m.MFARecoveryCodes, opts),
    MFAConfirmation: successScreen('mfa.successTitle', 'mfa.successText'),
  },
  actions: { mfa_factor_chosen: true, mfa_choose_other: true, mfa_enrolled: true, mfa_authenticated: true },
  reduce: reduceMfa,
  back: backFromMfa,
  strings: MFA_STRINGS,
  events: MFA_EVENTS,
};
