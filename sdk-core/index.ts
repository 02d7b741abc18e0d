/** Public surface of the headless client. */
export { type AuthClient, type ClientOptions, type Clock, createClient, resolveApiBase } from './client.ts';
export {
  ApiError,
  type ApiErrorFields,
  ApiUnreachableError,
  AuthError,
  type AuthErrorCode,
  isApiError,
  MissingParameterError,
  NoSessionError,
  SchemaError,
  toAuthError,
  UsageError,
} from './errors.ts';
export type { OTPAuthenticateOptions, OTPs, OTPSendOptions } from './otps/index.ts';
export type {
  AuthenticateResponse,
  BootstrapData,
  OTPLoginOrCreateResponse,
  Session,
  User,
} from './schemas/index.ts';
export { type CookieOptions, DEFAULT_COOKIE_NAMES } from './session-manager.ts';
export type { SessionAuthenticateOptions, SessionRevokeOptions, Sessions } from './sessions/index.ts';
export type { Users } from './users/index.ts';
export { EMAIL_PATTERN, isValidEmail } from './validate.ts';
export { SDK_VERSION } from './version.ts';
