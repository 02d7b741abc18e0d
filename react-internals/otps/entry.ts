/** The OTP method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import { OTP_OPTIONS_SHAPE, otpOffersNothing, resolveOtpConfig } from './config.ts';
import type { OtpTypes } from './state.ts';

/** The OTP method's entry. */
export const otpsEntry: UiMethodEntry<OtpTypes> = {
  name: 'otps',
  products: ['otp'],
  options: { otpOptions: OTP_OPTIONS_SHAPE },
  resolve: resolveOtpConfig,
  offersNothing: otpOffersNothing,
  screenNames: ['OTPAuthenticate', 'OTPConfirmation'],
  initialState: { otpState: { type: 'email', methodId: '', otpDestination: '' } },
  load: () => import('./index.ts').then((m) => m.otpsMethod),
};
