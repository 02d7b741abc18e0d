/**
 * The one English table of every user-facing text (DESIGN §4 "Strings"). Components never hold
 * literal text: they look a key up here, so hosts can translate or reword any of it through the
 * `strings` prop (a partial object of the same keys).
 */

/** Default English texts, keyed by a stable id. Quoted SPEC texts are verbatim. */
export const DEFAULT_STRINGS = {
  // Main screen (SPEC §2 "Main screen")
  'main.header': 'Sign up or log in',
  'main.logoAlt': 'Logo',
  'email.label': 'Email',
  'email.placeholder': 'example@email.com',
  'email.invalid': 'Invalid email address.',
  'button.continue': 'Continue',
  'button.back': 'Back',
  'main.tabsLabel': 'Sign-in method',
  'main.tabEmail': 'Email',
  'main.tabText': 'Text',
  'main.tabWhatsApp': 'WhatsApp',
  'main.or': 'or',
  'main.loading': 'Loading...',

  // Email magic links (SPEC §2 "Email", magic-link variant; SPEC §5 message)
  'magicLink.continue': 'Continue with email',
  'magicLink.invalidEmail': 'Email format is invalid.',
  'magicLink.confirmTitle': 'Check your email',
  'magicLink.confirmText': 'An email was sent to {email}',
  'magicLink.openGmail': 'Open Gmail',
  'magicLink.openYahoo': 'Open Yahoo',
  'magicLink.openOutlook': 'Open Outlook',
  'magicLink.newTab': '(opens in a new tab)',
  'magicLink.didntGet': 'Didn\u2019t get it?',
  'magicLink.tryAgain': 'Try again',

  // Text and WhatsApp (SPEC §2 "Text and WhatsApp"; SPEC §5 message)
  'phone.countryLabel': 'Country',
  'phone.countryOption': '+{dialCode} {region}',
  'phone.label': 'Phone number',
  'phone.placeholder': '(123) 456-7890',
  'phone.invalid': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // Configuration errors shown in place of the form (SPEC §1)
  'config.passkeysAlone': 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  'config.emlAndOtp': 'Cannot use both EML and Email OTP.',
  'config.missingClient':
    'Missing client: set the element\u2019s client property, or config.publicToken (and config.apiBaseUrl).',

  // OTP (SPEC §2 "OTP")
  'otp.title': 'Enter passcode',
  'otp.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'otp.inputLabel': 'One-time passcode',
  'otp.verifying': 'Verifying passcode...',
  'otp.expiresIn': 'Your code expires in {time}.',
  'otp.expired': 'Your code has expired.',
  'otp.resendPrompt': 'Didn\u2019t get it?',
  'otp.resend': 'Resend code',
  'otp.resendSending': 'Sending...',
  'otp.codeSent': 'Code sent',
  'otp.successTitle': 'Success!',
  'otp.successText': 'Your passcode has been successfully verified.',
  'toast.emailResent': 'Email resent',
  'toast.smsResent': 'Text message resent',
  'toast.whatsappResent': 'WhatsApp message resent',
  'toast.close': 'Dismiss',

  // Generic screens (SPEC §2 "Generic")
  'generic.successTitle': 'Success!',
  'generic.successText': 'You have successfully logged in.',
  'generic.errorTitle': 'Looks like there was an error!',

  // Passwords (SPEC §2 "Password" and "Password screens"; SPEC §5 messages, verbatim)
  'password.emailInvalid': 'Email format is invalid.',
  'password.createTitle': 'Create an account',
  'password.loginTitle': 'Log in',
  'password.emailLabel': 'Email',
  'password.label': 'Password',
  'password.newLabel': 'New password',
  'password.show': 'Show password',
  'password.forgot': 'Forgot password?',
  // Projects with enumeration protection: the lookup cannot say whether the address has an account.
  'password.switchToCreate': 'New here? Create an account',
  'password.switchToLogin': 'Already have an account? Log in',
  'password.loading': 'Loading...',
  'password.strength': 'Password strength',
  'password.score0': 'Very weak',
  'password.score1': 'Weak',
  'password.score2': 'Fair',
  'password.score3': 'Strong',
  'password.score4': 'Very strong',
  'password.ludsLength': 'Must be at least {count} characters long',
  'password.ludsComplexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.requirementMet': '(done)',
  'password.requirementUnmet': '(not yet)',
  'password.breached':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.forgotTitle': 'Check your email',
  'password.forgotText': 'A link to reset your password was sent to you at {email}.',
  'password.breachedTitle': 'Reset your password',
  'password.breachedText': 'To keep your account safe, a link to set a new password was sent to you at {email}.',
  'password.dedupeTitle': 'Check your email',
  'password.dedupeText':
    'To keep your account secure, please confirm it is you: a link to set a password was sent to you at {email}.',
  'password.setNewTitle': 'Check your email to set a password',
  'password.setNewText': 'Your account has no password yet. A link to set one was sent to you at {email}.',
  'password.resendPrompt': 'Didn\u2019t get it?',
  'password.resend': 'Resend email',
  'password.resendSending': 'Sending...',
  'password.successTitle': 'Success!',
  'password.successText': 'You have successfully logged in.',
  'password.resetTitle': 'Set a new password',
  'password.resetLoggingIn': 'Logging you in...',

  // A sign-in link opened in a browser without the PKCE verifier of its flow (issue 10): one click
  // first, so a mail scanner that merely opens the link does not sign in; or, in a project that
  // requires PKCE, the link only works where it was requested.
  // (The second case's text is 'error.pkceVerifierMissing'.)
  'magicLink.finishTitle': 'Finish signing in',
  'magicLink.finishText': 'This finishes signing in to {projectName} in this browser.',
  'magicLink.finishTextNoName': 'This finishes signing in in this browser.',
  'magicLink.finishButton': 'Continue signing in',

  // Watermark (SPEC §2)
  'watermark.poweredBy': 'Powered by',
  'watermark.provider': 'Stytch',

  // Error classes (SPEC §8)
  'error.unreachable': 'Unable to contact our servers.',
  'error.invalidJson': 'Invalid JSON response from our servers.',
  'error.noResponse': 'Invalid or no response from server',
  'error.invalidResponse': 'Invalid response from our servers.',
  'error.noSession':
    'There is no session currently available. Make sure the user is authenticated with a valid session.',
  // Also shown for the server's pkce_mismatch (not in SPEC §8's list; its own text names PKCE internals).
  'error.pkceVerifierMissing':
    'This link only works in the browser where it was requested. Open it there, or request a new link in this browser.',

  // Messages by error_type (SPEC §8); unknown types show the server's error_message instead.
  'errorType.invalid_email': 'Email format is invalid.',
  'errorType.invalid_phone_number':
    'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'errorType.unsubscribed_phone_number':
    "Phone number is unsubscribed. User has unsubscribed. Resubscribe by texting 'START' before messages can be sent.",
  'errorType.inactive_email':
    'The email address is marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'errorType.unauthorized_credentials': 'Unauthorized credentials.',
  'errorType.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'errorType.email_not_found': 'Email not found.',
  'errorType.unable_to_auth_magic_link':
    'The magic link could not be authenticated because it was either already used or expired. Please try again.',
  'errorType.no_user_password': 'Password not found for this user. Please try again.',
  'errorType.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'errorType.reset_password': 'Password must be reset.',
  'errorType.oauth_token_not_found': 'OAuth Token could not be found.',
  'errorType.invalid_code': 'Code format is invalid, please try again.',
  'errorType.member_password_not_found': 'Member password not found.',
  'errorType.oauth_flow_callback_error':
    'An error was encountered in the callback of the OAuth flow. Please try again.',
  'errorType.unauthorized_action': 'Unauthorized action.',
  'errorType.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'errorType.invalid_session_token': 'Invalid session token.',
  'errorType.session_not_found': 'Session not found.',
  'errorType.invalid_phone_number_country_code':
    "The phone number's country code is invalid, unsupported, or disabled.",
  'errorType.otp_code_not_found': 'Invalid passcode, please try again.',
  'errorType.duplicate_member_phone_number':
    'A member with the specified phone number already exists for this organization.',

  // Passkeys (SPEC §2 "Passkeys", §8 passkey texts)
  'passkey.loginButton': 'Login with a Passkey',
  'passkey.authenticating': 'Waiting for your Passkey...',
  'passkey.confirmationTitle': 'Success!',
  'passkey.confirmationText': 'Your Passkey has been successfully authenticated.',
  'passkey.errorUnknown': 'Unknown error occurred during passkey authentication. Please try again.',
  'passkey.errorRegistrationNotFound':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  'passkey.errorDuplicate':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkey.errorNotCreated':
    'Your Passkey was not created. Click "Create a Passkey" to try again or skip without adding a Passkey.',
  'passkeyRegistration.unauthenticated':
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'passkeyRegistration.startTitle': 'Set up a new Passkey',
  'passkeyRegistration.startText':
    'Passkeys are the easiest and most secure way to sign in: use your fingerprint, face or screen lock instead of a password.',
  'passkeyRegistration.create': 'Create a Passkey',
  'passkeyRegistration.creating': 'Creating your Passkey...',
  'passkeyRegistration.skip': 'Skip',
  'passkeyRegistration.successTitle': 'Passkey successfully created!',
  'passkeyRegistration.existing': 'Existing Passkeys',
  'passkeyRegistration.none': 'You have no Passkeys yet.',
  'passkeyRegistration.rename': 'Rename',
  'passkeyRegistration.renameLabel': 'Rename {name}',
  'passkeyRegistration.nameLabel': 'Passkey name',
  'passkeyRegistration.save': 'Save',
  'passkeyRegistration.delete': 'Delete',
  'passkeyRegistration.deleteLabel': 'Delete {name}',
  'passkeyRegistration.deleteWarning': 'Once deleted, the passkey cannot be restored.',
  'passkeyRegistration.cancel': 'Cancel',
  'passkeyRegistration.deleted': 'Passkey deleted',
  'passkeyRegistration.setUpAnother': 'Set up another Passkey',
  'passkeyRegistration.done': 'Done',
} as const satisfies Record<string, string>;

