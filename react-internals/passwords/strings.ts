/** The password texts (docs/reference/methods/passwords.md#screens "Password" and "Password screens"; docs/reference/methods/passwords.md#validation messages, verbatim). */
import { PASSWORD_FEEDBACK_STRINGS } from './feedback.ts';
import { PASSWORD_FIRST_SCREEN_STRINGS } from './first-screen-strings.ts';

/** Default English texts of the password forms and screens. */
export const PASSWORD_STRINGS = {
  ...PASSWORD_FIRST_SCREEN_STRINGS,
  // zxcvbn's feedback by its id (feedback.ts).
  ...PASSWORD_FEEDBACK_STRINGS,
  'password.emailInvalid': 'Email format is invalid.',
  'password.createTitle': 'Create an account',
  'password.loginTitle': 'Log in',
  'password.label': 'Password',
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
  'password.requirementMet': '(done)',
  'password.requirementUnmet': '(not yet)',
  'password.breached': 'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.forgotTitle': 'Check your email',
  'password.forgotText': 'A link to reset your password was sent to you at {email}.',
  'password.breachedTitle': 'Reset your password',
  'password.breachedText': 'To keep your account safe, a link to set a new password was sent to you at {email}.',
  'password.dedupeTitle': 'Check your email',
  'password.dedupeText': 'To keep your account secure, please confirm it is you: a link to set a password was sent to you at {email}.',
  'password.setNewTitle': 'Check your email to set a password',
  'password.setNewText': 'Your account has no password yet. A link to set one was sent to you at {email}.',
  'password.resendPrompt': 'Didn\u2019t get it?',
  'password.resend': 'Resend email',
  'password.resendSending': 'Sending...',
  'password.successTitle': 'Success!',
  'password.successText': 'You have successfully logged in.',
  // Announced once when the password typed becomes acceptable (StrengthFeedback's status line).
  'password.acceptable': 'This password is strong enough.',
} as const satisfies Record<string, string>;
