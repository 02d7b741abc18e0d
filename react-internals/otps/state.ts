/** The OTP part of the login state machine (docs/reference/methods/otps.md#rules "OTP sent", docs/reference/methods/otps.md#screens "OTP"): screens, actions, state, reducer steps. */
import type { WidgetState } from '../login/state.ts';
import type { OTPMethod, OTPOptions, ResolvedOtpConfig } from './config.ts';
import type { OtpEventData } from './events.ts';
import type { OTP_STRINGS } from './strings.ts';

/** Channel an OTP went to. */
export type OTPType = OTPMethod;

/** docs/reference/elements/auth-login.md#states otpState. */
export interface OtpState {
  type: OTPType;
  methodId: string;
  otpDestination: string;
}

/** The OTP screens. */
export type OtpScreen = 'OTPAuthenticate' | 'OTPConfirmation';

/** What happens in the OTP flow. */
export type OtpAction =
  | { type: 'otp_sent'; otpType: OTPType; methodId: string; destination: string }
  | { type: 'otp_resent'; methodId: string }
  | { type: 'otp_authenticated' };

/** The types the OTP method declares (method.ts). */
export interface OtpTypes {
  screen: OtpScreen;
  action: OtpAction;
  product: 'otp';
  strings: typeof OTP_STRINGS;
  events: OtpEventData;
  state: { otpState: OtpState };
  options: { otpOptions?: OTPOptions };
  config: ResolvedOtpConfig;
}

/** otpState before any code was sent. */
export const INITIAL_OTP_STATE: OtpState = { type: 'email', methodId: '', otpDestination: '' };

/** The OTP reducer steps. */
export function reduceOtp(state: WidgetState, action: OtpAction): WidgetState {
  switch (action.type) {
    case 'otp_sent':
      // docs/reference/methods/otps.md#rules: "OTP sent: store method id and destination, then OTPAuthenticate".
      return {
        ...state,
        screen: 'OTPAuthenticate',
        otpState: { type: action.otpType, methodId: action.methodId, otpDestination: action.destination },
        errorDescriptor: null,
      };
    case 'otp_resent':
      // A resend issues a new method id; only meaningful while waiting for the code.
      if (state.screen !== 'OTPAuthenticate') return state;
      return { ...state, otpState: { ...state.otpState, methodId: action.methodId } };
    case 'otp_authenticated':
      if (state.screen !== 'OTPAuthenticate') return state;
      return { ...state, screen: 'OTPConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
  }
}

/** Back to Main: the half-finished OTP is forgotten; its channel is kept. */
export function backFromOtp(state: WidgetState): WidgetState {
  return { ...state, otpState: { ...INITIAL_OTP_STATE, type: state.otpState.type } };
}
