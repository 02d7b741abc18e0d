/**
 * The admin CLI's side of the audit log (issue 28): every command that reaches the database is recorded
 * by the CLI's dispatch (server/cli.ts), succeeded or refused, with the operator (`user@host`) as actor.
 * A command notes its project and target as it runs ({@link CliAuditNote}); the action is named from the
 * command (`secrets create` secret.create, `keys rotate` key.rotate, `impersonate` impersonation.start),
 * so a command added later is recorded too. Nothing the operator typed is stored but ids and a few
 * allow-listed details (record.ts scrubDetails); an unknown command is not recorded at all (it may be a
 * pasted secret).
 */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { Db } from '../db/index.ts';
import { type AuditTarget, recordAudit } from './record.ts';

/** What a command tells the recorder as it runs: its project (null: server-wide), target and details. */
export interface CliAuditNote {
  /** The action, where the command's name is not it (`impersonate` is impersonation.start). */
  action?: string;
  projectId?: string | null;
  target?: AuditTarget;
  details?: Record<string, unknown>;
  /** Set by the dispatch's default case: not a command, nothing to record. */
  unknown?: boolean;
}

const singular = (s: string) => (s.endsWith('s') ? s.slice(0, -1) : s);

/** The action of a CLI command: `secrets create` secret.create, `idp-clients delete` idp_client.delete. */
export function cliAction(cmd: string, sub: string | undefined): string {
  const resource = singular(cmd).replaceAll('-', '_');
  return sub ? `${resource}.${sub.replaceAll('-', '_')}` : resource;
}

/** The operator: the login name (SUDO_USER first, so `sudo` names the person) at this host. */
export function cliOperator(env: Record<string, string | undefined>): string {
  let user = env.SUDO_USER || env.USER || env.LOGNAME;
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      user = 'unknown';
    }
  }
  return `${user}@${hostname()}`;
}

/** The project a command worked on when it noted none: the database's only project, else none (server-wide). */
async function soleProject(db: Db): Promise<string | null> {
  const rows = await db.kysely.selectFrom('projects').select('project_id').limit(2).execute();
  return rows.length === 1 ? rows[0]!.project_id : null;
}

/** Records one CLI command (never throws: a failed write is printed to stderr). */
export async function recordCliCommand(
  db: Db,
  io: { env: Record<string, string | undefined>; now(): number; err(text: string): void },
  o: { cmd: string; sub: string | undefined; note: CliAuditNote; ok: boolean },
): Promise<void> {
  if (o.note.unknown) return;
  const projectId = o.note.projectId !== undefined ? o.note.projectId : await soleProject(db);
  await recordAudit(
    { db, now: io.now, log: (line) => io.err(`${line}\n`) },
    {
      action: o.note.action ?? cliAction(o.cmd, o.sub),
      outcome: o.ok ? 'success' : 'failure',
      actor: { kind: 'admin', id: cliOperator(io.env) },
      target: o.note.target ?? null,
      projectId,
      ip: null,
      // One id per command run, so the rows of a command (and its log lines) can be told apart.
      requestId: `request-id-cli-${randomUUID()}`,
      details: { command: [o.cmd, o.sub].filter(Boolean).join(' '), ...o.note.details },
    },
  );
}
