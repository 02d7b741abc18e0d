/** Shared helpers for the server tests: an in-process app with a movable clock and a typed caller. */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { serve } from '@hono/node-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import pg from 'pg';
import type { InboxResponse } from '../sdk-core/schemas/index.ts';
import type { Services } from './services.ts';
import { type AppInstance, type AppOptions, createApp } from './app.ts';
import { createProjectSecret } from './backend/secrets.ts';
import { openDatabase } from './db/index.ts';
import { sqliteFile } from './ops/backup.ts';
import { migrationProvider } from './db/migrations.ts';
import type { ServerMethod } from './method.ts';
import { SERVER_METHODS } from './methods.ts';

// Every app of the tests' processes does its key stretching at the cheapest cost each method accepts
// (ServerMethod.cheapWorkForTests); the production costs have their own tests.
for (const m of SERVER_METHODS as readonly ServerMethod[]) m.cheapWorkForTests?.();

/** Result of {@link TestApp.call}: status, headers and the parsed JSON (or null). */
export interface CallResult {
  status: number;
  headers: Headers;
  json: Record<string, unknown> & { data?: Record<string, unknown>; error_type?: string };
}

/** Options of one call. `secret` defaults to the public token; `auth: false` sends no Authorization. */
export interface CallOptions {
  body?: unknown;
  raw?: string | Uint8Array | ReadableStream<Uint8Array>;
  secret?: string;
  publicToken?: string;
  auth?: boolean;
  origin?: string;
  headers?: Record<string, string>;
}

/** An app on a temp SQLite folder plus a clock tests can move. */
export interface TestApp {
  publicToken: string;
  projectId: string;
  /** The app's services, for tests that seed state the API has no call for yet. */
  services: Services;
  /** Every API route the app registered (AppInstance.routes). */
  routes: AppInstance['routes'];
  clock: { t: number };
  advance(ms: number): void;
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  /**
   * Serves the app on a loopback socket and returns its base URL; from then on `call` goes over real HTTP
   * (redirects not followed), for flows where the server calls itself (the dev OAuth provider's token
   * endpoint). The socket closes with `close`.
   */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Basic header for `public_token:secret`. */
export function basic(publicToken: string, secret: string): string {
  return `Basic ${Buffer.from(`${publicToken}:${secret}`).toString('base64')}`;
}

/** Creates a fresh temp folder (removed by the returned cleanup). */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'auth-elements-test-'));
  leftDirs.add(dir);
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
      leftDirs.delete(dir);
    },
  };
}

/**
 * Temp folders not yet cleaned up: removed when the test process exits, so a test that fails before
 * its cleanup, or a store whose cleanup never ran, leaves nothing in /tmp (a full run left ~180).
 */
