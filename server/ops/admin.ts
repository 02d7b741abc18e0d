/**
 * What the admin CLI (server/cli.ts) does, as functions over an open database (issue 18), so tests call
 * them on SQLite and Postgres alike. Changes to a project's settings are stored at once; a running server
 * reads its project at start, so they apply when it restarts (a live project configured by PROJECT_CONFIG
 * takes its lists from that file at every start: edit the file instead).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { type ProjectConfig, type ProjectMode, TEST_PROJECT_DEFAULTS, NEW_PROJECT_BOOTSTRAP } from '../project/config.ts';
import { allowedOriginProblem } from '../project/origins.ts';
import { parseRedirectEntry } from '../redirect-allowlist.ts';

/** A project as `projects list` shows it. */
export interface ProjectSummary {
  project_id: string;
  public_token: string;
  mode: ProjectMode;
  project_name: string;
  created_at: string;
  allowed_origins: string[];
  redirect_urls: string[];
}

type ProjectRow = { project_id: string; public_token: string; mode: string; project_name: string; config: string; created_at: number };

const summary = (r: ProjectRow): ProjectSummary => {
  const c = { ...TEST_PROJECT_DEFAULTS, ...(JSON.parse(r.config) as Partial<ProjectConfig>) };
  return {
    project_id: r.project_id,
    public_token: r.public_token,
    mode: r.mode === 'live' ? 'live' : 'test',
    project_name: r.project_name,
    created_at: new Date(r.created_at).toISOString(),
    allowed_origins: c.allowed_origins,
    redirect_urls: c.redirect_urls,
  };
};

/** Every project, oldest first. */
export async function listProjects(db: Db): Promise<ProjectSummary[]> {
  const rows = await db.kysely.selectFrom('projects').selectAll().orderBy('created_at').execute();
  return rows.map(summary);
}

/** Refusal of an admin command: the CLI prints the message and exits 1. */
export class AdminError extends Error {}

/**
 * Creates a project. A test project starts with the loopback defaults; a live one with the origins and
 * redirect URLs given (checked as the project file's are). Returns it, with its new public token.
 */
export async function createProject(
  db: Db,
  opts: { name: string; mode: ProjectMode; allowedOrigins?: string[]; redirectUrls?: string[]; now: number },
): Promise<ProjectSummary> {
  if (opts.name.trim() === '' || opts.name.length > 200) throw new AdminError('the project name must be 1 to 200 characters');
  const config: ProjectConfig =
    opts.mode === 'test'
      ? { ...TEST_PROJECT_DEFAULTS }
      : { allowed_origins: [], redirect_urls: [], products: ['otp'], display_watermark: true, bootstrap: { ...NEW_PROJECT_BOOTSTRAP } };
  for (const o of opts.allowedOrigins ?? []) config.allowed_origins = addOrigin(config.allowed_origins, o);
  for (const u of opts.redirectUrls ?? []) config.redirect_urls = addRedirect(config.redirect_urls, u);
  const id = randomUUID();
  const row: ProjectRow = {
    project_id: `project-${opts.mode}-${id}`,
    public_token: `public-token-${opts.mode}-${randomUUID()}`,
    mode: opts.mode,
    project_name: opts.name.trim(),
    config: JSON.stringify(config),
    created_at: opts.now,
  };
  await db.kysely.insertInto('projects').values(row).execute();
  return summary(row);
}

/** The project named by id or public token; with none named, the only project (refused when there are several). */
export async function findProject(db: Db, ref?: string): Promise<ProjectRow> {
  const rows = await db.kysely.selectFrom('projects').selectAll().orderBy('created_at').execute();
  if (ref) {
    const row = rows.find((r) => r.project_id === ref || r.public_token === ref);
    if (!row) throw new AdminError(`no project ${ref}`);
    return row;
  }
  if (rows.length === 1) return rows[0]!;
  if (rows.length === 0) throw new AdminError('the database holds no project yet (start the server once, or run projects create)');
  throw new AdminError(`the database holds ${rows.length} projects: name one with --project <project_id or public_token>`);
}

function addOrigin(list: string[], origin: string): string[] {
  const p = allowedOriginProblem(origin);
  if (p) throw new AdminError(`${JSON.stringify(origin)} ${p}`);
  return list.includes(origin) ? list : [...list, origin];
}

function addRedirect(list: string[], url: string): string[] {
  const p = parseRedirectEntry(url);
  if (typeof p === 'string') throw new AdminError(`${JSON.stringify(url)} ${p}`);
  return list.includes(url) ? list : [...list, url];
}

/** Which list of a project's settings {@link editProjectList} edits. */
export type ProjectList = 'allowed_origins' | 'redirect_urls';

/**
 * Adds or removes one entry of a project's allowed origins or redirect URLs (checked as the project file's
 * entries are: no wildcard hosts, no bare schemes) and returns the new list.
 */
export async function editProjectList(db: Db, opts: { project?: string; list: ProjectList; action: 'add' | 'remove'; value: string }): Promise<string[]> {
  const row = await findProject(db, opts.project);
  const config = { ...TEST_PROJECT_DEFAULTS, ...(JSON.parse(row.config) as Partial<ProjectConfig>) };
  const current = config[opts.list];
  let next: string[];
  if (opts.action === 'add') next = opts.list === 'allowed_origins' ? addOrigin(current, opts.value) : addRedirect(current, opts.value);
  else {
    if (!current.includes(opts.value)) throw new AdminError(`${JSON.stringify(opts.value)} is not in ${opts.list}`);
    next = current.filter((x) => x !== opts.value);
  }
  const stored = JSON.parse(row.config) as Partial<ProjectConfig>;
  await db.kysely
    .updateTable('projects')
    .set({ config: JSON.stringify({ ...stored, [opts.list]: next }) })
    .where('project_id', '=', row.project_id)
    .execute();
  return next;
}

