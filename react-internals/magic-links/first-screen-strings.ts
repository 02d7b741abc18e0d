/**
 * The magic-link email form: the texts the React-free first paint shows (elements/first-paint/), kept
 * apart from the rest of MAGIC_LINK_STRINGS (strings.ts spreads them in) so the first screen's JS
 * carries only these.
 */
export const MAGIC_LINK_FIRST_SCREEN_STRINGS = {
  'magicLink.continue': 'Continue with email',
} as const satisfies Record<string, string>;
