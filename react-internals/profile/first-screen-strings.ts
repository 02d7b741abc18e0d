/**
 * The profile's loading state: the texts the React-free first paint shows (elements/first-paint/), kept
 * apart from the rest of PROFILE_STRINGS (strings.ts spreads them in) so the first screen's JS carries only these.
 */
export const PROFILE_FIRST_SCREEN_STRINGS = {
  'profile.title': 'Account',
  'profile.loading': 'Loading your account...',
  'profile.section.profile': 'Profile',
  'profile.section.emails': 'Email addresses',
  'profile.section.phones': 'Phone numbers',
  'profile.section.password': 'Password',
  'profile.section.passkeys': 'Passkeys',
  'profile.section.authenticatorApp': 'Authenticator app',
  'profile.section.linkedAccounts': 'Linked accounts',
  'profile.section.wallets': 'Crypto wallets',
  'profile.section.connectedApps': 'Connected apps',
  'profile.section.sessions': 'Sessions and devices',
  'profile.section.deleteAccount': 'Delete account',
} as const satisfies Record<string, string>;
