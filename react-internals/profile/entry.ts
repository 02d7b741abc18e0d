/** The profile method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import type { ProfileTypes } from './state.ts';

/** The profile method's entry: `<auth-user-profile>`'s one screen; no product, no sign-in. */
export const profileEntry: UiMethodEntry<ProfileTypes> = {
  name: 'profile',
  // Sensitive changes go through re-verification (issue 29): the prompt is the two-step method's; the
  // password section's field, strength meter and breach check are the password method's.
  uses: ['mfa', 'passwords'],
  products: [],
  options: {},
  // Its config keys (sections, providers) are the element's own: the screen reads them (sections.ts).
  resolve: () => ({}),
  screenNames: ['UserProfile'],
  initialState: {},
  // The account page is not a sign-in: its own render event, no watermark.
  frame: { renderEvent: 'render_profile_screen', watermark: false },
  load: () => import('./index.ts').then((m) => m.profileMethod),
};
