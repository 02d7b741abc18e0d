/**
 * The email magic-link method (SPEC §2 "Email", magic-link variant): the Email tab's form and the
 * EmailConfirmation screen.
 */
import type { UiMethod } from '../method.ts';
import { EMAIL_MAGIC_LINKS_OPTIONS_SHAPE, resolveEmailMagicLinksOptions } from './config.ts';
import { EmailMagicLinkForm } from './EmailMagicLinkForm.tsx';
import { MAGIC_LINK_EVENTS } from './events.ts';
import { EmailConfirmation } from './lazy.ts';
import { type MagicLinkTypes, reduceMagicLink } from './state.ts';
import { MAGIC_LINK_STRINGS } from './strings.ts';

export { startEmailMagicLink } from './send.ts';

/** The magic-link method's UI. */
export const magicLinksMethod: UiMethod<MagicLinkTypes> = {
  name: 'magic-links',
  products: ['emailMagicLinks'],
  options: { emailMagicLinksOptions: EMAIL_MAGIC_LINKS_OPTIONS_SHAPE },
  resolve: (raw) => ({ emailMagicLinks: resolveEmailMagicLinksOptions(raw['emailMagicLinksOptions']) }),
  screens: { EmailConfirmation },
  actions: { magic_link_sent: true, magic_link_try_again: true },
  reduce: reduceMagicLink,
  initialState: { magicLinkState: { email: '' } },
  strings: MAGIC_LINK_STRINGS,
  events: MAGIC_LINK_EVENTS,
  forms: [
    {
      tab: 'email',
      variant: 'magicLink',
      rank: 1,
      when: (c) => c.products.includes('emailMagicLinks'),
      Form: EmailMagicLinkForm,
      preload: EmailConfirmation.preload,
    },
  ],
};
