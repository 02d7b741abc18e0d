/** What server/main.ts asks of the operations layer: the start-up check and the options read from the environment. */
import type { StartServerOptions } from '../start.ts';
import { readLiveProjectFile } from '../project/file.ts';
import type { PruneOptions, Retention } from '../prune.ts';
import { checkEnvironment, configErrorMessage } from './config.ts';
import { type LogLevel, logLine } from './log.ts';

/**
 * Checks the environment and the project file; on any problem prints every one of them and exits with
 * status 2 (the entry script and orchestrators see a configuration error, not a crash).
 */
export function exitOnBadConfig(env: Record<string, string | undefined>): void {
  const { problems, warnings } = checkEnvironment(env);
  for (const w of warnings) console.error(logLine('warn', { msg: w }));
  if (problems.length === 0 && env.PROJECT_CONFIG) {
    try {
      readLiveProjectFile(env.PROJECT_CONFIG);
    } catch (err) {
      problems.push(err instanceof SyntaxError ? `PROJECT_CONFIG ${env.PROJECT_CONFIG} is not valid JSON: ${err.message}` : String((err as Error).message));
    }
  }
  if (problems.length > 0) {
    console.error(configErrorMessage(problems));
    process.exit(2);
  }
}

const num = (raw: string | undefined): number | undefined => (raw === undefined || raw === '' ? undefined : Number(raw));

/** The operations options of startServer from the (already checked) environment. */
export function opsOptionsFromEnv(env: Record<string, string | undefined>): Partial<StartServerOptions> {
  const out: Partial<StartServerOptions> = {};
  if (env.LOG_LEVEL) out.logLevel = env.LOG_LEVEL as LogLevel;
  if (env.METRICS === 'on') out.metrics = true;
  if (env.METRICS_TOKEN) out.metricsToken = env.METRICS_TOKEN;
  if (env.METRICS_LOOPBACK_OPEN === '1' || env.METRICS_LOOPBACK_OPEN === 'true') out.metricsLoopbackWithoutToken = true;
  const metricsPort = num(env.METRICS_PORT);
  if (metricsPort !== undefined) out.metricsPort = metricsPort;
  if (env.METRICS_HOST) out.metricsHost = env.METRICS_HOST;
  const shutdown = num(env.SHUTDOWN_TIMEOUT_MS);
  if (shutdown !== undefined) out.shutdownTimeoutMs = shutdown;
  const delay = num(env.SHUTDOWN_DELAY_MS);
  if (delay !== undefined) out.shutdownDelayMs = delay;
  const interval = num(env.PRUNE_INTERVAL_MINUTES);
  if (interval !== undefined) out.pruneIntervalMs = interval * 60_000;
  const prune: PruneOptions = {};
  const retention: Partial<Retention> = {};
  const hours = (name: string) => (num(env[name]) === undefined ? undefined : (num(env[name]) as number) * 3_600_000);
  const expired = hours('RETENTION_EXPIRED_HOURS');
  if (expired !== undefined) retention.expiredMs = expired;
  const sessions = hours('RETENTION_SESSIONS_DAYS');
  if (sessions !== undefined) retention.sessionsMs = sessions * 24;
  const events = hours('RETENTION_EVENTS_DAYS');
  if (events !== undefined) retention.eventsMs = events * 24;
  const inbox = hours('RETENTION_DEV_INBOX_HOURS');
  if (inbox !== undefined) retention.devInboxMs = inbox;
  const audit = hours('RETENTION_AUDIT_DAYS');
  if (audit !== undefined) retention.auditMs = audit * 24;
  if (Object.keys(retention).length > 0) prune.retention = retention;
  const rotation = num(env.SIGNING_KEY_ROTATION_DAYS);
  if (rotation !== undefined) prune.keyRotationMs = rotation * 86_400_000;
  if (Object.keys(prune).length > 0) out.prune = prune;
  return out;
}
