/**
 * Liveness and readiness for load balancers and orchestrators (issue 18): `GET /healthz` says the process
 * answers; `GET /readyz` says this instance should get traffic: the database answers, every migration this
 * build knows is recorded, a signing key is loaded, and the instance is not shutting down. Both are cheap
 * (one indexed count on a table of a few dozen rows) so a balancer may poll every second. They are mounted
 * before the Host check (a balancer probes by IP address) and answer nothing a caller could use.
 */
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { migrationProvider } from '../db/migrations.ts';
import type { AppEnv, Services } from '../services.ts';

/** Shared state of a running app: set by startServer when a graceful shutdown begins. */
export interface Lifecycle {
  /** True once shutdown began: /readyz answers 503 so the balancer stops routing here. */
  draining: boolean;
}

/** Result of one readiness check, as `/readyz` answers it. */
export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; signing_key: boolean; accepting: boolean };
}

let knownMigrations: number | undefined;

/** Runs the readiness checks (see the module comment); never throws. */
export async function readiness(svc: Services, life: Lifecycle): Promise<Readiness> {
  knownMigrations ??= Object.keys(await migrationProvider.getMigrations()).length;
  let database = false;
  let migrations = false;
  try {
    // Kysely's migration table: one row per applied migration. Another instance may have applied newer
    // ones (a rolling upgrade): at least ours is what matters.
    const row = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(svc.db.kysely);
    database = true;
    migrations = Number(row.rows[0]?.n ?? 0) >= knownMigrations;
  } catch {
    database = false;
  }
  const signing_key = typeof svc.keys.kid === 'string' && svc.keys.kid !== '';
  const accepting = !life.draining;
  return { ready: database && migrations && signing_key && accepting, checks: { database, migrations, signing_key, accepting } };
}

/** Mounts `/healthz` and `/readyz` on `app` (before the Host guard: see the module comment). */
export function healthRoutes(app: Hono<AppEnv>, svc: Services, life: Lifecycle): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const r = await readiness(svc, life);
    return c.json({ status: r.ready ? 'ready' : 'not_ready', checks: r.checks }, r.ready ? 200 : 503);
  });
}
