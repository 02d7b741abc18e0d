/** Programmatic API of the reference server. */
export { type AppInstance, type AppOptions, createApp, DEFAULT_MAX_BODY_BYTES, type RegisteredRoute } from './app.ts';
export { ERRORS, type ErrorType } from './errors.ts';
export {
  type DeferredHandler,
  Outbox,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_POLL_MS,
  type OutboxJobInfo,
  outboxRetryDelayMs,
  type PreparedMessage,
} from './outbox.ts';
export type { Project } from './project/config.ts';
export { readLiveProjectFile, type LiveProjectFile } from './project/file.ts';
export { redirectAllowed, redirectAllowlistProblems } from './redirect-allowlist.ts';
export { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.ts';
export type { StaticDir } from './routes/static.ts';
export { DEFAULT_SHUTDOWN_TIMEOUT_MS, DEFAULT_SOCKET_LIMITS, type RunningServer, type SocketLimits, type StartServerOptions, startServer } from './start.ts';
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
// Operations (issue 18): key rotation, retention, config checks, admin functions, SQLite backup.
export { listSigningKeys, rotateIfDue, rotateSigningKey, type SigningKeyInfo } from './keys.ts';
export { DEFAULT_RETENTION, type PruneOptions, pruneOnce, type Retention } from './prune.ts';
export { checkEnvironment, KNOWN_ENV } from './ops/config.ts';
export { createProject, deleteUser, editProjectList, exportUser, listProjects } from './ops/admin.ts';
export { removeUser, revokeUserSessions } from './user-actions.ts';
export { adminServices } from './ops/admin-services.ts';
export { backupSqlite, restoreSqlite } from './ops/backup.ts';
export { runCli } from './cli.ts';
