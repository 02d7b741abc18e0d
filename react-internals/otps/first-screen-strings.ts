/**
 * The phone form: the texts the React-free first paint shows (elements/first-paint/), kept apart from
 * the rest of OTP_STRINGS (strings.ts spreads them in) so the first screen's JS carries only these.
 */
export const OTP_FIRST_SCREEN_STRINGS = {
  'phone.countryLabel': 'Country',
  'phone.countryChosen': '{region} +{dialCode}',
  'phone.countryHint': 'Type a country name, code or dial code.',
  'phone.label': 'Phone number',
  'phone.placeholder': '(123) 456-7890',
} as const satisfies Record<string, string>;
