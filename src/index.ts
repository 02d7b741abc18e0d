/**
 * The package entry (`auth-elements`): the headless client, the element classes, the `define*`
 * and `mount*` functions, the theme presets and every public type, with no side effects (import
 * `auth-elements/define`, or load dist/auth-elements.js, to register the tags). Safe to import on
 * a server: nothing touches the DOM until a tag is defined in a browser.
 * @example
 * import { defineAuthElements, createClient } from 'auth-elements';
 * defineAuthElements();
 * document.querySelector('auth-login')!.client = createClient('public-token-test-...', { apiBaseUrl: 'http://localhost:8787' });
 */
export * from '../sdk-core/index.ts';
export * from '../sdk-core/helpers.ts';
export { AUTH_ERROR, AUTH_EVENT } from '../elements/bridge.ts';
export {
  type AuthElementDefinition,
  AUTH_ELEMENT_DEFINITIONS,
  type ElementProperty,
  type PropertyKind,
  type WidgetStart,
} from '../elements/definitions.ts';
export { AuthElement, type AuthElementClass, createAuthElement, MISSING_CLIENT_REPORT_MS } from '../elements/element.ts';
export {
  AuthIDPConsentElement,
  type IDPAuthTokenParams,
  type IDPConsentConfig,
  type IDPConsentItem,
  type IDPConsentManifest,
  type IDPConsentManifestGenerator,
  type IDPConsentManifestInput,
  type IDPConsentProperties,
  type IDPConsentSection,
} from '../elements/idp-consent.tsx';
export { AuthLoginElement } from '../elements/login.tsx';
export {
  type MountIdentityProviderOptions,
  type MountLoginOptions,
  type MountOptions,
  type MountPasskeyRegistrationOptions,
  type MountResetPasswordOptions,
  type MountUserProfileOptions,
  mountIdentityProvider,
  mountLogin,
  mountPasskeyRegistration,
  mountResetPassword,
  mountUserProfile,
} from '../elements/mount.ts';
export { AuthPasskeyRegistrationElement, type PasskeyRegistrationConfig } from '../elements/passkey-registration.tsx';
export {
  AUTH_ELEMENTS,
  defineAuthElements,
  defineIdentityProvider,
  defineLogin,
  definePasskeyRegistration,
  defineResetPassword,
  defineUserProfile,
  IDP_CONSENT_TAG,
  LOGIN_TAG,
  PASSKEY_REGISTRATION_TAG,
  RESET_PASSWORD_TAG,
  USER_PROFILE_TAG,
} from '../elements/registry.ts';
export { AuthResetPasswordElement, type ResetPasswordProperties } from '../elements/reset-password.tsx';
export { AuthUserProfileElement, type ProfileSection, type UserProfileConfig } from '../elements/user-profile.tsx';
export type {
  EmailMagicLinksOptions,
  LoginConfig,
  OAuthOptions,
  OAuthProviderOptions,
  OneTapPosition,
  OTPMethod,
  OTPOptions,
  PasswordOptions,
  Product,
  SessionOptions,
} from '../react-internals/config.ts';
export {
  type AuthCallbacks,
  type AuthErrorDetail,
  type AuthEvent,
  type AuthEventDataMap,
  AuthEventType,
} from '../react-internals/events.ts';
export type { PartName } from '../react-internals/parts.ts';
export { DEFAULT_STRINGS, type StringKey, type StringOverrides } from '../react-internals/strings.ts';
export type { Locale } from '../react-internals/i18n/locales.ts';
export type { LocalePack, PluralCategory } from '../react-internals/i18n/pack.ts';
export {
  type ButtonStyle,
  darkTheme,
  type StyleConfig,
  THEME_TOKENS,
  type ThemeProperty,
} from '../react-internals/theme.ts';
