/**
 * What the widgets tell the host (docs/reference/elements/auth-login.md#events "Host callbacks: onEvent, onError"). The element layer
 * forwards both to the host's callbacks and as DOM events (auth-event / auth-error). The event table
 * is assembled: the core events here, and each sign-in method's own (its `events.ts`, listed in
 * method-tables.ts).
 */
import { METHOD_EVENTS } from './method-tables.ts';
import type { MethodEventData, MethodEventTypes } from './methods.ts';

/** Payloads of the core events, by type. */
interface CoreEventData {
  /** The user finished signing in and the success screen is shown; fires once per completed flow. */
  'authenticate-flow-complete': Record<string, never>;
}

const CORE_EVENTS = {
  /** The user finished signing in and the success screen is shown; fires once per completed flow. */
  AUTHENTICATE_FLOW_COMPLETE: 'authenticate-flow-complete',
} as const;

/** Event types a widget reports through onEvent; values are stable across releases. */
export const AuthEventType: MethodEventTypes & typeof CORE_EVENTS = Object.assign({}, ...METHOD_EVENTS, CORE_EVENTS);

/** One of the AuthEventType values. */
export type AuthEventType = (typeof AuthEventType)[keyof typeof AuthEventType];

/** Event payloads by type. */
export interface AuthEventDataMap extends MethodEventData, CoreEventData {}

/** An event as handed to onEvent and as the detail of `auth-event`. */
export type AuthEvent = { [T in AuthEventType]: { type: T; data: AuthEventDataMap[T] } }[AuthEventType];

/** An error as handed to onError and as the detail of `auth-error`. */
export interface AuthErrorDetail {
  /** The text shown to the user (strings table for known error types, else the server's message). */
  message: string;
  /** Class name of the SDK error, e.g. `ApiError`, `ApiUnreachableError`. */
  name: string;
  /** Stable SDK error code (`api_error`, `api_unreachable`, `usage_error`, ...) when known. */
  code?: string;
  /** API errors only: the server's error_type. */
  error_type?: string;
  /** API errors only: the server's error_message. */
  error_message?: string;
  /** API errors only: HTTP status. */
  status_code?: number;
  /** API errors only: request id for support. */
  request_id?: string;
  /** API errors only: documentation link. */
  error_url?: string;
  /** ConfigError only: the input at fault, e.g. `config`, `config.products[1]`, `client`. */
  field?: string;
}

/** Host callbacks of every widget (JS property only; functions do not survive JSON attributes). */
export interface AuthCallbacks {
  /** Called for each widget event. */
  onEvent?: (event: AuthEvent) => void;
  /** Called for each error the widget meets (docs/reference/elements/auth-login.md#events: every error also goes to onError). */
  onError?: (error: AuthErrorDetail) => void;
}
