/** The OAuth part of the login state machine (docs/reference/methods/oauth.md#screens, docs/reference/methods/oauth.md#rules): its success screen, its action, no state of its own. */
import type { WidgetState } from '../login/state.ts';
import type { OAuthOptions, ResolvedOAuthOptions } from './config.ts';
import type { OAuthEventData } from './events.ts';
import type { OAUTH_STRINGS } from './strings.ts';

/** What happens with OAuth in the widget. */
export type OAuthAction = { type: 'oauth_authenticated' };

/** The types the OAuth method declares (method.ts). */
export interface OAuthTypes {
  screen: 'OAuthConfirmation';
  action: OAuthAction;
  product: 'oauth';
  strings: typeof OAUTH_STRINGS;
  events: OAuthEventData;
  state: Record<never, never>;
  options: { oauthOptions?: OAuthOptions };
  config: { oauth: ResolvedOAuthOptions };
}

/** The OAuth reducer steps. */
export function reduceOAuth(state: WidgetState, action: OAuthAction): WidgetState {
  switch (action.type) {
    case 'oauth_authenticated':
      // The redirect page redeemed the token: the generic success (docs/reference/elements/auth-login.md#generic-screens "Generic"), banner cleared.
      if (state.screen !== 'Main') return state;
      return { ...state, screen: 'OAuthConfirmation', errorDescriptor: null, completedFlows: state.completedFlows + 1 };
  }
}
