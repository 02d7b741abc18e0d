/**
 * The audit log (issue 28): who did what to what, from where and when, one row of `audit_log` per action
 * (migration 0018). Three kinds of callers record: the generic `/v1` wrapper (every backend call that
 * changes something, {@link auditedBackendHandler}), the admin CLI's dispatch (server/cli.ts, every
 * command), and the security events where they happen (lockouts, failed secret checks, impersonation,
 * scheduled key rotation, consent). A row never holds a secret, code, token or password: details are an
 * allow-list of named fields with short scalar values ({@link scrubDetails}), never a request body, and a
 * value shaped like one of our secrets is dropped even under an allowed name. server/README.md,
 * "Audit log", lists the actions.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { newId } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { logLine } from '../ops/log.ts';
import { clientIp } from '../request.ts';
import type { Method } from '../routes/types.ts';
import type { AppEnv, Ctx, Services } from '../services.ts';

/** Who acted: a backend (by the id of the project secret it used), an operator at the CLI, an end user, the server itself, or an unauthenticated caller. */
export type AuditActorKind = 'backend_secret' | 'admin' | 'user' | 'system' | 'anonymous';

/** The actor of a row. */
export interface AuditActor {
  kind: AuditActorKind;
  /** The secret id, `user@host` of the operator (or the admin id an impersonation names, or the user id of a console admin), the user id; null for system and anonymous. */
  id?: string | null;
}

/** What was acted on: a kind (`user`, `secret`, `webhook`, `session`, `signing_key`, `project`, ...) and its id. */
export interface AuditTarget {
  kind: string;
  id: string | null;
}

/** One action to record. */
export interface AuditEntry {
  /** A stable dotted name: `user.update`, `secret.create`, `lockout`, `impersonation.start` (server/README.md, "Audit log"). */
  action: string;
  actor: AuditActor;
  target?: AuditTarget | null;
  /** `failure` for a refused attempt worth keeping (a failed secret check); default success. */
  outcome?: 'success' | 'failure';
  /** Scrubbed before storage ({@link scrubDetails}): only allow-listed names survive. */
  details?: Readonly<Record<string, unknown>>;
  /** Default: the project of `svc`, or null (a server-wide action). */
  projectId?: string | null;
  /** Default: the client IP of the request being served (null outside a request). */
  ip?: string | null;
  /** Default: the request id of the request being served (null outside a request). */
  requestId?: string | null;
}

/** What {@link recordAudit} needs: the database and clock; the project and log when there are. */
export interface AuditServices {
  db: Db;
  now(): number;
  project?: { project_id: string; mode: string };
  log?: (line: string) => void;
}

/**
 * Detail names that may be stored. Anything else is dropped: a detail is never a body or a header, and
 * the names here carry ids, route patterns, counts, times and operator-typed reasons, none of them secret.
 */
const DETAIL_FIELDS = new Set([
  'method',
  'path',
  'status',
  'fields',
  'scope',
  'scopes',
  'locked_until',
  'kid',
  'active_from',
  'client_id',
  'reason',
  'command',
  'session_id',
  'error_type',
  'count',
  'roles',
  'list',
  'value',
  'admin_id',
  // A project settings change (server/admin/settings.ts): the changed fields' values, as JSON.
  'before',
  'after',
]);
const MAX_STRING = 200;
/** Details holding a settings diff (JSON of the changed values) may be longer: cut, they would no longer parse. */
const LONG_FIELDS: ReadonlyMap<string, number> = new Map([
  ['before', 8000],
  ['after', 8000],
]);
const MAX_LIST = 20;
/** Our own secrets' and tokens' shapes (project secrets, webhook secrets, JWTs): never stored, even under an allowed name. */
const SECRET_SHAPE = /secret-(test|live)-|whsec_|^ey[A-Za-z0-9_-]{10,}\.|[A-Za-z0-9_-]{40,}/;
/** Our ids (`user-test-<uuid>`, `jwk-<uuid>`, `idp-client-<32 hex>`): long, but random only in lowercase hex, never a secret. */
const OUR_ID = /^[a-z][a-z0-9_-]*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/;
const looksSecret = (s: string) => !OUR_ID.test(s) && SECRET_SHAPE.test(s);

