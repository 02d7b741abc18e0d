/**
 * The OAuth method (docs/reference/elements/auth-login.md#main-screen "Main screen" OAuth buttons and Google One Tap; sdk-core's and the
 * server's `oauth`): Main's provider row and the redirect page's token redemption, then
 * OAuthConfirmation. The row is its own chunk, so a login configured without 'oauth' never loads it
 * (docs/reference/house-style.md#bundle-size); One Tap is a further chunk inside it.
 */
import { OAUTH_EVENTS } from './events.ts';
import { successScreen } from '../components/SuccessScreen.tsx';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { type OAuthTypes, reduceOAuth } from './state.ts';
import { OAUTH_STRINGS } from './strings.ts';

const loadRow = () => import('./OAuthButtons.tsx');
const OAuthButtons = lazyScreen(loadRow, (m) => m.OAuthButtons);

/** The OAuth method's UI. */
export const oauthMethod: UiMethod<OAuthTypes> = {
  screens: { OAuthConfirmation: successScreen('oauth.confirmationTitle', 'oauth.confirmationText') },
  actions: { oauth_authenticated: true },
  reduce: reduceOAuth,
  strings: OAUTH_STRINGS,
  events: OAUTH_EVENTS,
  // docs/reference/elements/auth-login.md#main-screen: the OAuth buttons come before the 'or' divider and the form (after the passkey button).
  main: {
    order: 1,
    when: (c) => c.products.includes('oauth') && c.oauth.providers.length > 0,
    Group: OAuthButtons,
    // The row, and One Tap's chunk when a provider shows it in the row (its next step is the provider's page).
    preload: async (config) => {
      const [row] = await Promise.all([loadRow(), OAuthButtons.preload()]);
      await row.preloadOneTap(config);
    },
  },
};