const leftDirs = new Set<string>();
process.on('exit', () => {
  for (const dir of leftDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * With TEST_DATABASE_URL=postgres://... a fresh Postgres database (the role needs CREATEDB); otherwise a
 * temp SQLite folder. Returns the URL (if any) and a cleanup. The database is empty (tests of migrations
 * and of start-ups racing on one store) unless `migrated`: then it is a copy of a migrated template,
 * which is what every {@link testApp} gets (migrating takes ~0.4 s of a Postgres app's ~0.5 s start).
 */
export async function testDatabase(opts: { migrated?: boolean } = {}): Promise<{ databaseUrl?: string; cleanup(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { cleanup: async () => undefined };
  if (!opts.migrated) {
    const db = await throwawayPostgres(admin, 'ae_test');
    return { databaseUrl: db.url, cleanup: db.drop };
  }
  const url = reusable.pop() ?? (await fromTemplate(admin));
  return { databaseUrl: url, cleanup: () => recycle(admin, url) };
}

const TABLES_QUERY = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely\\_%' ORDER BY tablename";
/** The migrations a database records as applied (a test of readiness deletes one on purpose). */
const MIGRATIONS_QUERY = 'SELECT name FROM kysely_migration ORDER BY name';
/** Each database copied from the template as it was made (its tables, its recorded migrations): what a recycled one must still have. */
const shapeAtBirth = new Map<string, string>();

/** The shape a recycled database must keep: its tables and its recorded migrations. */
async function shapeOf(c: pg.Client): Promise<{ tables: string[]; shape: string }> {
  const tables = (await c.query<{ tablename: string }>(TABLES_QUERY)).rows.map((r) => r.tablename);
  const migrations = (await c.query<{ name: string }>(MIGRATIONS_QUERY)).rows.map((r) => r.name);
  return { tables, shape: `${tables.join()}|${migrations.join()}` };
}

/** A new database copied from the migrated template; a template dropped meanwhile (too many kept) is built again. */
async function fromTemplate(admin: string): Promise<string> {
  let url: string;
  try {
    url = (await throwawayPostgres(admin, `ae_test_p${process.pid}`, { template: await migratedTemplate(admin) })).url;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
    templates.delete(admin);
    url = (await throwawayPostgres(admin, `ae_test_p${process.pid}`, { template: await migratedTemplate(admin) })).url;
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    shapeAtBirth.set(url, (await shapeOf(c)).shape);
  } finally {
    await c.end();
  }
  return url;
}

/** Migrated databases of this process emptied by {@link recycle}, for the next {@link testDatabase}. */
const reusable: string[] = [];

/**
 * Empties a migrated test database for reuse (deleting a few rows from each table takes ~1 ms;
 * creating a database from the template and dropping it, ~250 ms). A database that still has a
 * session on it is dropped instead, which fails as it did before reuse: a test that leaves a
 * connection open is reported, not handed a store another test still writes to.
 */
async function recycle(admin: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let others: number;
  try {
    others = Number((await c.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])).rows[0].n);
    const { tables, shape } = await shapeOf(c);
    // A test that dropped a table (server/hardening.test.ts breaks the outbox on purpose) or deleted a
    // migration's record (server/ops/health.test.ts, a missing migration) leaves a store no other test
    // may get: the next server on it would migrate again and fail. It is dropped like a busy one.
    if (shape !== shapeAtBirth.get(url)) others = -1;
    if (others === 0) await c.query(tables.map((t) => `DELETE FROM "${t}"`).join(';'));
  } finally {
    await c.end();
  }
  if (others === 0) {
    reusable.push(url);
    return;
  }
  shapeAtBirth.delete(url);
  const a = new pg.Client({ connectionString: admin });
  await a.connect();
  try {
    await a.query(`DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await a.end();
  }
}

/**
 * A SQLite file holding every migration, made once per process: each {@link testStore} starts from a
 * copy, as each Postgres one starts from the migrated template. Migrating a fresh file took ~300 ms of
 * an app's start, a copy ~30 ms (--cpu-prof of the server suite: migrations were its largest share).
 * The migrations' own tests start from empty folders (tempDir), not from a store.
 */
let sqliteTemplate: Promise<string> | undefined;
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = tempDir().dir;
    const db = await openDatabase({ dataDir: dir });
    // Closing checkpoints the write-ahead log into the file: the copy is whole without its -wal.
    await db.close();
    return sqliteFile(dir);
  })();
  return sqliteTemplate;
}

/** Advisory-lock key under which one process builds the migrated template ('aetm' in ASCII). */
const TEMPLATE_LOCK_KEY = 0x6165746d;
const templates = new Map<string, Promise<string>>();
/** How many migrated templates a cluster keeps (one per migration set in use). */
const KEPT_TEMPLATES = 6;

/**
 * The name of a Postgres database holding every migration, built once per cluster and migration set:
 * its name carries a hash of the migrations' names and code, so a changed migration gets a new
 * template (the oldest beyond {@link KEPT_TEMPLATES} are dropped). Processes building at once wait on an
 * advisory lock.
 */
function migratedTemplate(admin: string): Promise<string> {
  let p = templates.get(admin);
  if (!p) {
    p = buildTemplate(admin);
    templates.set(admin, p);
  }
  return p;
}

async function buildTemplate(admin: string): Promise<string> {
  const migrations = await migrationProvider.getMigrations();
  const hash = createHash('sha256');
  for (const [name, m] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b))) hash.update(`${name}\0${String(m.up)}\0`);
  const name = `ae_tmpl_${hash.digest('hex').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${TEMPLATE_LOCK_KEY})`);
    await dropLeftovers(client);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Templates of other migration sets (older commits, other branches' worktrees on this cluster) stay
      // while they may be in use; past a handful, the oldest go.
      const others = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ae\\_tmpl\\_%' ORDER BY oid DESC");
      for (const { datname } of others.rows.slice(KEPT_TEMPLATES - 1)) await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(admin);
      url.pathname = `/${building}`;
      const db = await openDatabase({ databaseUrl: url.href });
      await db.close();
      await retryWhileInUse(() => client.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
    }
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`).catch(() => undefined);
    await client.end();
  }
  return name;
}

/**
 * Drops the reusable test databases of processes that have ended (`ae_test_p<pid>_…`): a test process
 * keeps its emptied databases until it exits, and the next process on the machine sweeps them. A
 * database still in use (another machine's process with the same pid) is left.
 */
async function dropLeftovers(client: pg.Client): Promise<void> {
  const rows = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ae\\_test\\_p%'");
  for (const { datname } of rows.rows) {
    const pid = Number(/^ae_test_p(\d+)_/.exec(datname)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await client.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` again while Postgres answers 55006 (object in use): a closed pool's backends end a moment
 * after the close resolves, and CREATE DATABASE ... TEMPLATE refuses a template with a session on it.
 */
async function retryWhileInUse<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

/**
 * A new Postgres database `${prefix}_<random>` made through `admin` (a URL of a role with CREATEDB),
 * empty or a copy of `template`: its URL, and `drop`. `force` drops it even while connections to it
 * remain (WITH (FORCE), PostgreSQL 13+; it needs the right to end those backends): `npm run bench`,
 * whose server processes may still be closing. Used by the tests' {@link testDatabase} (without force)
 * and by scripts/bench.mjs.
 */
export async function throwawayPostgres(
  admin: string,
  prefix: string,
  opts: { force?: boolean; template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await retryWhileInUse(() => client.query(`CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`));
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}${opts.force ? ' WITH (FORCE)' : ''}`);
      await c.end();
    },
  };
}

/**
 * A database several test apps open in turn or at once (restarts, instances sharing one store): a temp
 * SQLite folder, or with TEST_DATABASE_URL a fresh Postgres database. `cleanup` removes it.
 */
export interface TestStore {
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/** Creates a {@link TestStore}. */
export async function testStore(): Promise<TestStore> {
  const tmp = tempDir();
  const pgDb = await testDatabase({ migrated: true });
  if (!pgDb.databaseUrl) copyFileSync(await migratedSqliteFile(), sqliteFile(tmp.dir));
  return {
    dataDir: tmp.dir,
    ...(pgDb.databaseUrl ? { databaseUrl: pgDb.databaseUrl } : {}),
    async cleanup() {
      await pgDb.cleanup();
      tmp.cleanup();
    },
  };
}

/** Where a {@link testApp} keeps its data and time, when a test shares them between apps. */
export interface TestAppSetup {
  /** A store the test owns (its `cleanup` is the test's, not the app's close); default a fresh one per app. */
  store?: TestStore;
  /** A clock shared with other apps; default a fresh one at 2030-01-01T12:00Z. */
  clock?: { t: number };
}

/**
 * THE in-process app of the server tests (createApp + app.request): a fresh store (temp SQLite, or
 * Postgres with TEST_DATABASE_URL), an injected clock, no log lines. Tests that need a real socket or
 * process use startServer / startServerProcess instead.
 * @example const t = await testApp({ enumerationProtection: true }); await t.call('POST', '/sdk/v1/users/search', { body });
 */
export async function testApp(opts: Partial<AppOptions> = {}, setup: TestAppSetup = {}): Promise<TestApp> {
  const store = setup.store ?? (await testStore());
  const clock = setup.clock ?? { t: Date.UTC(2030, 0, 1, 12, 0, 0) };
  const instance = await createApp({
    dataDir: store.dataDir,
    ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}),
    now: () => clock.t,
    logger: () => undefined,
    ...opts,
  });
  const publicToken = instance.publicToken;
  let server: ReturnType<typeof serve> | undefined;
  let base: string | undefined;
  return {
    publicToken,
    projectId: instance.project.project_id,
    services: instance.services,
    routes: instance.routes,
    clock,
    advance: (ms) => {
      clock.t += ms;
    },
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.auth !== false) headers.authorization ??= basic(o.publicToken ?? publicToken, o.secret ?? publicToken);
      if (o.origin) headers.origin = o.origin;
      let body: BodyInit | undefined;
      if (o.raw !== undefined) body = o.raw as BodyInit;
      else if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = 'application/json';
      }
      const init: RequestInit & { duplex?: 'half' } = { method, headers };
      if (body !== undefined) init.body = body;
      if (body instanceof ReadableStream) init.duplex = 'half';
      const res = base ? await fetch(`${base}${path}`, { ...init, redirect: 'manual' }) : await instance.app.request(`http://localhost:8787${path}`, init);
      const text = await res.text();
      let json: CallResult['json'] = {};
      try {
        json = text ? (JSON.parse(text) as CallResult['json']) : {};
      } catch {
        json = { text };
      }
      return { status: res.status, headers: res.headers, json };
    },
    async listen() {
      if (base) return base;
      const s = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const started = serve({ fetch: instance.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
      });
      server = s;
      base = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
      return base;
    },
    async close() {
      if (server) {
        const s = server;
        if ('closeAllConnections' in s) s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
      await instance.close();
      if (!setup.store) await store.cleanup();
    },
  };
}

