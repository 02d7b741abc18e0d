/**
 * Public surface of the headless client (`auth-elements/client`). Its synchronous helpers (email
 * syntax, RBAC decisions, captcha providers, the passkey ceremony error) are in ./helpers.ts
 * (`auth-elements/helpers`), so the client's up-front JS holds only its core (issue 16).
 */
export type { AuthenticateResult, BasicResult, Meta, SendResult, SendVariant, WithRequired } from './api-types.ts';
export type { B2B } from './b2b/index.ts';
export { DEFAULT_BOOTSTRAP } from './bootstrap.ts';
export type { CaptchaProvider, DeviceFingerprintProvider } from './captcha.ts';
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
export type { OTPAuthenticateOptions, OTPChannel, OTPLoginOrCreateResult, OTPs, OTPSendOptions } from './otps/index.ts';
/** docs/reference/constants.md#sign-in-defaults: codes live five minutes unless asked otherwise (from the shared defaults, not the lazily loaded OTP group). */
export { DEFAULT_OTP_EXPIRATION_MINUTES as OTP_DEFAULT_EXPIRATION_MINUTES } from './schemas/defaults.ts';
export type { PasswordCredentials, Passwords, ResetByEmailStartOptions, StrengthCheckResult } from './passwords/index.ts';
// Loaded on first call (./lazy-exports.ts).
export { createPKCEPair, preloadMethods } from './lazy-exports.ts';
export type { PKCEPair } from './pkce/pair.ts';
export type { PreloadableGroup } from './preload.ts';
export type { MethodName } from './methods.ts';
export type { RBAC } from './rbac/index.ts';
export type { ReverifyFactor, ReverifyOptions, ReverifyResult } from './reverification.ts';
export type { PermissionsMap } from './schemas/rbac.ts';
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
export { SESSION_REFRESH_MS } from './schemas/defaults.ts';
export { backoffDelay } from './sessions/core.ts';
export type { DeviceSession, SessionAuthenticateOptions, SessionDevice, SessionRevokeOptions, Sessions, TrustedAuthToken } from './sessions/index.ts';
export { type CookieJar, type KeyValueStore, MemoryCookieJar, MemoryStore } from './storage.ts';
export type { TOTPCreateResult, TOTPs } from './totps/index.ts';
export type { MFA, MfaAuthenticateResult, MfaEnrolTOTPResult, MfaFinishOptions } from './mfa/index.ts';
export type { MfaFactorKind, MfaPolicy, MfaBootstrap } from './schemas/bootstrap.ts';
export type { MfaRequired, MfaRequiredResponse, TrustedDevice, TrustedDevicesResponse } from './schemas/second-step.ts';
export type { UserFactor } from './users/factors.ts';
export type { ConnectedApp, Users } from './users/index.ts';
export { SDK_VERSION } from './version.ts';
export type {
  WebAuthn,
  WebAuthnAuthenticateOptions,
  WebAuthnAuthenticateResult,
  WebAuthnAuthenticateStartOptions,
  WebAuthnCeremonyReason,
  WebAuthnRegisterOptions,
  WebAuthnRegisterResult,
  WebAuthnRegisterStartOptions,
  WebAuthnStartResult,
} from './webauthn/index.ts';
