/**
 * The email magic-link method (docs/reference/methods/magic-links.md#screens "Email", magic-link variant): the Email tab's form and the
 * EmailConfirmation screen.
 */
import { MAGIC_LINK_EVENTS } from './events.ts';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { EmailConfirmation } from './lazy.ts';
import { type MagicLinkTypes, reduceMagicLink } from './state.ts';
import { MAGIC_LINK_STRINGS } from './strings.ts';

export { startEmailMagicLink } from './send.ts';

// Main's email form is a chunk of its own (docs/reference/house-style.md#bundle-size), declared here rather than in lazy.ts: the form
// imports send.ts, which imports lazy.ts, and a loader there would close an import cycle.
const EmailMagicLinkForm = lazyScreen(
  () => import('./EmailMagicLinkForm.tsx'),
  (m) => m.EmailMagicLinkForm,
);

/** The magic-link method's UI. */
export const magicLinksMethod: UiMethod<MagicLinkTypes> = {
  screens: { EmailConfirmation },
  actions: { magic_link_sent: true, magic_link_try_again: true },
  reduce: reduceMagicLink,
  strings: MAGIC_LINK_STRINGS,
  events: MAGIC_LINK_EVENTS,
  forms: [
    {
      tab: 'email',
      variant: 'magicLink',
      rank: 1,
      when: (c) => c.products.includes('emailMagicLinks'),
      Form: EmailMagicLinkForm,
      // The form and its next step, EmailConfirmation.
      preload: async () => {
        await Promise.all([EmailMagicLinkForm.preload(), EmailConfirmation.preload()]);
      },
    },
  ],
};
