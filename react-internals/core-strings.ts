/**
 * The shell's first-screen texts as plain data, apart from strings.ts (which assembles the table from
 * every method through methods.ts): the React-free first paint (elements/first-paint/) imports these
 * directly, so its first screen shows the very texts React will.
 */
/**
 * The shell's texts the first screens show: Main (docs/reference/elements/auth-login.md#main-screen "Main screen"), the configuration errors
 * shown in place of the form (docs/reference/config.md#configuration-errors), the watermark (docs/reference/elements/auth-login.md#screens). The first paint imports only these.
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
