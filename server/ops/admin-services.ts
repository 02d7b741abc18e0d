/**
 * The services of one project for an admin CLI command (server/cli.ts), so the command takes the same
 * action as the matching `/v1` route (server/user-actions.ts) and emits the same events. Nothing runs
 * here: the outbox and the webhook worker only store (autoRun off), and the server's own workers, which
 * poll the shared database, deliver what the command queued (server/webhooks/worker.ts).
 */
import { clientKeys, loadClientKey } from '../client-keys.ts';
import type { Db } from '../db/index.ts';
import { EventHub } from '../events.ts';
import { loadSigningKeys } from '../keys.ts';
import { logOnlyDelivery } from '../messaging/delivery.ts';
import { SERVER_METHODS } from '../methods.ts';
import { Outbox } from '../outbox.ts';
import { rowToProject } from '../project/store.ts';
import { DEFAULT_RATE_LIMITS } from '../rate-limit.ts';
import type { Services } from '../services.ts';
import { SessionJwtCache } from '../session-jwt-cache.ts';
import { SessionReadCache } from '../session-read-cache.ts';
import { WebhookWorker } from '../webhooks/worker.ts';
import { AdminError } from './admin.ts';

/** Services for `projectId` on `db`, with the CLI's clock and log; `close` stops the (idle) workers. */
export async function adminServices(db: Db, projectId: string, o: { now(): number; log(line: string): void }): Promise<Services & { close(): Promise<void> }> {
  const row = await db.kysely.selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  if (!row) throw new AdminError(`no project ${projectId}`);
  const project = rowToProject(row);
  const now = () => o.now();
  const events = new EventHub();
  const webhooks = new WebhookWorker({ db, projectId, mode: project.mode, now, events, log: o.log, autoRun: false });
  // Never sends: a message a command queues is delivered by the server's outbox worker.
  const outbox = new Outbox({ db, projectId, now, delivery: logOnlyDelivery(o.log), log: o.log, autoRun: false });
  const svc: Services = {
    db,
    project,
    now,
    delivery: logOnlyDelivery(o.log),
    outbox,
    clientKeys: clientKeys(await loadClientKey(db.kysely, projectId, now())),
    keys: await loadSigningKeys(db, now()),
    sessionJwts: new SessionJwtCache(),
    sessionReads: new SessionReadCache(),
    limits: DEFAULT_RATE_LIMITS,
    issuer: null,
    // No request is served here.
    maxBodyBytes: 0,
    trustProxy: false,
    log: o.log,
    methods: SERVER_METHODS,
    events,
    webhooks,
  };
  events.bind(svc);
  return {
    ...svc,
    async close() {
      await webhooks.close();
      await outbox.close();
    },
  };
}