async function requireUser(db: Db, userId: string): Promise<{ user_id: string; project_id: string }> {
  const u = await db.kysely.selectFrom('users').select(['user_id', 'project_id']).where('user_id', '=', userId).executeTakeFirst();
  if (!u) throw new AdminError(`no user ${userId}`);
  return u;
}

// Column names holding a hash or secret: an export shows that one exists, never its value.
const SECRET_COLUMN = /(^|_)(hash|secret|private_jwk|code)$|^token$|^payload$/;

/** Tables with a `user_id` column, from the database's catalogue: every method's table, present and future. */
async function userTables(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return tables
    .filter((t) => t.name !== 'users' && t.columns.some((c) => c.name === 'user_id'))
    .map((t) => t.name)
    .sort();
}

type Untyped = Kysely<Record<string, Record<string, unknown>>>;

/** The user's addresses (emails and phone numbers): rows that name them by address reference them too. */
async function addressesOf(k: Untyped, userId: string): Promise<string[]> {
  const emails = await k.selectFrom('emails').select('email').where('user_id', '=', userId).execute();
  const phones = await k.selectFrom('phone_numbers').select('phone_number').where('user_id', '=', userId).execute();
  return [...emails.map((e) => String(e.email)), ...phones.map((p) => String(p.phone_number))];
}

/**
 * Every row that references the user (data-access requests): the `users` row, each table with a `user_id`
 * column (found in the catalogue, so method tables added later are included) and the dev inbox and
 * suppression rows naming one of their addresses. Hashes and secrets show as `[redacted]`.
 */
export async function exportUser(db: Db, userId: string): Promise<{ user_id: string; exported_at: string; tables: Record<string, Record<string, unknown>[]> }> {
  await requireUser(db, userId);
  const k = db.kysely as unknown as Untyped;
  const redact = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([col, v]) => [col, SECRET_COLUMN.test(col) && v !== null ? '[redacted]' : v]));
  const tables: Record<string, Record<string, unknown>[]> = {};
  tables.users = (await k.selectFrom('users').selectAll().where('user_id', '=', userId).execute()).map(redact);
  for (const t of await userTables(db)) {
    const rows = await k.selectFrom(t).selectAll().where('user_id', '=', userId).execute();
    if (rows.length > 0) tables[t] = rows.map(redact);
  }
  const addresses = await addressesOf(k, userId);
  if (addresses.length > 0) {
    const inbox = await k.selectFrom('dev_messages').selectAll().where('to_addr', 'in', addresses).execute();
    if (inbox.length > 0) tables.dev_messages = inbox.map(redact);
    const suppressions = await k.selectFrom('suppressions').selectAll().where('address', 'in', addresses).execute();
    if (suppressions.length > 0) tables.suppressions = suppressions.map(redact);
  }
  return { user_id: userId, exported_at: new Date().toISOString(), tables };
}

/**
 * Deletes a user and everything that references them, in one transaction: each table with a `user_id`
 * column, dev inbox messages and outbox jobs addressed to them, then the `users` row. Suppressions (an
 * address that said STOP, or bounced) are kept: deleting one would let messages reach it again.
 * Returns the rows deleted per table.
 */
export async function deleteUser(db: Db, userId: string): Promise<Record<string, number>> {
  await requireUser(db, userId);
  const tables = await userTables(db);
  return (db.kysely as unknown as Untyped).transaction().execute(async (trx) => {
    const deleted: Record<string, number> = {};
    const note = (t: string, n: bigint) => {
      if (n > 0n) deleted[t] = (deleted[t] ?? 0) + Number(n);
    };
    const addresses = await addressesOf(trx, userId);
    for (const a of addresses) note('dev_messages', (await trx.deleteFrom('dev_messages').where('to_addr', '=', a).executeTakeFirst()).numDeletedRows);
    // Queued messages are JSON with the address as `to`: parsed, not matched with LIKE (an `_` in an address is a LIKE wildcard).
    const jobs = await trx.selectFrom('outbox_jobs').select(['job_id', 'payload']).execute();
    for (const j of jobs) {
      let to: unknown;
      try {
        to = (JSON.parse(String(j.payload)) as { to?: unknown }).to;
      } catch {
        continue;
      }
      if (typeof to === 'string' && addresses.includes(to)) {
        note(
          'outbox_jobs',
          (
            await trx
              .deleteFrom('outbox_jobs')
              .where('job_id', '=', j.job_id as string)
              .executeTakeFirst()
          ).numDeletedRows,
        );
      }
    }
    for (const t of tables) note(t, (await trx.deleteFrom(t).where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
    note('users', (await trx.deleteFrom('users').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
    return deleted;
  });
}

/** The user id of an email address in a project (the CLI accepts either). */
export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const rows = await db.kysely.selectFrom('emails').select('user_id').where('email', '=', email.trim().toLowerCase()).execute();
  if (rows.length === 0) throw new AdminError(`no user with email ${email}`);
  if (new Set(rows.map((r) => r.user_id)).size > 1) throw new AdminError(`several projects have a user with email ${email}: give the user_id`);
  return rows[0]!.user_id;
}
