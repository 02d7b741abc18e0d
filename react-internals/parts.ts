/**
 * Every `part` name the widgets put on their elements, for host CSS (`auth-login::part(heading)`):
 * documentation only (the Custom Elements Manifest, the editor data, the README), kept out of the
 * browser bundle. test/package/manifest.test.ts checks it against the `part` attributes in the
 * components, so it cannot drift from what is rendered.
 */
export const PARTS = {
  container: 'The widget box (background, border, radius, padding).',
  heading: 'The title of each screen (an h1).',
  text: 'Body text under a title.',
  label: 'Field labels and list titles.',
  helper: 'Helper text: countdowns, hints, "Didn\u2019t get it?".',
  error: 'Every error or warning message.',
  'field-error': 'The error under a field (also part "error").',
  banner: 'The warning banner on Main.',
  logo: 'The logo image.',
  input: 'Every text input and select.',
  'email-input': 'The email field.',
  'phone-input': 'The phone number field.',
  'country-select': 'The country field (a searchable combobox).',
  'country-listbox': 'The country list under the country field.',
  'otp-input': 'The passcode field.',
  'password-input': 'The password field.',
  'passkey-name-input': 'The passkey rename field.',
  button: 'Every button and button-styled link.',
  'primary-button': 'Primary (submit) buttons.',
  'secondary-button': 'Secondary buttons (mailbox links, passkey buttons, Skip).',
  'link-button': 'Text buttons that look like links.',
  'back-button': 'The back arrow.',
  'forgot-button': '"Forgot password?".',
  'switch-mode-button': 'With enumeration protection: "New here? Create an account" / "Already have an account? Log in".',
  'resend-button': 'The passcode and email resend buttons.',
  'resend-error': 'Why a resend failed, under the resend button.',
  'try-again-button': '"Try again" on the email confirmation screen.',
  'password-toggle': 'The show / hide password button.',
  'passkey-button': '"Login with a Passkey" and the passkey creation button.',
  'wallet-button': 'The crypto wallet buttons ("Continue with {wallet}", "Continue with other Crypto Wallet").',
  'wallet-install-link': 'The "Get {wallet}" link on the wallet setup screen.',
  'mailbox-link': 'The "Open Gmail / Yahoo / Outlook" links.',
  'mailbox-gmail': 'The "Open Gmail" link.',
  'mailbox-yahoo': 'The "Open Yahoo" link.',
  'mailbox-outlook': 'The "Open Outlook" link.',
  tablist: 'The Email / Text / WhatsApp tab row.',
  tab: 'Each tab.',
  'tab-selected': 'The selected tab.',
  divider: 'The "or" divider between method groups.',
  progress: 'The "Verifying passcode..." bar.',
  'strength-meter': 'The password strength bar.',
  loading: 'A hidden marker present while a Main form is sending (the spinner is inside the pressed button).',
  toasts: 'The toast list.',
  toast: 'Each toast.',
  'toast-success': 'A success toast.',
  'toast-error': 'An error toast.',
  'toast-dismiss': 'The dismiss button of a toast.',
  watermark: 'The "Powered by" line.',
} as const satisfies Record<string, string>;

/** One part name. */
export type PartName = keyof typeof PARTS;
