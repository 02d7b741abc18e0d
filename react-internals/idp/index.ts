/**
 * The identity-provider method (docs/reference/elements/auth-idp-consent.md#screens "Identity-provider screen"; sdk-core's `idp`, the server's
 * authorization server): `<auth-idp-consent>`'s IDPConsent screen, loaded lazily so `<auth-login>`
 * never ships it (docs/reference/house-style.md#bundle-size).
 */
import { IDP_EVENTS } from './events.ts';
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { type IdpTypes, reduceIdp } from './state.ts';
import { IDP_STRINGS } from './strings.ts';

/** The identity-provider method's UI. */
export const idpMethod: UiMethod<IdpTypes> = {
  screens: {
    IDPConsent: lazyScreen(
      () => import('./screens.tsx'),
      (m) => m.IDPConsentScreen,
      { loading: 'idp.loading' },
    ),
  },
  actions: {},
  reduce: reduceIdp,
  strings: IDP_STRINGS,
  events: IDP_EVENTS,
};
