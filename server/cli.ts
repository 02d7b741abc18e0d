/**
 * The admin CLI (issue 18): `auth-elements-server <command>` (server package bin) or `npm run admin -- <command>`
 * at the repository root. It works on the database the server uses, from the same environment
 * (DATABASE_URL, else DATA_DIR): run it beside the server, in its container, or against its database.
 * `help` lists the commands; server/README.md, "Admin CLI", documents them.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN_USAGE, adminCommand } from './admin/cli.ts';
import { type CliAuditNote, cliOperator, recordCliCommand } from './audit/cli.ts';
import { listAuditLogs } from './audit/query.ts';
import { createProjectSecret, listProjectSecrets, revokeProjectSecret } from './backend/secrets.ts';
import { requireBackendUser } from './backend/users.ts';
import { type Db, openDatabase } from './db/index.ts';
import { listSigningKeys, rotateSigningKey } from './keys.ts';
import { readLiveProjectFile } from './project/file.ts';
import { hookProblems } from './hooks/setup.ts';
import { createIdpClient, deleteIdpClient, listStoredIdpClients } from './idp/index.ts';
import { mintImpersonationToken } from './impersonation/index.ts';
import { SERVER_METHODS } from './methods.ts';
import { pruneOnce } from './prune.ts';
import { getUserRoles, setUserRoles } from './rbac/index.ts';
import { AdminError, createProject, editProjectList, exportUser, findProject, listProjects, type ProjectList, userIdByEmail } from './ops/admin.ts';
import { adminServices } from './ops/admin-services.ts';
import { backupSqlite, restoreSqlite } from './ops/backup.ts';
import { checkEnvironment, configErrorMessage } from './ops/config.ts';
import { opsOptionsFromEnv } from './ops/startup.ts';
import type { Services } from './services.ts';
import { removeUser, revokeUserSessions } from './user-actions.ts';
import { WEBHOOKS_USAGE, webhooksCommand } from './webhooks/cli.ts';

/** Where the CLI writes and what it reads (injected by tests). */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  now(): number;
}

/** The usage text of `help`. */
export const USAGE = `Usage: auth-elements-server <command> [options]     (database: DATABASE_URL, else DATA_DIR, default ./data)

  check-config                         validate the environment and PROJECT_CONFIG, then exit (0 valid, 2 invalid)
  migrate                              apply pending database migrations, then exit
  projects list [--json]
  projects create --name <name> [--live] [--origin <origin>]... [--redirect-url <url>]...
  origins list|add|remove [<origin>] [--project <id|public token>]
  redirect-urls list|add|remove [<url>] [--project <id|public token>]
  keys list [--json]
  keys rotate [--at <ISO time>] [--in <30s|10m|2h|1d>]   new key published now, signing from then
  secrets create [--project <id|public token>] [--json]
                                       a new secret for the /v1 backend API (secret-test-… / secret-live-…), shown once
  secrets list [--project <id|public token>] [--json]   id, created, last used, revoked; never the secret
  secrets revoke <secret_id> [--project <id|public token>]   stops it at once (other secrets keep working)
  sessions revoke --user <user_id|email>
  users export --user <user_id|email> [--out <file>]     every row that references the user, as JSON
  users delete --user <user_id|email> --yes             the user and everything that references them
  roles get --user <user_id|email>                      the roles given to the user (besides the project's default roles)
  roles set --user <user_id|email> [--role <role_id>]...  replace them (each role must be in the project's RBAC policy)
  impersonate --user <user_id|email> --admin <admin id> [--reason <text>]
                                       a single-use impersonation token (5 minutes), audited
  idp-clients list [--project <id|public token>] [--json]   OpenID provider clients created here (not the PROJECT_CONFIG ones)
  idp-clients create --name <name> --redirect-uri <uri>... [--post-logout-uri <uri>]... [--logo-url <url>]
                     [--public] [--first-party] [--project <id|public token>]
                                       prints the client_id and, for a confidential client, its secret (shown once)
  idp-clients delete <client_id> [--project <id|public token>] --yes   revokes its grants, tokens and consents
  prune                                one retention pass now (RETENTION_* periods)
  audit list [--action <name>] [--actor <id>] [--target <id>] [--since <ISO time|30m|2h|7d>] [--limit <n>]
             [--project <id|public token>] [--json]   the audit log, newest first (every command here is recorded)
${ADMIN_USAGE}  backup --out <file>                  SQLite: online backup while the server runs
  restore --from <file> --yes          SQLite: replace the database (stop every server first)
${WEBHOOKS_USAGE}`;

