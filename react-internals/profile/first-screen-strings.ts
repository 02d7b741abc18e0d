/**
 * The profile's loading state: the texts the React-free first paint shows (elements/first-paint/), kept
 * apart from the rest of PROFILE_STRINGS (strings.ts spreads them in) so the first screen's JS carries only these.
 * The section titles it shows under them come with the first paint's lazy part (section-strings.ts).
 */
export const PROFILE_FIRST_SCREEN_STRINGS = {
  'profile.title': 'Account',
  'profile.loading': 'Loading your account...',
} as const satisfies Record<string, string>;
