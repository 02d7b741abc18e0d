/**
 * The profile part of the widget state machine (docs/reference/elements/user-profile.md#screens UserProfile).
 * Each section keeps its own state (what is being edited, a pending removal): nothing else in the
 * widget moves it, so the method has no actions.
 */
import type { WidgetState } from '../login/state.ts';
import type { OAuthProvider } from '../../sdk-core/oauth/providers.ts';
import type { ProfileEventData } from './events.ts';
import type { ProfileSection } from './sections.ts';
import type { PROFILE_STRINGS } from './strings.ts';

/** The profile screen. */
export type ProfileScreenName = 'UserProfile';

/** The element's own config keys (docs/reference/elements/user-profile.md#config). */
export interface ProfileOptions {
  /** The sections to show, in this order (default: all, in the documented order). */
  sections?: ProfileSection[];
  /** The OAuth providers the linked-accounts section offers (default: none). */
  oauthProviders?: OAuthProvider[];
}

/** The types the profile method declares (method.ts). */
export interface ProfileTypes {
  screen: ProfileScreenName;
  action: never;
  product: never;
  strings: typeof PROFILE_STRINGS;
  events: ProfileEventData;
  state: Record<never, never>;
  options: Record<never, never>;
  config: Record<never, never>;
}

/** No actions of its own: the state is returned as it is. */
export function reduceProfile(state: WidgetState, _action: never): WidgetState {
  return state;
}