const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Runs one command; resolves to the process exit code (0 ok, 1 refused, 2 usage or configuration). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values: v, positionals: pos } = parsed;
  const [cmd, sub, arg] = pos;
  if (!cmd || cmd === 'help' || v.help) {
    io.out(USAGE);
    return cmd || v.help ? 0 : 2;
  }
  if (cmd === 'check-config') {
    const { problems, warnings } = checkEnvironment(io.env);
    if (problems.length === 0 && io.env.PROJECT_CONFIG) {
      try {
        const live = readLiveProjectFile(io.env.PROJECT_CONFIG);
        // Blocking hooks: the addresses their hosts resolve to, as the server checks them at start.
        for (const p of await hookProblems(live.hooks, 'live')) problems.push(`PROJECT_CONFIG ${io.env.PROJECT_CONFIG} is invalid: ${p}`);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    for (const w of warnings) io.err(`warning: ${w}\n`);
    if (problems.length > 0) {
      io.err(`${configErrorMessage(problems)}\n`);
      return 2;
    }
    io.out('configuration valid\n');
    return 0;
  }
  const dataDir = io.env.DATA_DIR || './data';
  if (cmd === 'backup' || cmd === 'restore') {
    if (io.env.DATABASE_URL) {
      io.err('backup and restore are for SQLite; for Postgres use pg_dump / pg_restore (server/README.md, "Backup and restore")\n');
      return 1;
    }
    return guard(io, async () => {
      if (cmd === 'backup') {
        if (!v.out) throw new AdminError('backup needs --out <file>');
        const r = await backupSqlite(dataDir, v.out);
        io.out(`backed up ${r.totalPages} pages to ${v.out}\n`);
      } else {
        if (!v.from) throw new AdminError('restore needs --from <file>');
        if (!v.yes) throw new AdminError('restore replaces the database: confirm with --yes');
        const r = restoreSqlite(dataDir, v.from, io.now());
        io.out(`restored ${v.from}${r.previous ? `; the replaced database is kept at ${r.previous}` : ''}\n`);
      }
    });
  }
  let db: Db;
  try {
    db = await openDatabase({ dataDir, ...(io.env.DATABASE_URL ? { databaseUrl: io.env.DATABASE_URL } : {}) });
  } catch (err) {
    io.err(`cannot open the database: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    // Every command that reaches the database is an audit row, refused ones too (server/audit/cli.ts).
    const note: CliAuditNote = {};
    const code = await guard(io, () => command(db, cmd, sub, arg, v, io, note));
    await recordCliCommand(db, io, { cmd, sub, note, ok: code === 0 });
    return code;
  } finally {
    await db.close();
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      yes: { type: 'boolean' },
      live: { type: 'boolean' },
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'redirect-url': { type: 'string', multiple: true },
      project: { type: 'string' },
      user: { type: 'string' },
      out: { type: 'string' },
      from: { type: 'string' },
      at: { type: 'string' },
      in: { type: 'string' },
      role: { type: 'string', multiple: true },
      admin: { type: 'string' },
      reason: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'post-logout-uri': { type: 'string', multiple: true },
      'logo-url': { type: 'string' },
      public: { type: 'boolean' },
      'first-party': { type: 'boolean' },
      action: { type: 'string' },
      actor: { type: 'string' },
      target: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      // webhooks (webhooks/cli.ts)
      url: { type: 'string' },
      event: { type: 'string', multiple: true },
      'event-id': { type: 'string' },
      enable: { type: 'boolean' },
      disable: { type: 'boolean' },
    },
  });
}

type Values = ReturnType<typeof parse>['values'];

async function guard(io: CliIo, fn: () => Promise<unknown>): Promise<number> {
  try {
    await fn();
    return 0;
  } catch (err) {
    if (err instanceof AdminError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

async function projectOfUser(db: Db, userId: string): Promise<string> {
  const row = await db.kysely.selectFrom('users').select('project_id').where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new AdminError(`no user ${userId}`);
  return row.project_id;
}

async function asRefusal<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw err instanceof AdminError ? err : new AdminError((err as Error).message);
  }
}

const json = (x: unknown) => `${JSON.stringify(x, null, 2)}\n`;

async function command(db: Db, cmd: string, sub: string | undefined, arg: string | undefined, v: Values, io: CliIo, note: CliAuditNote): Promise<void> {
  const user = async () => {
    if (!v.user) throw new AdminError(`${cmd} ${sub} needs --user <user_id or email>`);
    const id = v.user.includes('@') ? await userIdByEmail(db, v.user) : v.user;
    note.target = { kind: 'user', id };
    // Before the command acts: a deleted user's project is not known after.
    const row = await db.kysely.selectFrom('users').select('project_id').where('user_id', '=', id).executeTakeFirst();
    if (row) note.projectId = row.project_id;
    return id;
  };
  // The user's project's services, for a command that takes a `/v1` route's action (user-actions.ts): the
  // same change and the same events, queued for the server's webhook worker.
  const withProject = async <T>(projectId: string, fn: (svc: Services) => Promise<T>): Promise<T> => {
    const svc = await adminServices(db, projectId, { now: io.now, log: (line) => io.err(`${line}\n`) });
    try {
      return await fn(svc);
    } finally {
      await svc.close();
    }
  };
  const asRoute = async <T>(id: string, fn: (svc: Services) => Promise<T>): Promise<T> => withProject(await projectOfUser(db, id), fn);
  // The project a command names (--project), for its audit row; the command itself resolves it again.
  const named = v.project ? await findProject(db, v.project).catch(() => null) : null;
  if (named) note.projectId = named.project_id;
  switch (`${cmd} ${sub ?? ''}`.trim()) {
    case 'migrate':
      note.projectId = null;
      // openDatabase applied every pending migration.
      io.out('database migrated\n');
      return;
    case 'projects list': {
      const projects = await listProjects(db);
      if (!v.json && projects.length === 0) io.out('(no projects: the server creates its project at first start)\n');
      else io.out(v.json ? json(projects) : projects.map((p) => `${p.project_id}  ${p.mode}  ${p.public_token}  ${p.project_name}\n`).join(''));
      return;
    }
    case 'projects create': {
      if (!v.name) throw new AdminError('projects create needs --name <name>');
      const p = await createProject(db, {
        name: v.name,
        mode: v.live ? 'live' : 'test',
        allowedOrigins: v.origin ?? [],
        redirectUrls: v['redirect-url'] ?? [],
        now: io.now(),
      });
      note.projectId = p.project_id;
      note.target = { kind: 'project', id: p.project_id };
      io.out(v.json ? json(p) : `created ${p.project_id}\npublic token: ${p.public_token}\n`);
      return;
    }
    case 'origins list':
    case 'origins add':
    case 'origins remove':
    case 'redirect-urls list':
    case 'redirect-urls add':
    case 'redirect-urls remove': {
      const list: ProjectList = cmd === 'origins' ? 'allowed_origins' : 'redirect_urls';
      if (sub === 'list') {
        const projects = await listProjects(db);
        const { project_id } = await findProject(db, v.project);
        const entries = projects.find((p) => p.project_id === project_id)![list];
        io.out(v.json ? json(entries) : entries.map((e) => `${e}\n`).join(''));
        return;
      }
      if (!arg) throw new AdminError(`${cmd} ${sub} needs the ${cmd === 'origins' ? 'origin' : 'URL'}`);
      note.details = { list, value: arg };
      const next = await editProjectList(db, { list, action: sub as 'add' | 'remove', value: arg, ...(v.project ? { project: v.project } : {}) });
      io.out(`${list} now: ${next.join(', ') || '(none)'}\n(running servers apply it when they restart)\n`);
      return;
    }
    case 'keys list': {
      const now = io.now();
      const keys = await listSigningKeys(db);
      const state = (k: (typeof keys)[number]) =>
        k.retire_at !== null && k.retire_at <= now ? 'retired' : k.active_from > now ? 'pending' : k.retire_at !== null ? 'retiring' : 'signing';
      io.out(
        v.json
          ? json(keys.map((k) => ({ ...k, state: state(k) })))
          : keys
              .map(
                (k) =>
                  `${k.kid}  ${state(k)}  signs from ${new Date(k.active_from).toISOString()}${k.retire_at ? `  leaves the JWKS at ${new Date(k.retire_at).toISOString()}` : ''}\n`,
              )
              .join(''),
      );
      return;
    }
    case 'keys rotate': {
      const now = io.now();
      let activeAt = now;
      if (v.at && v.in) throw new AdminError('give --at or --in, not both');
      if (v.at) {
        activeAt = Date.parse(v.at);
        if (Number.isNaN(activeAt)) throw new AdminError(`--at ${v.at} is not an ISO time`);
      } else if (v.in) {
        const m = DURATION.exec(v.in);
        if (!m) throw new AdminError(`--in ${v.in} is not a duration like 30s, 10m, 2h, 1d`);
        activeAt = now + Number(m[1]) * UNIT_MS[m[2]!]!;
      }
      // Signing keys serve every project of the database: a server-wide row.
      note.projectId = null;
      const r = await rotateSigningKey(db, { now, activeAt }).catch((err: Error) => {
        throw new AdminError(err.message);
      });
      note.target = { kind: 'signing_key', id: r.kid };
      note.details = { kid: r.kid, active_from: new Date(r.activeFrom).toISOString() };
      io.out(
        `new key ${r.kid}: in the JWKS now, signs from ${new Date(r.activeFrom).toISOString()}\nthe previous key leaves the JWKS at ${new Date(r.previousRetireAt).toISOString()}\n`,
      );
      if (activeAt - now < 5 * 60_000)
        io.err('warning: relying parties caching the JWKS for up to 5 minutes may not have the new key yet; --in 10m avoids that\n');
      return;
    }
    case 'secrets create': {
      const row = await findProject(db, v.project);
      const created = await createProjectSecret(db.kysely, { project_id: row.project_id, mode: row.mode === 'live' ? 'live' : 'test' }, io.now());
      note.projectId = row.project_id;
      note.target = { kind: 'secret', id: created.secret_id };
      io.out(
        v.json
          ? json({ ...created, created_at: new Date(created.created_at).toISOString() })
          : `created ${created.secret_id}\nsecret: ${created.secret}\n(shown once: store it in your backend's secret store; the server keeps only its hash)\n`,
      );
      return;
    }
    case 'secrets list': {
      const row = await findProject(db, v.project);
      const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
      const secrets = (await listProjectSecrets(db.kysely, row.project_id)).map((s) => ({
        secret_id: s.secret_id,
        created_at: iso(s.created_at),
        last_used_at: iso(s.last_used_at),
        revoked_at: iso(s.revoked_at),
      }));
      if (v.json) io.out(json(secrets));
      else if (secrets.length === 0) io.out('(no secrets: create one with secrets create)\n');
      else
        io.out(
          secrets
            .map((s) => `${s.secret_id}  created ${s.created_at}  last used ${s.last_used_at ?? 'never'}${s.revoked_at ? `  revoked ${s.revoked_at}` : ''}\n`)
            .join(''),
        );
      return;
    }
    case 'secrets revoke': {
      if (!arg) throw new AdminError('secrets revoke needs the secret_id (secrets list shows them)');
      const row = await findProject(db, v.project);
      note.projectId = row.project_id;
      note.target = { kind: 'secret', id: arg };
      if (!(await revokeProjectSecret(db.kysely, row.project_id, arg, io.now()))) throw new AdminError(`no active secret ${arg} in project ${row.project_id}`);
      io.out(`revoked ${arg}\n`);
      return;
    }
    case 'sessions revoke': {
      const id = await user();
      const revoked = await asRoute(id, (svc) => revokeUserSessions(svc, id));
      io.out(`revoked ${revoked.length} session(s)\n`);
      return;
    }
    case 'users export': {
      const data = await exportUser(db, await user());
      if (v.out) {
        writeFileSync(v.out, json(data), { mode: 0o600 });
        io.out(`exported to ${v.out}\n`);
      } else io.out(json(data));
      return;
    }
    case 'users delete': {
      const id = await user();
      if (!v.yes) throw new AdminError(`users delete removes ${id} and everything that references them: confirm with --yes`);
      const deleted = await asRoute(id, async (svc) => removeUser(svc, id, await requireBackendUser(svc, id)));
      io.out(
        v.json
          ? json(deleted)
          : `deleted ${id}: ${Object.entries(deleted)
              .map(([t, n]) => `${t} ${n}`)
              .join(', ')}\n`,
      );
      return;
    }
    case 'roles get':
    case 'roles set': {
      const id = await user();
      const projectId = await projectOfUser(db, id);
      // setUserRoles refuses an unknown role or user with a plain Error: for the operator that is a refusal, not a crash.
      const roles = await asRefusal(() => (sub === 'set' ? setUserRoles(db, projectId, id, v.role ?? []) : getUserRoles(db, projectId, id)));
      // New roles are a user.updated, as a `PUT /v1/users/{id}` setting them is.
      if (sub === 'set') await asRoute(id, (svc) => svc.events.emit({ type: 'user.updated', user_id: id }));
      io.out(v.json ? json({ user_id: id, roles }) : `${id}: ${roles.length > 0 ? roles.join(', ') : '(no roles given)'}\n`);
      return;
    }
    case 'impersonate': {
      const id = await user();
      if (!v.admin) throw new AdminError('impersonate needs --admin <the admin id recorded in the audit>');
      const projectId = await projectOfUser(db, id);
      const admin = v.admin;
      note.action = 'impersonation.start';
      note.details = { admin_id: admin, reason: v.reason ?? '' };
      const minted = await asRefusal(() => mintImpersonationToken(db, projectId, id, { adminId: admin, reason: v.reason ?? '', now: io.now() }));
      io.out(
        v.json
          ? json({ token: minted.token, expires_at: new Date(minted.expiresAt).toISOString() })
          : `${minted.token}\nsingle use, expires ${new Date(minted.expiresAt).toISOString()}\n`,
      );
      return;
    }
    case 'idp-clients list': {
      const { project_id } = await findProject(db, v.project);
      const clients = (await listStoredIdpClients(db, project_id)).map(({ client_secret_hash, ...c }) => ({ ...c, confidential: client_secret_hash !== null }));
      if (!v.json && clients.length === 0) io.out('(no clients created here; PROJECT_CONFIG may declare more under idp_clients)\n');
      else
        io.out(
          v.json
            ? json(clients)
            : clients.map((c) => `${c.client_id}  ${c.client_type}  ${c.confidential ? 'confidential' : 'public'}  ${c.client_name}\n`).join(''),
        );
      return;
    }
    case 'idp-clients create': {
      if (!v.name) throw new AdminError('idp-clients create needs --name <name>');
      if (!v['redirect-uri']?.length) throw new AdminError('idp-clients create needs at least one --redirect-uri <uri> (matched exactly)');
      const { project_id } = await findProject(db, v.project);
      note.projectId = project_id;
      const created = await asRefusal(() =>
        createIdpClient(db, project_id, {
          client_name: v.name ?? '',
          redirect_uris: v['redirect-uri'] ?? [],
          post_logout_redirect_uris: v['post-logout-uri'] ?? [],
          client_type: v['first-party'] ? 'first_party' : 'third_party',
          ...(v['logo-url'] ? { logo_url: v['logo-url'] } : {}),
          public: v.public ?? false,
          now: io.now(),
        }),
      );
      note.target = { kind: 'idp_client', id: created.client_id };
      io.out(
        v.json
          ? json(created)
          : `client_id: ${created.client_id}\n${created.client_secret ? `client_secret: ${created.client_secret}\n(shown once: only its SHA-256 is stored)\n` : 'public client: no secret (PKCE only)\n'}`,
      );
      return;
    }
    case 'idp-clients delete': {
      if (!arg) throw new AdminError('idp-clients delete needs the client_id');
      if (!v.yes) throw new AdminError('idp-clients delete ends every grant and token of the client: confirm with --yes');
      const { project_id } = await findProject(db, v.project);
      note.projectId = project_id;
      note.target = { kind: 'idp_client', id: arg };
      // The users' consents it revokes are consent.revoked events, queued for the server's webhook worker.
      const deleted = await withProject(project_id, (svc) => deleteIdpClient(db, project_id, arg, io.now(), svc.events));
      if (!deleted) throw new AdminError(`no client ${arg} created in project ${project_id}`);
      io.out(`deleted ${arg}: its grants, tokens and users' consents are revoked\n`);
      return;
    }
    case 'prune': {
      note.projectId = null;
      const opts = opsOptionsFromEnv(io.env).prune ?? {};
      const report = await pruneOnce({ db, now: io.now, log: (l: string) => io.err(`${l}\n`), methods: SERVER_METHODS }, opts);
      io.out(
        v.json
          ? json(report)
          : `pruned: ${
              Object.entries(report)
                .map(([t, n]) => `${t} ${n}`)
                .join(', ') || 'nothing'
            }\n`,
      );
      return;
    }
    case 'audit list': {
      const { project_id } = await findProject(db, v.project);
      note.projectId = project_id;
      let startTime: number | undefined;
      if (v.since) {
        const m = DURATION.exec(v.since);
        startTime = m ? io.now() - Number(m[1]) * UNIT_MS[m[2]!]! : Date.parse(v.since);
        if (Number.isNaN(startTime)) throw new AdminError(`--since ${v.since} is neither an ISO time nor a duration like 30m, 2h, 7d`);
      }
      const limit = v.limit === undefined ? undefined : Number(v.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new AdminError('--limit must be a positive integer');
      const page = await listAuditLogs(db, project_id, {
        ...(v.action ? { action: v.action } : {}),
        ...(v.actor ? { actor: v.actor } : {}),
        ...(v.target ? { target: v.target } : {}),
        ...(startTime !== undefined ? { startTime } : {}),
        ...(limit !== undefined ? { limit } : {}),
      });
      if (v.json) io.out(json(page.audit_logs));
      else if (page.audit_logs.length === 0) io.out('(no audit rows match)\n');
      else
        io.out(
          page.audit_logs
            .map(
              (r) =>
                `${r.created_at}  ${r.action}${r.outcome === 'success' ? '' : ` (${r.outcome})`}  ${r.actor.kind}${r.actor.id ? `:${r.actor.id}` : ''}${r.target ? `  -> ${r.target.kind}:${r.target.id ?? ''}` : ''}${r.ip_address ? `  from ${r.ip_address}` : ''}\n`,
            )
            .join(''),
        );
      return;
    }
    default:
      if (cmd === 'webhooks') return webhooksCommand(db, sub, arg, v, io.out, io.now);
      if (cmd === 'admin') return adminCommand(db, sub, arg, v, io, note, cliOperator(io.env));
      note.unknown = true;
      throw new AdminError(`unknown command: ${[cmd, sub].filter(Boolean).join(' ')}\n\n${USAGE}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runCli(process.argv.slice(2), {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    env: process.env,
    now: Date.now,
  });
  process.exitCode = code;
}