/** Id of one user-facing text. */
export type StringKey = keyof typeof DEFAULT_STRINGS;

/** A complete table of texts, one per key. */
export type Strings = { readonly [K in StringKey]: string };

/** What a host passes as the `strings` prop: any subset of keys, each a replacement text. */
export type StringOverrides = Partial<Record<StringKey, string>>;

/** Merges host overrides onto the defaults, ignoring unknown keys and non-string values. */
export function resolveStrings(overrides?: unknown): Strings {
  if (typeof overrides !== 'object' || overrides === null) return DEFAULT_STRINGS;
  const merged: Record<string, string> = { ...DEFAULT_STRINGS };
  for (const [key, value] of Object.entries(overrides)) {
    // Only known keys: a typo in a host's table should not silently add dead entries.
    if (Object.hasOwn(DEFAULT_STRINGS, key) && typeof value === 'string') merged[key] = value;
  }
  return merged as Strings;
}

/** What is wrong with a host's `strings`: unknown keys and non-text values, each naming the key. */
export function checkStringOverrides(overrides: unknown): { field: string; message: string }[] {
  if (typeof overrides !== 'object' || overrides === null) return [];
  const issues: { field: string; message: string }[] = [];
  for (const [key, value] of Object.entries(overrides)) {
    const field = `strings[${JSON.stringify(key)}]`;
    if (!Object.hasOwn(DEFAULT_STRINGS, key)) issues.push({ field, message: `${field} is not a text of the widget; it is ignored (the keys are listed in DEFAULT_STRINGS)` });
    else if (typeof value !== 'string') issues.push({ field, message: `${field} must be a string; the default text is used` });
  }
  return issues;
}

/** Replaces each `{name}` in `template` with `vars[name]`; unknown placeholders stay as written. */
export function interpolate(template: string, vars: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** Looks `key` up in `strings` and interpolates `vars` into it. */
export function text(strings: Strings, key: StringKey, vars?: Readonly<Record<string, string | number>>): string {
  return interpolate(strings[key], vars);
}

/** True when `key` names a text of the table (used to map server error types to keys). */
export function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(DEFAULT_STRINGS, key);
}
