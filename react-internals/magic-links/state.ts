/** The magic-link part of the login state machine (docs/reference/methods/magic-links.md#rules "Magic link sent"): screen, actions, state, reducer steps. */
import type { WidgetState } from '../login/state.ts';
import type { EmailMagicLinksOptions, ResolvedEmailMagicLinksOptions } from './config.ts';
import type { MagicLinkEventData } from './events.ts';
import type { MAGIC_LINK_STRINGS } from './strings.ts';

/** docs/reference/elements/auth-login.md#states magicLinkState. */
export interface MagicLinkState {
  email: string;
}

/** What happens in the magic-link flow. */
export type MagicLinkAction = { type: 'magic_link_sent'; email: string } | { type: 'magic_link_try_again' };

/** The types the magic-link method declares (method.ts). */
export interface MagicLinkTypes {
  screen: 'EmailConfirmation';
  action: MagicLinkAction;
  product: 'emailMagicLinks';
  strings: typeof MAGIC_LINK_STRINGS;
  events: MagicLinkEventData;
  state: { magicLinkState: MagicLinkState };
  options: { emailMagicLinksOptions?: EmailMagicLinksOptions };
  config: { emailMagicLinks: ResolvedEmailMagicLinksOptions };
}

/** The magic-link reducer steps. */
export function reduceMagicLink(state: WidgetState, action: MagicLinkAction): WidgetState {
  switch (action.type) {
    case 'magic_link_sent':
      // docs/reference/methods/magic-links.md#rules: "Magic link sent: EmailConfirmation".
      return { ...state, screen: 'EmailConfirmation', magicLinkState: { email: action.email }, errorDescriptor: null };
    case 'magic_link_try_again':
      // docs/reference/methods/magic-links.md#screens: 'Try again' clears the email and returns to Main (on the tab it was sent from).
      // The state forgets the address; the form shows the one the user typed to correct it
      // (issue 17 defect 8: re-typing a whole address to fix one letter was the complaint).
      if (state.screen !== 'EmailConfirmation') return state;
      return { ...state, screen: 'Main', magicLinkState: { email: '' } };
  }
}
