/**
 * `<auth-user-profile>`: a signed-in user's account page (docs/reference/elements/user-profile.md#screens): the
 * login widget's shell started on UserProfile; the profile's sections load lazily when it renders (their own
 * chunk, never in `<auth-login>`'s JS). Made from its row of the table (definitions.ts); importing this
 * module defines a class and nothing else.
 * @example
 * const el = document.createElement('auth-user-profile');
 * el.client = client; // signed in
 * el.config = { sections: ['profile', 'emails', 'passkeys', 'sessions'] };
 * el.addEventListener('auth-event', (e) => e.detail.type === 'ACCOUNT_DELETED' && location.assign('/'));
 * document.body.append(el);
 */
import type { LoginConfig } from '../react-internals/config.ts';
import type { ProfileOptions } from '../react-internals/profile/state.ts';
import { USER_PROFILE_DEFINITION } from './definitions.ts';
import { type AuthElement, createAuthElement } from './element.ts';

export type { ProfileSection } from '../react-internals/profile/sections.ts';

/** Config of `<auth-user-profile>`: the client and session settings, the language, and the sections to show. */
export type UserProfileConfig = Pick<LoginConfig, 'publicToken' | 'apiBaseUrl' | 'sessionOptions' | 'enableShadowDOM' | 'headingLevel' | 'lang' | 'locale'> &
  ProfileOptions;

/** The `<auth-user-profile>` element class. */
export const AuthUserProfileElement = createAuthElement<UserProfileConfig>(USER_PROFILE_DEFINITION);
/** An `<auth-user-profile>` element. */
export type AuthUserProfileElement = AuthElement<UserProfileConfig>;
