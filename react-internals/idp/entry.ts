/** The identity provider method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import type { IdpTypes } from './state.ts';

/** The identity provider method's entry. */
export const idpEntry: UiMethodEntry<IdpTypes> = {
  name: 'idp',
  products: [],
  options: {},
  resolve: () => ({}),
  screenNames: ['IDPConsent'],
  initialState: {},
  // The consent screen is the provider's page, not a sign-in: its own render event, no watermark.
  frame: { renderEvent: 'render_idp_screen', watermark: false },
  load: () => import('./index.ts').then((m) => m.idpMethod),
};
