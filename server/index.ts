/** Programmatic API of the reference server. */
export { type AppInstance, type AppOptions, createApp, DEFAULT_MAX_BODY_BYTES, type RegisteredRoute } from './app.ts';
export { ERRORS, type ErrorType } from './errors.ts';
export { readLiveProjectFile, type LiveProjectFile, type Project } from './project.ts';
export { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.ts';
export type { StaticDir } from './routes/static.ts';
export { DEFAULT_SOCKET_LIMITS, type RunningServer, type SocketLimits, type StartServerOptions, startServer } from './start.ts';
export {
  type InboundAction,
  listSuppressions,
  reactivateEmail,
  recordEmailBounce,
  recordInboundMessage,
  RESUBSCRIBE_KEYWORDS,
  type SuppressionEntry,
  UNSUBSCRIBE_KEYWORDS,
} from './suppressions.ts';
