/**
 * The texts of the profile's first paint, its title, loading line and section titles (strings.ts spreads them
 * in): apart, so the first paint's lazy part (elements/first-paint/extras.ts) draws them without the rest of the
 * profile's texts, and `<auth-login>`'s first load carries none of them.
 */
export const PROFILE_SECTION_STRINGS = {
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
