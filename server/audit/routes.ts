/**
 * `GET /v1/audit_logs` (issue 28): the project's audit log through the backend API, newest first
 * (query.ts). Read-only: the API has no call that writes, changes or deletes a row (only the server
 * records, and the pruner deletes past the retention). Every bad parameter is 400 invalid_request_body
 * naming it; a cursor no page returned is 400 invalid_cursor.
 */
import { ApiError } from '../errors.ts';
import type { BackendRoute } from '../routes/types.ts';
import type { Ctx, Services } from '../services.ts';
import { backendOk, backendProject } from '../backend/auth.ts';
import { type AuditFilter, listAuditLogs } from './query.ts';

const PARAMS = new Set(['action', 'actor', 'target', 'start_time', 'end_time', 'limit', 'cursor']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const bad = (message: string) => new ApiError('invalid_request_body', { message });

/** The query's filter. @throws ApiError invalid_request_body naming the first bad or unknown parameter */
export function auditFilterOf(query: Readonly<Record<string, string>>): AuditFilter {
  const f: AuditFilter = {};
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMS.has(name)) throw bad(`Unknown query parameter ${name.slice(0, 40)}: audit_logs takes ${[...PARAMS].join(', ')}.`);
    if (value.length === 0 || value.length > 256) throw bad(`The ${name} query parameter must be 1 to 256 characters.`);
  }
  if (query.action !== undefined) f.action = query.action;
  if (query.actor !== undefined) f.actor = query.actor;
  if (query.target !== undefined) f.target = query.target;
  if (query.cursor !== undefined) f.cursor = query.cursor;
  for (const [name, key] of [
    ['start_time', 'startTime'],
    ['end_time', 'endTime'],
  ] as const) {
    const v = query[name];
    if (v === undefined) continue;
    const t = ISO_TIME.test(v) ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(t)) throw bad(`The ${name} query parameter must be an ISO 8601 time, e.g. 2030-01-01T00:00:00Z.`);
    f[key] = t;
  }
  if (query.limit !== undefined) {
    if (!/^\d{1,7}$/.test(query.limit) || Number(query.limit) < 1)
      throw bad('The limit query parameter must be a positive integer (at most 1000 rows are returned).');
    f.limit = Number(query.limit);
  }
  return f;
}

/** Registers `GET /v1/audit_logs`. */
export function auditRoutes(route: BackendRoute, svc: Services): void {
  route('GET', '/v1/audit_logs', async (c: Ctx) => {
    const project = backendProject(c);
    const sign = (text: string) => svc.clientKeys.hash('audit_cursor', text);
    const page = await listAuditLogs(svc.db, project.project_id, auditFilterOf(c.req.query()), sign);
    return backendOk(c, page);
  });
}
