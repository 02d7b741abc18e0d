/**
 * The identity-provider part of the widget state machine (docs/reference/elements/auth-idp-consent.md#screens IDPConsent). The screen has no
 * widget-level actions: its authorize and logout states (docs/reference/elements/auth-idp-consent.md#states "Consent authorize state") are the
 * screen's own (flow.ts), as nothing else in the widget moves it.
 */
import type { WidgetState } from '../login/state.ts';
import type { IdpEventData } from './events.ts';
import type { IDP_STRINGS } from './strings.ts';

/** The identity-provider screen. */
export type IdpScreenName = 'IDPConsent';

/** The types the identity-provider method declares (method.ts). */
export interface IdpTypes {
  screen: IdpScreenName;
  action: never;
  product: never;
  strings: typeof IDP_STRINGS;
  events: IdpEventData;
  state: Record<never, never>;
  options: Record<never, never>;
  config: Record<never, never>;
}

/** No actions of its own: the state is returned as it is. */
export function reduceIdp(state: WidgetState, _action: never): WidgetState {
  return state;
}