/** Two apps on one store and one clock: the second stands for another process (or project) on the same database. */
export interface TwoApps {
  a: TestApp;
  b: TestApp;
  /** Closes both apps, then the store. */
  close(): Promise<void>;
}

/**
 * Starts {@link TwoApps}: `a` with `aOpts`, then `b` with `bOpts` on a's store and clock.
 * @example const apps = await twoApps({}, { liveProject: LIVE }); after(() => apps.close());
 */
export async function twoApps(aOpts: Partial<AppOptions> = {}, bOpts: Partial<AppOptions> = {}): Promise<TwoApps> {
  const store = await testStore();
  const a = await testApp(aOpts, { store });
  const b = await testApp(bOpts, { store, clock: a.clock });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await store.cleanup();
    },
  };
}

/** Sends an email OTP and returns the method id and the code read from /dev/inbox.json. */
export async function sendOtp(
  t: TestApp,
  email: string,
  body: Record<string, unknown> = {},
): Promise<{ methodId: string; code: string; userCreated: boolean }> {
  const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { body: { email, ...body } });
  if (r.status !== 200 || !r.json.data) throw new Error(`send failed: ${r.status} ${JSON.stringify(r.json)}`);
  const inbox = await t.call('GET', `/dev/inbox.json?to=${encodeURIComponent(email)}`);
  const messages = (inbox.json as unknown as InboxResponse).messages;
  const code = messages[0]?.code;
  if (!code) throw new Error('no code in the dev inbox');
  return { methodId: String(r.json.data.method_id), code, userCreated: r.json.data.user_created === true };
}