function scrubValue(v: unknown, maxString = MAX_STRING): string | number | boolean | null | string[] | undefined {
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') {
    if (looksSecret(v)) return undefined;
    // A long field (a JSON diff) past its bound is dropped whole: cut, it would no longer parse.
    if (maxString > MAX_STRING && v.length > maxString) return undefined;
    return v.slice(0, maxString);
  }
  if (Array.isArray(v)) {
    const out = v.filter((x): x is string => typeof x === 'string' && !looksSecret(x)).map((x) => x.slice(0, 64));
    return out.slice(0, MAX_LIST);
  }
  return undefined;
}

/** The allow-listed, bounded part of `details` (docs: server/README.md, "Audit log"). */
export function scrubDetails(details: Readonly<Record<string, unknown>> | undefined): Record<string, string | number | boolean | null | string[]> {
  const out: Record<string, string | number | boolean | null | string[]> = {};
  for (const [k, v] of Object.entries(details ?? {})) {
    if (!DETAIL_FIELDS.has(k)) continue;
    const s = scrubValue(v, LONG_FIELDS.get(k));
    if (s !== undefined) out[k] = s;
  }
  return out;
}

/** An id stored as actor or target id: bounded, and never something shaped like a secret. */
function safeId(id: string | null | undefined): string | null {
  if (id === null || id === undefined || id === '') return null;
  return looksSecret(id) ? null : id.slice(0, 256);
}

/** The request being served, for the IP and request id of rows recorded during it. */
const requestScope = new AsyncLocalStorage<{ c: Ctx; svc: Services }>();

/** Middleware (after the request id is set): rows recorded while this request is served carry its client IP and request id. */
export function auditRequestScope(svc: Services): MiddlewareHandler<AppEnv> {
  return (c, next) => requestScope.run({ c, svc }, next);
}

/**
 * Records one action. Never throws: a failed write is logged (an error line), so an action that already
 * happened is not reported to its caller as failed.
 */
export async function recordAudit(svc: AuditServices, entry: AuditEntry): Promise<void> {
  const scope = requestScope.getStore();
  const ip = entry.ip !== undefined ? entry.ip : scope ? clientIp(scope.c, scope.svc) : null;
  const requestId = entry.requestId !== undefined ? entry.requestId : (scope?.c.get('requestId') ?? null);
  const projectId = entry.projectId !== undefined ? entry.projectId : (svc.project?.project_id ?? null);
  try {
    await svc.db.kysely
      .insertInto('audit_log')
      .values({
        audit_log_id: newId('audit-log', svc.project?.mode ?? 'server'),
        project_id: projectId,
        created_at: svc.now(),
        action: entry.action.slice(0, 128),
        outcome: entry.outcome ?? 'success',
        actor_kind: entry.actor.kind,
        actor_id: safeId(entry.actor.id),
        target_kind: entry.target?.kind.slice(0, 64) ?? null,
        target_id: safeId(entry.target?.id),
        ip_address: ip === null ? null : ip.slice(0, 64),
        request_id: requestId === null ? null : requestId.slice(0, 128),
        details: JSON.stringify(scrubDetails(entry.details)),
      })
      .execute();
  } catch (err) {
    (svc.log ?? ((l: string) => console.error(l)))(logLine('error', { msg: 'audit record failed', action: entry.action, error: (err as Error).message }));
  }
}

/** `/v1` POST calls that read rather than change (a busy backend makes them on every page): not recorded. */
const READ_ONLY_POSTS = new Set(['/v1/users/search', '/v1/sessions/authenticate', '/v1/templates/preview']);

