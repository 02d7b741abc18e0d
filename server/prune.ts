/**
 * Pruning on a schedule: a timer in the server process deletes what is past its retention (issue 18:
 * expired codes, links, challenges and tokens, old sessions, telemetry, dev inbox messages, old rate-limit
 * windows, retired signing keys), so tables an unauthenticated caller can grow (`events`, `rate_counters`)
 * stay bounded even when no request comes in to do it, and personal data is not kept past its use. The
 * same tick runs the scheduled signing-key rotation when SIGNING_KEY_ROTATION_DAYS is set. The timer uses
 * the app's injected clock for what is old, and stops (waiting for a run in progress) before the
 * database closes. Periods: {@link DEFAULT_RETENTION}, configurable (RETENTION_* variables).
 */
import { recordAudit } from './audit/record.ts';
import { pruneAuditLog } from './audit/query.ts';
import type { Db } from './db/index.ts';
import type { Services } from './services.ts';
import { pruneRetiredKeys, rotateIfDue } from './keys.ts';
import { logLine } from './ops/log.ts';
import { pruneCounters } from './rate-limit.ts';
import { METHOD_DATA } from './method-data.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Telemetry rows older than this are deleted (the default of {@link Retention.eventsMs}). */
export const EVENT_RETENTION_MS = 7 * DAY;
/** Default time between pruning runs. */
export const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** How long things are kept (ms). */
export interface Retention {
  /**
   * Rows of any table with an `expires_at` column (one-time codes, magic and reset links, WebAuthn
   * challenges, captcha tokens, access tokens, and any method table added later) are deleted this long
   * after they expired (RETENTION_EXPIRED_HOURS, default 24 h: support can still see a failed attempt's row).
   */
  expiredMs: number;
  /** Sessions are deleted this long after they expired or were revoked (RETENTION_SESSIONS_DAYS, default 30 d). */
  sessionsMs: number;
  /** Telemetry events (RETENTION_EVENTS_DAYS, default 7 d). */
  eventsMs: number;
  /** Dev inbox messages of a test project (RETENTION_DEV_INBOX_HOURS, default 24 h). */
  devInboxMs: number;
  /** Audit log rows (RETENTION_AUDIT_DAYS, default 365 d; server/audit/). */
  auditMs: number;
}

/** Default {@link Retention}: expired rows 24 h, sessions 30 d, events 7 d, dev inbox 24 h, audit log 365 d. */
export const DEFAULT_RETENTION: Retention = { expiredMs: DAY, sessionsMs: 30 * DAY, eventsMs: EVENT_RETENTION_MS, devInboxMs: DAY, auditMs: 365 * DAY };

/** What the pruning tick does besides retention. */
export interface PruneOptions {
  retention?: Partial<Retention>;
  /** Scheduled signing-key rotation period (SIGNING_KEY_ROTATION_DAYS); absent = never on a schedule. */
  keyRotationMs?: number;
}

// Tables whose `expires_at` means something else, or that have their own rule: core's, and those the methods
// declare (MethodData.ownExpiry, read from method-data.ts so that a caller without the method list gets them too).
const OWN_RULES = new Set(['sessions', 'outbox_jobs', 'signing_keys', ...METHOD_DATA.flatMap((m) => ('ownExpiry' in m ? m.ownExpiry : []))]);
const expiringTables = new WeakMap<Db, Promise<string[]>>();

/** Tables with an `expires_at` column (found once per database: method tables added later are included). */
function tablesWithExpiry(db: Db): Promise<string[]> {
  let found = expiringTables.get(db);
  if (!found) {
    found = db.kysely.introspection.getTables().then((tables) =>
      tables
        .filter((t) => !OWN_RULES.has(t.name) && t.columns.some((c) => c.name === 'expires_at'))
        .map((t) => t.name)
        .sort(),
    );
    expiringTables.set(db, found);
  }
  return found;
}

