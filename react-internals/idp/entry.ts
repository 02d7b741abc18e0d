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
  load: () => import('./index.ts').then((m) => m.idpMethod),
};
