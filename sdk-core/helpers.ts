/**
 * The headless client's synchronous helpers (`auth-elements/helpers`; `auth-elements` exports them
 * too): none of them is needed to create a client or make a call, so `auth-elements/client` leaves
 * them out and its up-front JS is the core alone (issue 16: 8 KB gzip).
 */
export { devCaptchaProvider, recaptchaProvider } from './captcha.ts';
export { allPermissions, isAuthorized } from './schemas/rbac.ts';
export { USER_FACTORS } from './users/factors.ts';
export { EMAIL_PATTERN, isValidEmail, normalizeEmail } from './validate.ts';
// The class and predicates come from their own small module: the WebAuthn group loads on first use.
export { isWebAuthnAbort, isWebAuthnDuplicate, isWebAuthnNotAllowed, WebAuthnCeremonyError } from './webauthn/errors.ts';
