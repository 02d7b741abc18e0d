/** Public surface of the headless client. */
export type { AuthenticateResult, BasicResult, Meta, SendResult, SendVariant, WithRequired } from './api-types.ts';
export type { B2B } from './b2b/index.ts';
export { DEFAULT_BOOTSTRAP } from './bootstrap.ts';
export {
  type CaptchaProvider,
  type DeviceFingerprintProvider,
  devCaptchaProvider,
  recaptchaProvider,
} from './captcha.ts';
export {
  type AuthClient,
  type ClientOptions,
  type Clock,
  createClient,
  PROVIDER_API_HOSTS,
  resolveApiBase,
} from './client.ts';
export type { CryptoWalletAuthenticateResult, CryptoWallets, CryptoWalletType, SiweParams } from './crypto-wallets/index.ts';
export {
  ApiError,
  type ApiErrorFields,
  ApiUnreachableError,
  AuthError,
  type AuthErrorCode,
  CaptchaRequiredError,
  ConfigError,
  ConfirmationRequiredError,
  isApiError,
  MissingParameterError,
  NoSessionError,
  PKCEVerifierMissingError,
  SchemaError,
  type SchemaIssue,
  toAuthError,
  UNREACHABLE_MESSAGES,
  type UnreachableReason,
  unknownError,
  UsageError,
} from './errors.ts';
export type { AuthorizeParams, AuthorizeStartResult, IDP } from './idp/index.ts';
export type { Impersonation } from './impersonation/index.ts';
export type {
  MagicLinkAuthenticateOptions,
  MagicLinkRedirect,
  MagicLinkRedirectStep,
  MagicLinks,
  MagicLinkSendOptions,
  MagicLinkTokenType,
} from './magic-links/index.ts';
// Type-only: the classes live in OAuth's lazily loaded chunk (a page without OAuth ships none of
// it); branch on `err.name` or `err.error_type` ('oauth_token_not_found', 'oauth_flow_callback_error').
export type { OAuthCallbackError, OAuthTokenNotFoundError, OneTapError } from './oauth/errors.ts';
export type {
  GoogleOneTap,
  OAuth,
  OAuthAuthenticateResult,
  OAuthProviderGroup,
  OAuthProviderGroups,
  OAuthStartOptions,
  OneTapRedirectOptions,
  OneTapStartResult,
} from './oauth/index.ts';
export { OAUTH_PROVIDERS, type OAuthProvider } from './oauth/providers.ts';
export {
  OTP_DEFAULT_EXPIRATION_MINUTES,
  type OTPAuthenticateOptions,
  type OTPChannel,
  type OTPLoginOrCreateResult,
  type OTPs,
  type OTPSendOptions,
} from './otps/index.ts';
export type { PasswordCredentials, Passwords, ResetByEmailStartOptions, StrengthCheckResult } from './passwords/index.ts';
export { createPKCEPair, type PKCEPair } from './pkce/index.ts';
export { allPermissions, isAuthorized, type PermissionsMap, type RBAC } from './rbac/index.ts';
export type {
  AuthenticateResponse,
  BootstrapData,
  ServerProduct,
  OTPLoginOrCreateResponse,
  Session,
  User,
  WebAuthnRegistrationInfo,
} from './schemas/index.ts';
export {
  type CookieOptions,
  DEFAULT_COOKIE_NAMES,
  SESSION_DESTROYING_ERRORS,
  type SessionState,
} from './session-manager.ts';
export {
  backoffDelay,
  SESSION_REFRESH_MS,
  type SessionAuthenticateOptions,
  type SessionRevokeOptions,
  type Sessions,
  type TrustedAuthToken,
} from './sessions/index.ts';
export { type CookieJar, type KeyValueStore, MemoryCookieJar, MemoryStore } from './storage.ts';
export type { TOTPCreateResult, TOTPs } from './totps/index.ts';
export { type ConnectedApp, USER_FACTORS, type UserFactor, type Users } from './users/index.ts';
export { EMAIL_PATTERN, isValidEmail, normalizeEmail } from './validate.ts';
export { SDK_VERSION } from './version.ts';
export {
  isWebAuthnAbort,
  isWebAuthnDuplicate,
  isWebAuthnNotAllowed,
  type WebAuthn,
  type WebAuthnAuthenticateOptions,
  type WebAuthnAuthenticateResult,
  type WebAuthnAuthenticateStartOptions,
  WebAuthnCeremonyError,
  type WebAuthnCeremonyReason,
  type WebAuthnRegisterOptions,
  type WebAuthnRegisterResult,
  type WebAuthnRegisterStartOptions,
  type WebAuthnStartResult,
} from './webauthn/index.ts';
