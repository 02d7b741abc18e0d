/** The one-time passcode texts: email, text and WhatsApp (docs/reference/methods/otps.md#screens "OTP", "Text and WhatsApp"; docs/reference/methods/otps.md#validation messages). */
import { OTP_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of the OTP forms and screens; quoted reference texts are verbatim. */
export const OTP_STRINGS = {
  ...OTP_FIRST_SCREEN_STRINGS,
  // The email OTP form's docs/reference/methods/otps.md#validation message.
  'email.invalid': 'Invalid email address.',

  // Text and WhatsApp (docs/reference/methods/otps.md#screens "Text and WhatsApp"; docs/reference/methods/otps.md#validation message)
  'phone.countryOption': '+{dialCode} {region}',
  'phone.countryNoMatch': 'No country matches',
  // Said (a status region) as the typed search narrows the country list.
  'phone.countryMatches': 'Countries found: {count}',
  'phone.invalid': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // OTP (docs/reference/methods/otps.md#screens "OTP")
  'otp.title': 'Enter passcode',
  'otp.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'otp.inputLabel': 'One-time passcode',
  'otp.verifying': 'Verifying passcode...',
  'otp.expiresIn': 'Your code expires in {time}.',
  'otp.expired': 'Your code has expired.',
  'otp.autoSubmitHint': 'Your code is checked as soon as you enter the {length}th digit.',
  'otp.resendPrompt': 'Didn\u2019t get it?',
  'otp.resend': 'Resend code',
  'otp.resendSending': 'Sending...',
  'otp.codeSent': 'Code sent',
  'otp.successTitle': 'Success!',
  'otp.successText': 'Your passcode has been successfully verified.',
  'toast.smsResent': 'Text message resent',
  'toast.whatsappResent': 'WhatsApp message resent',
} as const satisfies Record<string, string>;
