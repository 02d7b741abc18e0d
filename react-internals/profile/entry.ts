/** The profile method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../sdk-core/oauth/providers.ts';
import type { UiMethodEntry } from '../method.ts';
import { PROFILE_SECTIONS, resolveSections } from './sections.ts';
import type { ProfileTypes } from './state.ts';

/** The profile method's entry: `<auth-user-profile>`'s one screen; no product, no sign-in. */
export const profileEntry: UiMethodEntry<ProfileTypes> = {
  name: 'profile',
  // Sensitive changes go through re-verification (issue 29): the prompt is the two-step method's; the
  // password section's field, strength meter and breach check are the password method's.
  uses: ['mfa', 'passwords'],
  products: [],
  options: {},
  resolve: (raw) => ({
    profileSections: resolveSections(raw['sections']),
    profileOAuthProviders: Array.isArray(raw['oauthProviders'])
      ? [...new Set(raw['oauthProviders'].filter((p): p is OAuthProvider => OAUTH_PROVIDERS.includes(p as OAuthProvider)))]
      : [],
  }),
  elementConfig: { sections: { oneOf: PROFILE_SECTIONS }, oauthProviders: { oneOf: OAUTH_PROVIDERS } },
  screenNames: ['UserProfile'],
  initialState: {},
  // The account page is not a sign-in: its own render event, no watermark.
  frame: { renderEvent: 'render_profile_screen', watermark: false },
  load: () => import('./index.ts').then((m) => m.profileMethod),
};
