/**
 * The password email form and the reset form: the texts the React-free first paint shows
 * (elements/first-paint/), kept apart from the rest of PASSWORD_STRINGS (strings.ts spreads them in)
 * so the first screen's JS carries only these.
 */
export const PASSWORD_FIRST_SCREEN_STRINGS = {
  'password.emailLabel': 'Email',
  'password.newLabel': 'New password',
  'password.show': 'Show password',
  'password.ludsLength': 'Must be at least {count} characters long',
  'password.ludsComplexity': 'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.resetTitle': 'Set a new password',
  'password.resetLoggingIn': 'Logging you in...',
} as const satisfies Record<string, string>;
