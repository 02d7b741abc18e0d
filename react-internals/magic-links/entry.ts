/** The email magic links method's entry (method.ts `UiMethodEntry`): what the widget reads before it loads the rest (index.ts, its own chunk). */
import type { UiMethodEntry } from '../method.ts';
import { EMAIL_MAGIC_LINKS_OPTIONS_SHAPE, resolveEmailMagicLinksOptions } from './config.ts';
import type { MagicLinkTypes } from './state.ts';

/** The email magic links method's entry. */
export const magicLinksEntry: UiMethodEntry<MagicLinkTypes> = {
  name: 'magic-links',
  products: ['emailMagicLinks'],
  options: { emailMagicLinksOptions: EMAIL_MAGIC_LINKS_OPTIONS_SHAPE },
  resolve: (raw) => ({ emailMagicLinks: resolveEmailMagicLinksOptions(raw['emailMagicLinksOptions']) }),
  screenNames: ['EmailConfirmation'],
  initialState: { magicLinkState: { email: '' } },
  load: () => import('./index.ts').then((m) => m.magicLinksMethod),
};
