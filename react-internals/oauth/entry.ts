/** The OAuth method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import { OAUTH_OPTIONS_SHAPE, oauthOffersNothing, resolveOAuthOptions } from './config.ts';
import type { OAuthTypes } from './state.ts';

/** The OAuth method's entry. */
export const oauthEntry: UiMethodEntry<OAuthTypes> = {
  name: 'oauth',
  products: ['oauth'],
  options: { oauthOptions: OAUTH_OPTIONS_SHAPE },
  resolve: (raw) => ({ oauth: resolveOAuthOptions(raw['oauthOptions']) }),
  offersNothing: (raw) => oauthOffersNothing(raw),
  screenNames: ['OAuthConfirmation'],
  initialState: {},
  load: () => import('./index.ts').then((m) => m.oauthMethod),
};
