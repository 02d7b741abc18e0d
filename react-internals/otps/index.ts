/**
 * The one-time passcode method (docs/reference/methods/otps.md#screens "OTP", "Email" OTP variant, "Text and WhatsApp"): the email,
 * Text and WhatsApp forms on Main, OTPAuthenticate and OTPConfirmation.
 */
import { OTP_EVENTS } from './events.ts';
import { successScreen } from '../components/SuccessScreen.tsx';
import type { ResolvedLoginConfig } from '../config.ts';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { OTPAuthenticate } from './lazy.ts';
import { backFromOtp, type OTPType, type OtpTypes, reduceOtp } from './state.ts';
import { OTP_STRINGS } from './strings.ts';

export { startEmailOtp } from './start.ts';

const offers = (config: ResolvedLoginConfig, channel: OTPType) => config.products.includes('otp') && config.otpMethods.includes(channel);

// Main's forms are chunks of their own (docs/reference/house-style.md#bundle-size), declared here rather than in lazy.ts: the forms
// import start.ts, which imports lazy.ts, and a loader there would close an import cycle.
// The email form (with the shared email start form) is one chunk: a phone-only widget never loads it.
const EmailOTPForm = lazyScreen(
  () => import('./EmailOTPForm.tsx'),
  (m) => m.EmailOTPForm,
);
// The phone form (country table, parser glue) is another: an email-only widget never loads it. The
// phone parser (libphonenumber-js metadata) stays out of the preload: the form renders without it and
// starts fetching it on mount.
const loadPhoneForm = () => import('./phone/PhoneOTPForm.tsx');
const SmsOTPForm = lazyScreen(loadPhoneForm, (m) => m.SmsOTPForm);
const WhatsAppOTPForm = lazyScreen(loadPhoneForm, (m) => m.WhatsAppOTPForm);
// Each form's preload: the form and its next step, OTPAuthenticate.
const preloadEmail = async () => {
  await Promise.all([EmailOTPForm.preload(), OTPAuthenticate.preload()]);
};
const preloadPhone = async () => {
  await Promise.all([SmsOTPForm.preload(), OTPAuthenticate.preload()]);
};

/** The OTP method's UI. */
export const otpsMethod: UiMethod<OtpTypes> = {
  screens: {
    OTPAuthenticate,
    OTPConfirmation: successScreen('otp.successTitle', 'otp.successText'),
  },
  actions: { otp_sent: true, otp_resent: true, otp_authenticated: true },
  reduce: reduceOtp,
  back: backFromOtp,
  strings: OTP_STRINGS,
  events: OTP_EVENTS,
  forms: [
    { tab: 'email', variant: 'otp', rank: 2, when: (c) => offers(c, 'email'), Form: EmailOTPForm, preload: preloadEmail },
    { tab: 'sms', variant: 'sms', rank: 0, when: (c) => offers(c, 'sms'), Form: SmsOTPForm, preload: preloadPhone },
    { tab: 'whatsapp', variant: 'whatsapp', rank: 0, when: (c) => offers(c, 'whatsapp'), Form: WhatsAppOTPForm, preload: preloadPhone },
  ],
};