const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.endsWith('s') && !s.endsWith('ss') ? s.slice(0, -1) : s);

/**
 * The action name of a `/v1` route: the singular resource, the literal segments after it, and the verb of
 * the HTTP method where no literal names it (`POST /v1/users` user.create, `PUT /v1/users/:user_id`
 * user.update, `DELETE /v1/users/:user_id/external_id` user.external_id.delete, `POST
 * /v1/webhooks/:webhook_id/rotate_secret` webhook.rotate_secret). A route added later gets a name the same way.
 */
export function backendAction(method: Method, path: string): string {
  const segments = path
    .replace(/^\/v1\//, '')
    .split('/')
    .filter(Boolean);
  const literals = segments.filter((s) => !s.startsWith(':'));
  const [resource = 'v1', ...rest] = literals;
  const verb = method === 'PUT' || method === 'PATCH' ? 'update' : method === 'DELETE' ? 'delete' : rest.length === 0 ? 'create' : null;
  return [singular(resource), ...rest, ...(verb ? [verb] : [])].join('.');
}

const ID_SHAPE = /^[\w.:@-]{1,128}$/;

/** The target of a `/v1` call: its last path parameter, else the id its answer names (`{resource}_id`, at the top or under `{resource}`, else `user_id`). */
async function backendTarget(c: Ctx, path: string, res: Response): Promise<AuditTarget | null> {
  const segments = path.replace(/^\/v1\//, '').split('/');
  const resource = singular(segments[0] ?? '');
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i]!;
    if (!s.startsWith(':')) continue;
    const name = s.slice(1);
    const kind = name.endsWith('_id') ? name.slice(0, -3) : singular(segments[i - 1] ?? resource);
    return { kind, id: c.req.param(name) ?? null };
  }
  if (!(res.headers.get('content-type') ?? '').includes('json')) return null;
  let body: Record<string, unknown>;
  try {
    body = (await res.clone().json()) as Record<string, unknown>;
  } catch {
    return null;
  }
  const nested = body[resource];
  const candidates: [string, unknown][] = [
    [resource, body[`${resource}_id`]],
    [resource, nested && typeof nested === 'object' ? (nested as Record<string, unknown>)[`${resource}_id`] : undefined],
    ['user', body.user_id],
  ];
  for (const [kind, id] of candidates) if (typeof id === 'string' && ID_SHAPE.test(id)) return { kind, id };
  return null;
}

/** The top-level keys of the call's JSON body (names only, never values), when it had one. */
async function bodyFields(c: Ctx): Promise<string[]> {
  const raw = c.get('body');
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse((await raw).toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.keys(parsed)
      .filter((k) => /^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(k))
      .slice(0, MAX_LIST);
  } catch {
    return [];
  }
}

/**
 * Wraps a `/v1` route's authenticated handler (app.ts backendRoute): a call that changes something and
 * succeeds is recorded with the secret (or the admin's session) that made it, whatever the route (a route added later is recorded
 * too). Failed secret checks are recorded by the check itself (backend/auth.ts).
 */
export function auditedBackendHandler(svc: Services, method: Method, path: string, handler: (c: Ctx) => Promise<Response>): (c: Ctx) => Promise<Response> {
  if (method === 'GET' || READ_ONLY_POSTS.has(path)) return handler;
  const action = backendAction(method, path);
  return async (c) => {
    const res = await handler(c);
    if (res.status < 400) {
      await recordAudit(svc, {
        action,
        // An admin console's call names the admin (a user id of the project) rather than a secret.
        actor: c.get('backendAdminId')
          ? { kind: 'admin', id: c.get('backendAdminId') ?? null }
          : { kind: 'backend_secret', id: c.get('backendSecretId') ?? null },
        target: await backendTarget(c, path, res),
        details: { method, path, status: res.status, fields: await bodyFields(c) },
      });
    }
    return res;
  };
}
