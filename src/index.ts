/**
 * The package entry: the headless client, the element classes and the mount functions, with no
 * side effects (import `auth-elements/define`, or load dist/auth-elements.js, to register the tags).
 */
export * from '../sdk-core/index.ts';
export { AUTH_ERROR, AUTH_EVENT } from '../elements/bridge.ts';
export { type AuthCallbacks, type AuthErrorDetail, type AuthEvent, AuthEventType } from '../react-internals/events.ts';
export { AuthLoginElement } from '../elements/login.tsx';
export { type MountLoginOptions, mountLogin } from '../elements/mount.ts';
export { defineLogin, LOGIN_TAG } from '../elements/registry.ts';
export { AuthResetPasswordElement } from '../elements/reset-password.tsx';
export { type MountResetPasswordOptions, mountResetPassword } from '../elements/mount.ts';
export { defineResetPassword, RESET_PASSWORD_TAG } from '../elements/registry.ts';
export { AuthPasskeyRegistrationElement, type PasskeyRegistrationConfig } from '../elements/passkey-registration.tsx';
export { type MountPasskeyRegistrationOptions, mountPasskeyRegistration } from '../elements/mount.ts';
export { definePasskeyRegistration, PASSKEY_REGISTRATION_TAG } from '../elements/registry.ts';
export { defineAuthElements } from './define-all.ts';
