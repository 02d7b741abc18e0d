/** The two-step sign-in texts (issue 29, docs/reference/elements/auth-login.md#two-step-sign-in): the second step, enrolment and re-verification. */

/** Default English texts of the second-step screens. */
export const MFA_STRINGS = {
  // The chooser of the user's second factors
  'mfa.chooserTitle': 'Verify it\u2019s you',
  'mfa.chooserText': 'Choose how to finish signing in.',
  'mfa.factorsLabel': 'Second step',
  'mfa.useTotp': 'Authenticator app',
  'mfa.useSms': 'Text message to {phone}',
  'mfa.useSmsNoHint': 'Text message',
  'mfa.usePasskey': 'Passkey',
  'mfa.useRecoveryCode': 'Recovery code',
  'mfa.otherMethod': 'Use another method',
  // Codes (authenticator app, text message)
  'mfa.totpTitle': 'Enter your authenticator code',
  'mfa.totpText': 'Open your authenticator app and enter the 6-digit code it shows for this account.',
  'mfa.codeLabel': 'Verification code',
  'mfa.autoSubmitHint': 'Your code is checked as soon as all {length} digits are entered.',
  'mfa.verifying': 'Verifying\u2026',
  'mfa.smsTitle': 'Verify by text message',
  'mfa.smsWillSend': 'We will text a 6-digit code to {phone}.',
  'mfa.smsSent': 'A 6-digit code was sent to {phone}.',
  'mfa.smsYourPhone': 'your phone',
  'mfa.smsSend': 'Send code',
  'mfa.resend': 'Resend code',
  'mfa.codeSent': 'Code sent',
  // Passkey
  'mfa.passkeyTitle': 'Use your passkey',
  'mfa.passkeyText': 'Confirm it\u2019s you with a passkey saved for this account.',
  'mfa.passkeyButton': 'Continue with passkey',
  'mfa.passkeyFailed': 'The passkey request was cancelled or did not work. Try again.',
  // Recovery code
  'mfa.recoveryTitle': 'Enter a recovery code',
  'mfa.recoveryText': 'Use one of the recovery codes you saved when you set up your authenticator app. Each code works once.',
  'mfa.recoveryLabel': 'Recovery code',
  'mfa.recoveryInvalid': 'Enter a recovery code.',
  // Trust this device
  'mfa.trustDevice': 'Trust this device for {count} days',
  // Enrolment (required policy)
  'mfa.enrolTitle': 'Set up an authenticator app',
  'mfa.enrolText': 'Your account needs a second step. Scan this QR code with an authenticator app, then enter the 6-digit code it shows.',
  'mfa.qrAlt': 'QR code that adds this account to an authenticator app',
  'mfa.manualKey': 'Can\u2019t scan it? Enter this key in the app:',
  'mfa.loading': 'Loading\u2026',
  'mfa.recoveryCodesTitle': 'Save your recovery codes',
  'mfa.recoveryCodesText': 'If you lose your authenticator app, each of these codes signs you in once. Keep them somewhere safe.',
  'mfa.recoveryCodesLabel': 'Your recovery codes',
  'mfa.copyCodes': 'Copy codes',
  'mfa.downloadCodes': 'Download (.txt)',
  'mfa.copied': 'Copied',
  // Errors and the end
  'mfa.expired': 'This sign-in has expired. Please start again.',
  'mfa.startAgain': 'Start again',
  'mfa.successTitle': 'Success!',
  'mfa.successText': 'You are signed in.',
  // Re-verification before a sensitive change
  'reverify.title': 'Confirm it\u2019s you',
  'reverify.text': 'For your security, verify again before this change.',
  'reverify.cancel': 'Cancel',
} as const satisfies Record<string, string>;
