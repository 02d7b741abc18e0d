/**
 * Reading the audit log (issue 28): one project's rows (and the server-wide ones, which name no
 * project), newest first, filtered by action, actor, target and time, paged by an opaque cursor that
 * names the last row shown, so rows written while a caller pages neither repeat nor go missing.
 * Shared by `GET /v1/audit_logs` (routes.ts) and the CLI's `audit list`.
 */
import { safeEqualHex } from '../crypto.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';

/** Default page size; larger requests are capped at {@link MAX_AUDIT_PAGE}. */
export const DEFAULT_AUDIT_PAGE = 100;
/** The largest page. */
export const MAX_AUDIT_PAGE = 1000;

/** One row as the API and the CLI show it. */
export interface AuditLogEntry {
  audit_log_id: string;
  /** Null for a server-wide action (a key rotation, a CLI migration). */
  project_id: string | null;
  action: string;
  outcome: string;
  actor: { kind: string; id: string | null };
  target: { kind: string; id: string | null } | null;
  ip_address: string | null;
  request_id: string | null;
  /** ISO 8601. */
  created_at: string;
  details: Record<string, unknown>;
}

/** What to list. */
export interface AuditFilter {
  action?: string;
  /** The actor's id (secret id, `user@host`, user id). */
  actor?: string;
  /** The target's id. */
  target?: string;
  /** Epoch ms, inclusive. */
  startTime?: number;
  /** Epoch ms, exclusive. */
  endTime?: number;
  limit?: number;
  cursor?: string;
}

/** A page: the rows and the cursor of the next page (null on the last). */
export interface AuditPage {
  audit_logs: AuditLogEntry[];
  next_cursor: string | null;
}

/** Keyed MAC of a cursor's position and project (hex); without one (the CLI, which shows no cursor) cursors are unsigned. */
export type CursorSigner = (text: string) => string;

const CURSOR_PREFIX = 'a1.';
const MAC_CHARS = 32;

function encodeCursor(projectId: string, createdAt: number, id: string, sign: CursorSigner | undefined): string {
  const text = `${createdAt}:${id}`;
  return `${CURSOR_PREFIX}${Buffer.from(text).toString('base64url')}${sign ? `.${sign(`${projectId}:${text}`).slice(0, MAC_CHARS)}` : ''}`;
}

/**
 * The position a cursor names. A signed cursor is checked against its MAC, which binds it to the project:
 * an edited, truncated or other project's cursor is refused rather than read as some other position.
 * @throws ApiError invalid_cursor when it is not one a page returned
 */
function decodeCursor(projectId: string, cursor: string, sign: CursorSigner | undefined): { createdAt: number; id: string } {
  if (cursor.startsWith(CURSOR_PREFIX) && cursor.length <= 400) {
    const [payload = '', mac, ...rest] = cursor.slice(CURSOR_PREFIX.length).split('.');
    const text = Buffer.from(payload, 'base64url').toString('utf8');
    const m = /^(\d{1,16}):([a-z][a-z0-9-]{0,80})$/.exec(text);
    const signed = sign ? mac !== undefined && safeEqualHex(mac, sign(`${projectId}:${text}`).slice(0, MAC_CHARS)) : mac === undefined;
    if (m && signed && rest.length === 0) return { createdAt: Number(m[1]), id: m[2]! };
  }
  throw new ApiError('invalid_cursor', { message: 'The cursor is not one an audit log page returned.' });
}

/** One page of `projectId`'s audit log (server-wide rows included), newest first. */
export async function listAuditLogs(db: Db, projectId: string, f: AuditFilter = {}, sign?: CursorSigner): Promise<AuditPage> {
  const limit = Math.min(f.limit ?? DEFAULT_AUDIT_PAGE, MAX_AUDIT_PAGE);
  let q = db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or([eb('project_id', '=', projectId), eb('project_id', 'is', null)]));
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.actor !== undefined) q = q.where('actor_id', '=', f.actor);
  if (f.target !== undefined) q = q.where('target_id', '=', f.target);
  if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('created_at', '<', f.endTime);
  if (f.cursor !== undefined) {
    const { createdAt, id } = decodeCursor(projectId, f.cursor, sign);
    q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('audit_log_id', '<', id)])]));
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('audit_log_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    audit_logs: page.map((r) => ({
      audit_log_id: r.audit_log_id,
      project_id: r.project_id,
      action: r.action,
      outcome: r.outcome,
      actor: { kind: r.actor_kind, id: r.actor_id },
      target: r.target_kind === null ? null : { kind: r.target_kind, id: r.target_id },
      ip_address: r.ip_address,
      request_id: r.request_id,
      created_at: new Date(Number(r.created_at)).toISOString(),
      details: JSON.parse(r.details) as Record<string, unknown>,
    })),
    next_cursor: rows.length > limit && last ? encodeCursor(projectId, Number(last.created_at), last.audit_log_id, sign) : null,
  };
}

/** Deletes rows older than `before` (epoch ms), every project's: the pruner's retention pass. */
export async function pruneAuditLog(db: Db, before: number): Promise<number> {
  const res = await db.kysely.deleteFrom('audit_log').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