/** A code guaranteed to differ from `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Logs in by email OTP and returns the session token and the full data payload. */
export async function login(t: TestApp, email: string, minutes?: number): Promise<{ token: string; data: Record<string, unknown> }> {
  const { methodId, code } = await sendOtp(t, email);
  const body: Record<string, unknown> = { token: code, method_id: methodId };
  if (minutes !== undefined) body.session_duration_minutes = minutes;
  const r = await t.call('POST', '/sdk/v1/otps/authenticate', { body });
  if (r.status !== 200 || !r.json.data) throw new Error(`authenticate failed: ${r.status} ${JSON.stringify(r.json)}`);
  return { token: String(r.json.data.session_token), data: r.json.data };
}

/** A free TCP port on loopback. */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A server process (server/main.ts) started by a test. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Stops the process and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the reference server as its own process on `DATABASE_URL` (Postgres) or `DATA_DIR`
 * (SQLite) and resolves once it answers; several such processes share one database. `extraEnv`
 * adds variables (e.g. `WORKERS`).
 */
/**
 * The arguments of `node` that start the server in a child process. Under `npm test`, the bundle
 * scripts/test.mjs builds for the run (AE_SERVER_BUNDLE: server/ops/build.mjs's plain JavaScript, as the
 * image runs it), which starts on ~2.5 s of CPU where server/main.ts through tsx takes ~6 s; a file run
 * on its own starts server/main.ts through tsx.
 */
