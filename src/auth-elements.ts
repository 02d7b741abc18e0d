/**
 * The script-tag bundle (dist/auth-elements.js, also `auth-elements/auth-elements.js`): registers
 * every tag (a no-op on a server) and exports the elements' side of the API: the element classes,
 * `define*`, `mount*`, the tag names, the event names and the theme presets. It holds no React and
 * no client: each element paints its first screen with what this file loads and fetches React and
 * the client right after (issue 16), so the email field is usable before they arrive. It is built as
 * a graph of its own (rollup.config.mjs), so it is one file up front. A page that also needs the
 * headless client and the rest of the API loads `auth-elements/define` (dist/define.js) instead,
 * which registers the tags and exports everything: beside this file, dist/index.js would be a second
 * copy of the shared code.
 * @example
 * <script type="module" src="/node_modules/auth-elements/dist/auth-elements.js"></script>
 * @example
 * <script type="module">
 *   import { createClient } from '/node_modules/auth-elements/dist/define.js';
 * </script>
 */
import { defineAuthElements } from '../elements/registry.ts';

export type * from './index.ts';
export { AUTH_ERROR, AUTH_EVENT } from '../elements/bridge.ts';
export { AUTH_ELEMENT_DEFINITIONS } from '../elements/definitions.ts';
export { AuthElement, createAuthElement, MISSING_CLIENT_REPORT_MS } from '../elements/element.ts';
export { AuthIDPConsentElement } from '../elements/idp-consent.tsx';
export { AuthLoginElement } from '../elements/login.tsx';
export { mountIdentityProvider, mountLogin, mountPasskeyRegistration, mountResetPassword, mountUserProfile } from '../elements/mount.ts';
export { AuthPasskeyRegistrationElement } from '../elements/passkey-registration.tsx';
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
export { AuthResetPasswordElement } from '../elements/reset-password.tsx';
export { AuthUserProfileElement } from '../elements/user-profile.tsx';
export { darkTheme, THEME_TOKENS } from '../react-internals/theme.ts';

defineAuthElements();