/** Rows deleted per table by one run. */
export type PruneReport = Record<string, number>;

/** One pruning pass at the clock's now; returns the rows deleted per table. */
export async function pruneOnce(
  svc: Pick<Services, 'db' | 'now' | 'log'> & {
    methods?: Services['methods'];
    sessionJwts?: Services['sessionJwts'];
    project?: Services['project'];
    webhooks?: Services['webhooks'];
  },
  opts: PruneOptions = {},
): Promise<PruneReport> {
  const now = svc.now();
  // Delivered webhook messages, their events and delivery log past 30 days (webhooks/worker.ts).
  await svc.webhooks?.prune();
  // JWTs of sessions that have ended (or that are too old to serve) leave this process's cache.
  svc.sessionJwts?.dropExpired(now);
  // The project file's audit retention, unless the environment (or createApp's option) sets one.
  const projectAuditDays = svc.project?.config.audit_retention_days;
  const r = { ...DEFAULT_RETENTION, ...(projectAuditDays ? { auditMs: projectAuditDays * DAY } : {}), ...opts.retention };
  const k = svc.db.kysely;
  const report: PruneReport = {};
  const count = (table: string, res: { numDeletedRows: bigint }) => {
    const n = Number(res.numDeletedRows);
    if (n > 0) report[table] = (report[table] ?? 0) + n;
  };
  count(
    'events',
    await k
      .deleteFrom('events')
      .where('received_at', '<', now - r.eventsMs)
      .executeTakeFirst(),
  );
  count(
    'dev_messages',
    await k
      .deleteFrom('dev_messages')
      .where('sent_at', '<', now - r.devInboxMs)
      .executeTakeFirst(),
  );
  count(
    'sessions',
    await k
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now - r.sessionsMs), eb('revoked_at', '<', now - r.sessionsMs)]))
      .executeTakeFirst(),
  );
  // Table names come from the database's own catalogue, never from input; the untyped builder is because
  // they are not known at compile time.
  const untyped = k as unknown as import('kysely').Kysely<Record<string, { expires_at: number }>>;
  for (const table of await tablesWithExpiry(svc.db)) {
    count(
      table,
      await untyped
        .deleteFrom(table)
        .where('expires_at', '<', now - r.expiredMs)
        .executeTakeFirst(),
    );
  }
  const audit = await pruneAuditLog(svc.db, now - r.auditMs);
  if (audit > 0) report.audit_log = audit;
  await pruneCounters(svc.db, now);
  for (const m of svc.methods ?? []) await m.prune?.(svc, now);
  const keys = await pruneRetiredKeys(svc.db, now);
  if (keys > 0) report.signing_keys = keys;
  if (opts.keyRotationMs) {
    const kid = await rotateIfDue(svc.db, now, opts.keyRotationMs);
    if (kid) {
      svc.log(logLine('info', { msg: 'signing key rotation scheduled', kid }));
      // Signing keys serve every project on this database: a server-wide row.
      await recordAudit(svc, { action: 'key.rotate', actor: { kind: 'system' }, target: { kind: 'signing_key', id: kid }, projectId: null, details: { kid } });
    }
  }
  return report;
}

/** A running pruning timer. */
export interface PruneTimer {
  /** Stops the timer and resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/** Runs {@link pruneOnce} every `everyMs` (unref'd: it never keeps the process alive); failures are logged. */
export function startPruning(svc: Services, everyMs: number, opts: PruneOptions = {}): PruneTimer {
  let running: Promise<void> | null = null;
  const run = () => {
    // A slow run is not stacked on: the next tick finds it still going and skips.
    if (running) return;
    running = pruneOnce(svc, opts)
      .then((report) => {
        if (Object.keys(report).length > 0) svc.log(logLine('debug', { msg: 'pruned', deleted: report }));
      })
      .catch((err: unknown) => svc.log(logLine('error', { msg: 'prune failed', prune: err instanceof Error ? err.message : String(err) })))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
