/**
 * The business constants of docs/reference/constants.md, in one place for every layer (issue 12): the client, the
 * widget and the server import their numbers from here instead of declaring their own. Plain
 * values, no zod: safe for the browser bundles (import this module directly, not ./index.ts, from
 * browser code, so no schema comes along).
 */

// ---- Client SDK ----

/** docs/reference/constants.md#client-sdk: the SDK version reported in the X-SDK-Client header; the provider's API keys behaviour off it. */
export const SDK_VERSION = '5.34.0';

/** docs/reference/constants.md#client-sdk: the session is refreshed this often while it exists (ms). */
export const SESSION_REFRESH_MS = 180_000;
/** docs/reference/constants.md#client-sdk: retry backoff base (ms), doubled per attempt. */
export const RETRY_BASE_MS = 2_000;
/** docs/reference/constants.md#client-sdk: the backoff exponent stops growing here. */
export const RETRY_MAX_ATTEMPT = 7;
/** docs/reference/constants.md#client-sdk: about ± this much jitter on each retry (ms). */
export const RETRY_JITTER_MS = 175;

/** docs/reference/constants.md#client-sdk: telemetry is flushed when this many events are queued. */
export const TELEMETRY_BATCH_SIZE = 15;
/** docs/reference/constants.md#client-sdk: telemetry is flushed at least this often while events wait (ms). */
export const TELEMETRY_FLUSH_MS = 800;

/** docs/reference/constants.md#client-sdk: the default debounce (ms). */
export const DEBOUNCE_MS = 500;

/** docs/reference/constants.md#client-sdk: the default session cookie names. */
export const DEFAULT_COOKIE_NAMES = {
  session: 'stytch_session',
  jwt: 'stytch_session_jwt',
  intermediate: 'stytch_intermediate_session_token',
} as const;
/** docs/reference/constants.md#client-sdk: the intermediate session cookie lives ten minutes (ms). */
export const INTERMEDIATE_COOKIE_MS = 600_000;
/** docs/reference/constants.md#client-sdk: the SameSite attribute of the session cookies. */
export const COOKIE_SAME_SITE = 'Lax';

/** docs/reference/constants.md#client-sdk: a PKCE verifier is this many random 32-bit values, hex-encoded. */
export const PKCE_VERIFIER_WORDS = 16;

// ---- Sign-in defaults (client, widget and server) ----

/** docs/reference/constants.md#sign-in-defaults: passcodes live five minutes unless the send names another lifetime. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
/** docs/reference/constants.md#sign-in-defaults: magic links (login and signup) live 30 minutes unless the send names another lifetime. */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;
/** docs/reference/constants.md#sign-in-defaults: a session lasts 30 minutes unless the call names another duration. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
/** docs/reference/constants.md#sign-in-defaults: passcodes have six digits. */
export const OTP_LENGTH = 6;
/** docs/reference/constants.md#sign-in-defaults: the phone country selected at first (ISO 3166 region). */
export const DEFAULT_OTP_COUNTRY = 'US';

// ---- Widget ----

/** docs/reference/constants.md#widget: passkey autofill is offered again this many times in all. */
export const PASSKEY_AUTOFILL_ATTEMPTS = 5;
/** docs/reference/constants.md#widget: a phone number check gives up after this long (ms). */
export const PHONE_VALIDATE_TIMEOUT_MS = 2_000;
/** docs/reference/constants.md#widget: phone formatting (loading its metadata) gives up after this long (ms). */
export const PHONE_FORMAT_TIMEOUT_MS = 10_000;
/** docs/reference/constants.md#widget: the "sent" confirmation of a resend shows this long (ms). */
export const RESEND_CONFIRMATION_MS = 2_000;
/** docs/reference/constants.md#widget: the progress bar animates over this long (ms). */
export const PROGRESS_BAR_MS = 10_000;
/** docs/reference/constants.md#widget: One Tap's initial height (px). */
export const ONE_TAP_INITIAL_HEIGHT_PX = 47;
/** docs/reference/constants.md#client-sdk: One Tap's resize debounce (ms). */
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;
/** docs/reference/constants.md#widget: button height (px). */
export const BUTTON_HEIGHT_PX = 45;
/** docs/reference/constants.md#widget: input height (px). */
export const INPUT_HEIGHT_PX = 47;
/** docs/reference/constants.md#widget: widget width (px). */
export const WIDGET_WIDTH_PX = 400;
/** docs/reference/constants.md#widget: how long each kind of toast shows (ms); a loading toast stays until it is replaced. */
export const TOAST_DURATION_MS = { blank: 4_000, error: 4_000, custom: 4_000, success: 2_000 } as const;
/** docs/reference/constants.md#widget: at most this many toasts at once. */
export const MAX_TOASTS = 20;
/** docs/reference/constants.md#widget: data fetching dedupes identical requests within this window (ms). */
export const FETCH_DEDUPE_MS = 2_000;
