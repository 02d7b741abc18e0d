/**
 * `auth-elements-server webhooks …` (issue 28): a project's webhook endpoints from the admin CLI, on the
 * database the server uses. The CLI sends nothing itself: a replay queues the messages and the running
 * server's worker (webhooks/worker.ts, polling every second) delivers them. server/README.md "Webhooks".
 */
import type { Db } from '../db/index.ts';
import { EVENT_TYPES, type EventType } from '../events.ts';
import { checkTarget } from '../outbound/index.ts';
import { AdminError, findProject } from '../ops/admin.ts';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  replay,
  rotateSecret,
  toEndpoint,
  updateEndpoint,
  type WebhookScope,
} from './store.ts';

/** The options the webhooks commands read (a subset of the CLI's). */
export interface WebhookCliValues {
  project?: string | undefined;
  url?: string | undefined;
  event?: string[] | undefined;
  'event-id'?: string | undefined;
  since?: string | undefined;
  enable?: boolean | undefined;
  disable?: boolean | undefined;
  yes?: boolean | undefined;
  json?: boolean | undefined;
}

/** Usage lines of the webhooks commands (part of the CLI's USAGE). */
export const WEBHOOKS_USAGE = `  webhooks list [--project <id|public token>] [--json]          never the secret
  webhooks create --url <url> [--event <type>]... [--project …] [--json]
                                       the whsec_ secret is shown once; no --event: every event type
  webhooks update <webhook_id> [--url <url>] [--event <type>]... [--enable|--disable] [--project …]
  webhooks delete <webhook_id> --yes [--project …]
  webhooks rotate-secret <webhook_id> [--project …]             a new secret, shown once
  webhooks deliveries <webhook_id> [--event-id <id>] [--project …] [--json]   newest attempts first
  webhooks replay <webhook_id> (--event-id <id> | --since <ISO time>) [--project …]
                                       queued with the same webhook-id; the running server sends them
`;

const json = (x: unknown) => `${JSON.stringify(x, null, 2)}\n`;

function eventTypes(v: WebhookCliValues): EventType[] | undefined {
  if (!v.event) return undefined;
  for (const e of v.event)
    if (!(EVENT_TYPES as readonly string[]).includes(e)) throw new AdminError(`unknown event type ${e} (one of ${EVENT_TYPES.join(', ')})`);
  return v.event as EventType[];
}

async function checkedUrl(scope: WebhookScope, url: string): Promise<string> {
  const r = await checkTarget(url, { mode: scope.mode });
  if (!r.ok) throw new AdminError(`the webhook URL is refused: ${r.message}`);
  return url;
}

/** Runs `webhooks <sub> [arg]`. @throws AdminError for a refusal or bad usage */
export async function webhooksCommand(
  db: Db,
  sub: string | undefined,
  arg: string | undefined,
  v: WebhookCliValues,
  out: (s: string) => void,
  now: () => number,
): Promise<void> {
  const project = await findProject(db, v.project);
  const scope: WebhookScope = { db, projectId: project.project_id, mode: project.mode === 'live' ? 'live' : 'test', now };
  const needId = async () => {
    if (!arg) throw new AdminError(`webhooks ${sub} needs the webhook_id (webhooks list shows them)`);
    if (!(await findEndpoint(scope, arg))) throw new AdminError(`no webhook ${arg} in project ${project.project_id}`);
    return arg;
  };
  switch (sub) {
    case 'list': {
      const rows = (await listEndpoints(scope)).map(toEndpoint);
      if (v.json) out(json(rows));
      else if (rows.length === 0) out('(no webhook endpoints: create one with webhooks create --url <url>)\n');
      else
        out(
          rows
            .map(
              (w) =>
                `${w.webhook_id}  ${w.status}${w.disabled_reason ? ` (${w.disabled_reason})` : ''}  ${w.url}  ${w.event_types.join(',') || 'every event'}  [${w.source}]\n`,
            )
            .join(''),
        );
      return;
    }
    case 'create': {
      if (!v.url) throw new AdminError('webhooks create needs --url <url>');
      const created = await createEndpoint(scope, { url: await checkedUrl(scope, v.url), eventTypes: eventTypes(v) ?? [] });
      out(v.json ? json(created) : `created ${created.webhook_id}\nsecret: ${created.secret}\n(shown once: receivers verify deliveries with it)\n`);
      return;
    }
    case 'update': {
      const id = await needId();
      if (v.enable && v.disable) throw new AdminError('--enable or --disable, not both');
      const types = eventTypes(v);
      const row = await updateEndpoint(scope, id, {
        ...(v.url ? { url: await checkedUrl(scope, v.url) } : {}),
        ...(types ? { eventTypes: types } : {}),
        ...(v.enable ? { status: 'enabled' as const } : v.disable ? { status: 'disabled' as const, reason: 'disabled from the CLI' } : {}),
      });
      out(json(row ? toEndpoint(row) : null));
      return;
    }
    case 'delete': {
      const id = await needId();
      if (!v.yes) throw new AdminError('webhooks delete removes the endpoint and its delivery log: confirm with --yes');
      await deleteEndpoint(scope, id);
      out(`deleted ${id}\n`);
      return;
    }
    case 'rotate-secret': {
      const rotated = await rotateSecret(scope, await needId());
      if (!rotated) throw new AdminError(`no webhook ${arg}`);
      out(`secret: ${rotated.secret}\n(shown once; the old secret stops signing at once)\n`);
      return;
    }
    case 'deliveries': {
      const rows = await listDeliveries(scope, await needId(), { limit: 100, ...(v['event-id'] ? { eventId: v['event-id'] } : {}) });
      if (v.json) out(json(rows));
      else
        out(
          rows
            .map(
              (d) =>
                `${d.created_at}  ${d.event_id}  attempt ${d.attempt}  ${d.status}  ${d.response_code ?? '-'}  ${d.duration_ms} ms${d.error ? `  ${d.error}` : ''}\n`,
            )
            .join('') || '(no deliveries yet)\n',
        );
      return;
    }
    case 'replay': {
      const id = await needId();
      if (Boolean(v['event-id']) === Boolean(v.since)) throw new AdminError('webhooks replay needs exactly one of --event-id <id> and --since <ISO time>');
      let n: number | null;
      if (v['event-id']) n = await replay(scope, id, { eventId: v['event-id'] });
      else {
        const since = Date.parse(v.since ?? '');
        if (Number.isNaN(since)) throw new AdminError(`--since ${v.since} is not an ISO time`);
        n = await replay(scope, id, { since });
      }
      if (n === null) throw new AdminError(`event ${v['event-id']} never went to ${id}`);
      out(`queued ${n} event(s) again; the running server sends them\n`);
      return;
    }
    default:
      throw new AdminError(`unknown command: webhooks ${sub ?? ''}\n\n${WEBHOOKS_USAGE}`);
  }
}
