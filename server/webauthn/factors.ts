/** The webauthn method's factors (server/method.ts MethodFactor): the user's passkey registrations. */
import type { MethodFactor } from '../method.ts';
import { ownRowFactor } from '../own-row-factor.ts';

/** A passkey registration, removed by `DELETE /sdk/v1/users/webauthn_registrations/:id`. */
export const WEBAUTHN_FACTORS: readonly MethodFactor[] = [
  // A passkey always signs in (docs/reference/methods/users.md#rules).
  {
    ...ownRowFactor('webauthn_registrations', 'webauthn_registration_not_found', 'webauthn_registrations', 'webauthn_registration_id', 'passkey'),
    waysIn: (_svc, user) => user.webauthn_registrations.length,
  },
];
