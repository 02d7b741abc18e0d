/**
 * The profile method (docs/reference/elements/user-profile.md#screens): `<auth-user-profile>`'s UserProfile
 * screen and its sections, loaded lazily so `<auth-login>` never ships them (docs/reference/house-style.md#bundle-size).
 */
import { lazyScreen } from '../lazy.tsx';
import type { UiMethod } from '../method.ts';
import { PROFILE_EVENTS } from './events.ts';
import { type ProfileTypes, reduceProfile } from './state.ts';
import { PROFILE_STRINGS } from './strings.ts';

/** The profile method's UI. */
export const profileMethod: UiMethod<ProfileTypes> = {
  screens: {
    UserProfile: lazyScreen(
      () => import('./UserProfile.tsx'),
      (m) => m.UserProfile,
      { loading: 'profile.loading' },
    ),
  },
  actions: {},
  reduce: reduceProfile,
  strings: PROFILE_STRINGS,
  events: PROFILE_EVENTS,
};
