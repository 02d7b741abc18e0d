/** The oauth method's factors (server/method.ts MethodFactor): the user's OAuth registrations. */
import type { MethodFactor } from '../method.ts';
import { ownRowFactor } from '../own-row-factor.ts';

/** An OAuth registration, removed by `DELETE /sdk/v1/users/oauth/:id`. */
export const OAUTH_FACTORS: readonly MethodFactor[] = [
  // A linked provider account always signs in (docs/reference/methods/users.md#rules).
  {
    ...ownRowFactor('oauth', 'oauth_user_registration_not_found', 'oauth_user_registrations', 'oauth_user_registration_id', 'oauth'),
    waysIn: (_svc, user) => user.providers.length,
  },
];
