/**
 * The consent screen's loading state: the texts the React-free first paint shows (elements/first-
 * paint/), kept apart from the rest of IDP_STRINGS (strings.ts spreads them in) so the first screen's
 * JS carries only these.
 */
export const IDP_FIRST_SCREEN_STRINGS = {
  'idp.loading': 'Loading...',
} as const satisfies Record<string, string>;
