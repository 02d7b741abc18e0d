/** What server/main.ts asks of the operations layer: the start-up check and the options read from the environment. */
import type { StartServerOptions } from '../start.ts';
import { readLiveProjectFile } from '../project.ts';
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
  const metricsPort = num(env.METRICS_PORT);
  if (metricsPort !== undefined) out.metricsPort = metricsPort;
  if (env.METRICS_HOST) out.metricsHost = env.METRICS_HOST;
  const shutdown = num(env.SHUTDOWN_TIMEOUT_MS);
  if (shutdown !== undefined) out.shutdownTimeoutMs = shutdown;
  return out;
}