export function serverCommand(): string[] {
  const dir = process.env.AE_SERVER_BUNDLE;
  return dir && existsSync(join(dir, 'main.mjs')) ? [join(dir, 'main.mjs')] : ['--import', 'tsx', 'server/main.ts'];
}

export async function startServerProcess(store: { databaseUrl?: string; dataDir?: string }, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...extraEnv };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  if (store.dataDir) env.DATA_DIR = store.dataDir;
  const child = spawn(process.execPath, serverCommand(), { env, stdio: ['ignore', 'pipe', 'inherit'] });
  // The server prints its public token once it listens: with WORKERS, once every worker is ready.
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  // Generous: a start compiles the server (tsx) and, with WORKERS, forks more; on a busy machine that
  // takes far longer than on an idle one. The bound only ends a start that hangs.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    try {
      if (out.includes('Public token:') && (await fetch(`${url}/dev/project.json`)).ok) return { url, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server process did not start');
}

/** Signs `email` in on `base` by passcode; resolves to the session JWT. */
export async function sessionJwtFrom(base: string, token: string, email: string): Promise<string> {
  const auth = `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}/sdk/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as { data?: Record<string, unknown>; error_type?: string };
    assert.equal(r.status, 200, JSON.stringify(json));
    return json.data!;
  };
  const { method_id } = await post('/otps/email/login_or_create', { email });
  const inbox = (await (await fetch(`${base}/dev/inbox.json?to=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
  const data = await post('/otps/authenticate', { token: inbox.messages[0]!.code, method_id, session_duration_minutes: 30 });
  return data.session_jwt as string;
}

/** Starts two processes on one store at once and checks they behave as one issuer. */
export async function assertOneIssuer(store: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  const started: ServerProcess[] = [];
  try {
    const results = await Promise.allSettled([startServerProcess(store), startServerProcess(store)]);
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    for (const r of results) if (r.status === 'rejected') throw r.reason;
    const [a, b] = started as [ServerProcess, ServerProcess];
    const projectOf = async (p: ServerProcess) => (await (await fetch(`${p.url}/dev/project.json`)).json()) as { public_token: string; project_id: string };
    const pa = await projectOf(a);
    const pb = await projectOf(b);
    assert.equal(pb.public_token, pa.public_token, 'one project');
    const jwksOf = async (p: ServerProcess) => (await (await fetch(`${p.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    for (const [minter, verifier] of [
      [a, b],
      [b, a],
    ] as const) {
      const jwt = await sessionJwtFrom(minter.url, pa.public_token, `race-${Date.now()}-${Math.random()}@example.com`);
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(await jwksOf(verifier)), { audience: pa.project_id });
      assert.ok(payload.sub);
    }
    assert.deepEqual(await jwksOf(a), await jwksOf(b), 'one JWKS');
  } finally {
    await Promise.all(started.map((p) => p.stop()));
  }
}

/** A new project secret of the test app's project (backend/secrets.ts), for `/v1` backend calls. */
export async function createBackendSecret(t: TestApp): Promise<string> {
  return (await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t)).secret;
}

/** One `/v1` backend call authenticated by Basic `project_id:secret` (the answer is flat: no `data`). */
export function backendCall(t: TestApp, secret: string, method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<CallResult> {
  return t.call(method, path, { ...opts, headers: { authorization: basic(t.projectId, secret), ...opts.headers }, ...(body !== undefined ? { body } : {}) });
}

let seededPhones = 0;

/**
 * Gives the user another way to sign in, a verified phone number stored directly: a test whose user
 * removes their only email (a sensitive call's example) stays clear of the last-sign-in-method rule
 * (docs/reference/methods/users.md#rules), which server/routes/profile.test.ts tests on its own.
 */
export async function seedVerifiedPhone(
  t: Pick<TestApp, 'services' | 'clock'>,
  userId: string,
  phone = `+1999555${String(++seededPhones).padStart(4, '0')}`,
): Promise<void> {
  await t.services.db.kysely
    .insertInto('phone_numbers')
    .values({
      phone_id: `phone-number-test-${randomUUID()}`,
      project_id: t.services.project.project_id,
      user_id: userId,
      phone_number: phone,
      verified: 1,
      created_at: t.clock.t,
    })
    .execute();
}
