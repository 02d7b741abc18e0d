/**
 * `auth-elements-server admin grant|revoke|list` (issue 31): who holds the reserved `admin` role of the
 * admin console (docs/reference/admin.md#access). `grant` creates the user when the address has none,
 * with the address verified, so the console's email passcode signs them in at once.
 */
import { normalizeEmail } from '../../sdk-core/schemas/index.ts';
import type { CliAuditNote } from '../audit/cli.ts';
import type { Db } from '../db/index.ts';
import { AdminError, findProject } from '../ops/admin.ts';
import { adminServices } from '../ops/admin-services.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import { grantAdmin, listAdmins, revokeAdmin } from './access.ts';

/** Usage lines of the admin commands (part of the CLI's USAGE). */
export const ADMIN_USAGE = `  admin grant <email> [--project <id|public token>]   give the admin console's admin role (creates the user, email verified)
  admin revoke <email> [--project <id|public token>]  take it back (their console calls are refused at once)
  admin list [--project <id|public token>] [--json]   the project's admins
`;

/** Runs `admin <sub> [email]`; `operator` names who granted, for `project_admins.granted_by`. */
export async function adminCommand(
  db: Db,
  sub: string | undefined,
  arg: string | undefined,
  v: { project?: string | undefined; json?: boolean | undefined },
  io: { out(text: string): void; err(text: string): void; now(): number },
  note: CliAuditNote,
  operator: string,
): Promise<void> {
  const { project_id } = await findProject(db, v.project);
  note.projectId = project_id;
  if (sub === 'list') {
    const admins = await listAdmins(db, project_id);
    const emails = await db.kysely.selectFrom('emails').select(['user_id', 'email']).where('project_id', '=', project_id).execute();
    const rows = admins.map((a) => ({
      ...a,
      granted_at: new Date(a.granted_at).toISOString(),
      emails: emails.filter((e) => e.user_id === a.user_id).map((e) => e.email),
    }));
    if (v.json) io.out(`${JSON.stringify(rows, null, 2)}\n`);
    else if (rows.length === 0) io.out('(no admins: admin grant <email> makes the first)\n');
    else io.out(rows.map((r) => `${r.user_id}  ${r.emails.join(', ')}  granted ${r.granted_at} by ${r.granted_by}\n`).join(''));
    return;
  }
  if (sub !== 'grant' && sub !== 'revoke') throw new AdminError(`unknown command: admin ${sub ?? ''}\n\n${ADMIN_USAGE}`);
  const email = arg === undefined ? null : normalizeEmail(arg);
  if (email === null) throw new AdminError(`admin ${sub} needs an email address`);
  const svc = await adminServices(db, project_id, { now: io.now, log: (line) => io.err(`${line}\n`) });
  try {
    if (sub === 'grant') {
      const user = await findOrCreateUserByEmail(svc, email, 'active', { source: 'admin' });
      // Verified, as an address the operator vouches for: the console's passcode sign-in then needs nothing more.
      await db.kysely.updateTable('emails').set({ verified: 1 }).where('email_id', '=', user.email_id).execute();
      await db.kysely.updateTable('users').set({ status: 'active' }).where('user_id', '=', user.user_id).execute();
      note.target = { kind: 'user', id: user.user_id };
      const added = await grantAdmin(db, project_id, user.user_id, `cli:${operator}`, io.now());
      if (added) await svc.events.emit({ type: 'user.updated', user_id: user.user_id });
      io.out(`${added ? 'granted' : 'already an admin:'} ${user.user_id} (${email})${user.created ? ', created' : ''}\n`);
      return;
    }
    const row = await db.kysely.selectFrom('emails').select('user_id').where('project_id', '=', project_id).where('email', '=', email).executeTakeFirst();
    if (!row) throw new AdminError(`no user with email ${email} in project ${project_id}`);
    note.target = { kind: 'user', id: row.user_id };
    if (!(await revokeAdmin(db, project_id, row.user_id))) throw new AdminError(`${email} is not an admin`);
    await svc.events.emit({ type: 'user.updated', user_id: row.user_id });
    io.out(`revoked the admin role of ${row.user_id} (${email})\n`);
  } finally {
    await svc.close();
  }
}
