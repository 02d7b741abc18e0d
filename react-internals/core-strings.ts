/**
 * The shell's own texts as plain data, apart from strings.ts (which assembles the table from every
 * method through methods.ts): the React-free first paint (elements/first-paint/) imports these
 * directly, so its first screen shows the very texts React will.
 */
/**
 * The shell's texts the first screens show: Main (SPEC §2 "Main screen"), the configuration errors
 * shown in place of the form (SPEC §1), the watermark (SPEC §2). The first paint imports only these.
 */
export const FIRST_SCREEN_SHELL_STRINGS = {
  'main.header': 'Sign up or log in',
  'main.logoAlt': 'Logo',
  'email.label': 'Email',
  'email.placeholder': 'example@email.com',
  'button.continue': 'Continue',
  'main.tabsLabel': 'Sign-in method',
  'main.tabEmail': 'Email',
  'main.tabText': 'Text',
  'main.tabWhatsApp': 'WhatsApp',
  'main.or': 'or',
  'main.loading': 'Loading...',
  'toast.dismiss': 'Dismiss',
  'config.passkeysAlone': 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  'config.emlAndOtp': 'Cannot use both EML and Email OTP.',
  'config.missingClient': 'Missing client: set the element\u2019s client property, or config.publicToken (and config.apiBaseUrl).',
  'watermark.poweredBy': 'Powered by',
  'watermark.provider': 'Stytch',
} as const satisfies Record<string, string>;

/** The texts of the widget shell and of what every method shares (without the error_type messages). Quoted SPEC texts are verbatim. */
export const SHELL_STRINGS = {
  // Main screen (SPEC §2 "Main screen"), configuration errors shown in place of the form (SPEC §1), watermark (SPEC §2)
  ...FIRST_SCREEN_SHELL_STRINGS,
  'button.back': 'Back',

  // Resend toasts: the email one is shared by the OTP and password resends.
  'toast.emailResent': 'Email resent',
  'toast.close': 'Dismiss',

  // Generic screens (SPEC §2 "Generic")
  'generic.successTitle': 'Success!',
  'generic.successText': 'You have successfully logged in.',
  'generic.errorTitle': 'Looks like there was an error!',

  // Error classes (SPEC §8)
  'error.unreachable': 'Unable to contact our servers.',
  'error.invalidJson': 'Invalid JSON response from our servers.',
  'error.noResponse': 'Invalid or no response from server',
  'error.invalidResponse': 'Invalid response from our servers.',
  'error.noSession': 'There is no session currently available. Make sure the user is authenticated with a valid session.',
  // Also shown for the server's pkce_mismatch (not in SPEC §8's list; its own text names PKCE internals).
  'error.pkceVerifierMissing': 'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.',
} as const satisfies Record<string, string>;
