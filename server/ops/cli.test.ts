/**
 * The admin CLI (issue 18), every command against the database a real app uses: SQLite, and Postgres with
 * TEST_DATABASE_URL. Commands run through runCli (argument parsing included); one runs through the bin.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../cli.ts';
import { type CliHarness, cliHarness } from '../test-cli.ts';
import { login, sendOtp, type TestApp, tempDir, testApp } from '../test-helpers.ts';

describe('admin CLI', () => {
  let h: CliHarness;
  let t: TestApp;
  let env: Record<string, string>;
  before(async () => {
    h = await cliHarness();
    ({ t, env } = h);
  });
  after(() => h.close());

  const cli = (...argv: string[]) => h.cli(...argv);

  it('projects list and create (live, with origins and redirect URLs checked)', async () => {
    const list = await cli('projects', 'list', '--json');
    assert.equal(list.code, 0, list.err);
    assert.deepEqual(
      (JSON.parse(list.out) as { public_token: string }[]).map((p) => p.public_token),
      [t.publicToken],
    );
    const bad = await cli('projects', 'create', '--name', 'Bad', '--live', '--origin', 'https://*.example.com');
    assert.equal(bad.code, 1);
    assert.match(bad.err, /must not contain a wildcard host/);
    const made = await cli(
      'projects',
      'create',
      '--name',
      'Live Co',
      '--live',
      '--origin',
      'https://app.example.com',
      '--redirect-url',
      'https://app.example.com/auth',
      '--json',
    );
    assert.equal(made.code, 0, made.err);
    const p = JSON.parse(made.out) as { project_id: string; public_token: string; mode: string; allowed_origins: string[]; redirect_urls: string[] };
    assert.equal(p.mode, 'live');
    assert.match(p.public_token, /^public-token-live-/);
    assert.deepEqual([p.allowed_origins, p.redirect_urls], [['https://app.example.com'], ['https://app.example.com/auth']]);
    assert.equal(JSON.parse((await cli('projects', 'list', '--json')).out).length, 2);
  });

  it('origins and redirect-urls: list, add, remove; too-broad entries refused; several projects need --project', async () => {
    const ambiguous = await cli('origins', 'list');
    assert.equal(ambiguous.code, 1);
    assert.match(ambiguous.err, /name one with --project/);
    const project = t.projectId;
    assert.equal((await cli('origins', 'add', 'https://shop.example.com', '--project', project)).code, 0);
    assert.ok(JSON.parse((await cli('origins', 'list', '--project', project, '--json')).out).includes('https://shop.example.com'));
    for (const broad of ['*', 'https://*', 'null', 'https://shop.example.com/path']) {
      const r = await cli('origins', 'add', broad, '--project', t.publicToken);
      assert.equal(r.code, 1, broad);
    }
    assert.equal((await cli('origins', 'remove', 'https://shop.example.com', '--project', project)).code, 0);
    assert.ok(!JSON.parse((await cli('origins', 'list', '--project', project, '--json')).out).includes('https://shop.example.com'));
    assert.equal((await cli('origins', 'remove', 'https://never.example.com', '--project', project)).code, 1);

    assert.equal((await cli('redirect-urls', 'add', 'https://shop.example.com/auth', '--project', project)).code, 0);
    assert.ok(JSON.parse((await cli('redirect-urls', 'list', '--project', project, '--json')).out).includes('https://shop.example.com/auth'));
    const wild = await cli('redirect-urls', 'add', 'https://*.example.com/', '--project', project);
    assert.equal(wild.code, 1);
    assert.match(wild.err, /wildcard host/);
    assert.equal((await cli('redirect-urls', 'remove', 'https://shop.example.com/auth', '--project', project)).code, 0);
    // The stored project is what a restarted server loads.
    const again = await testApp({}, { store: h.store, clock: t.clock });
    try {
      assert.ok(!again.services.project.config.redirect_urls.includes('https://shop.example.com/auth'));
    } finally {
      await again.close();
    }
  });

  it('keys rotate and keys list (pending, then signing; one pending rotation at a time)', async () => {
    const r = await cli('keys', 'rotate', '--in', '10m');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /signs from 2030-01-01T12:10:00\.000Z/);
    const keys = JSON.parse((await cli('keys', 'list', '--json')).out) as { state: string }[];
    assert.deepEqual(
      keys.map((k) => k.state),
      ['pending', 'retiring'],
    );
    const again = await cli('keys', 'rotate');
    assert.equal(again.code, 1);
    assert.match(again.err, /already pending/);
    assert.equal((await cli('keys', 'rotate', '--in', 'soon')).code, 1);
    // The app signs with the new key from its moment and serves both meanwhile.
    const jwks = await t.call('GET', '/.well-known/jwks.json');
    assert.equal((jwks.json.keys as unknown[]).length, 2);
  });

  it('sessions revoke: every session of the user stops working at once', async () => {
    const a = await login(t, 'revoke-me@example.com');
    const b = await login(t, 'revoke-me@example.com');
    const r = await cli('sessions', 'revoke', '--user', 'revoke-me@example.com');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /revoked 2 session/);
    for (const s of [a, b]) {
      const check = await t.call('POST', '/sdk/v1/sessions/authenticate', { body: {}, secret: s.token });
      assert.equal(check.json.error_type, 'session_not_found');
    }
    assert.equal((await cli('sessions', 'revoke', '--user', 'user-test-nobody')).code, 1);
  });

  it('users export: every row that references the user, hashes redacted', async () => {
    const { data } = await login(t, 'export-me@example.com');
    const userId = String(data.user_id);
    const dir = tempDir();
    try {
      const out = join(dir.dir, 'export.json');
      assert.equal((await cli('users', 'export', '--user', userId, '--out', out)).code, 0);
      const exported = JSON.parse(readFileSync(out, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
      assert.deepEqual(Object.keys(exported.tables).sort(), ['dev_messages', 'emails', 'known_clients', 'otps', 'sessions', 'users']);
      assert.equal(exported.tables.emails![0]!.email, 'export-me@example.com');
      assert.equal(exported.tables.sessions![0]!.token_hash, '[redacted]');
      assert.equal(exported.tables.otps![0]!.code_hash, '[redacted]');
      assert.equal(exported.tables.dev_messages![0]!.code, '[redacted]');
      assert.ok(!JSON.stringify(exported).includes(String(data.session_token)));
    } finally {
      dir.cleanup();
    }
  });

  it('users delete: the user and every row that references them, in every table; needs --yes', async () => {
    const { data, token } = await login(t, 'delete-me@example.com');
    await sendOtp(t, 'delete-me@example.com');
    const userId = String(data.user_id);
    const refused = await cli('users', 'delete', '--user', userId);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /confirm with --yes/);
    const r = await cli('users', 'delete', '--user', 'delete-me@example.com', '--yes', '--json');
    assert.equal(r.code, 0, r.err);
    const deleted = JSON.parse(r.out) as Record<string, number>;
    assert.equal(deleted.users, 1);
    assert.equal(deleted.emails, 1);
    assert.equal(deleted.sessions, 1);
    // No table has a row naming the user any more.
    for (const table of await t.services.db.kysely.introspection.getTables()) {
      if (!table.columns.some((c) => c.name === 'user_id')) continue;
      const k = t.services.db.kysely as unknown as import('kysely').Kysely<Record<string, { user_id: string }>>;
      const left = await k.selectFrom(table.name).select('user_id').where('user_id', '=', userId).execute();
      assert.equal(left.length, 0, table.name);
    }
    assert.equal((await t.call('POST', '/sdk/v1/sessions/authenticate', { body: {}, secret: token })).json.error_type, 'session_not_found');
    // The address can sign up again as a new user.
    const fresh = await login(t, 'delete-me@example.com');
    assert.notEqual(fresh.data.user_id, userId);
  });

  it('prune, migrate, check-config, help and unknown commands', async () => {
    assert.equal((await cli('prune')).code, 0);
    assert.match((await cli('migrate')).out, /database migrated/);
    const bad = await runCli(['check-config'], { out: () => undefined, err: () => undefined, env: { TRUST_PROXY: 'maybe' }, now: Date.now });
    assert.equal(bad, 2);
    assert.equal((await cli('check-config')).code, 0);
    assert.match((await cli('help')).out, /Usage: auth-elements-server/);
    assert.equal((await cli('frobnicate')).code, 1);
    assert.equal((await cli('projects', 'list', '--no-such-flag')).code, 2);
  });

  it('runs as the package bin (auth-elements-server)', () => {
    const r = spawnSync(process.execPath, ['server/bin/auth-elements-server.mjs', 'projects', 'list'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      // Only ends a hung run: starting the bin compiles the server, slow on a busy machine.
      timeout: 180_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(r.stdout.includes(t.publicToken));
  });
});

describe('admin CLI: roles and impersonation', () => {
  const POLICY = {
    roles: [{ role_id: 'editor', description: 'edits', permissions: [{ resource_id: 'documents', actions: ['write'] }] }],
    resources: [{ resource_id: 'documents', description: 'docs', actions: ['write'] }],
    scopes: [],
  };
  let h: CliHarness;
  let t: TestApp;
  before(async () => {
    h = await cliHarness({ bootstrap: { rbac_policy: POLICY } });
    t = h.t;
    // The CLI reads the stored project, as a live project file stores its bootstrap; the option above is the running app's.
    const k = t.services.db.kysely;
    const row = await k.selectFrom('projects').select('config').where('project_id', '=', t.projectId).executeTakeFirstOrThrow();
    const config = JSON.parse(row.config) as { bootstrap?: Record<string, unknown> };
    config.bootstrap = { ...config.bootstrap, rbac_policy: POLICY };
    await k
      .updateTable('projects')
      .set({ config: JSON.stringify(config) })
      .where('project_id', '=', t.projectId)
      .execute();
  });
  after(() => h.close());
  const cli = (...argv: string[]) => h.cli(...argv);

  it('idp-clients create, list and delete (OpenID provider clients, issue 14): URIs checked, secret shown once, delete revokes', async () => {
    const bad = await cli('idp-clients', 'create', '--name', 'Acme', '--redirect-uri', 'http://acme.example/cb');
    assert.equal(bad.code, 1);
    assert.match(bad.err, /https/);
    assert.equal((await cli('idp-clients', 'create', '--name', 'Acme')).code, 1);
    const made = await cli(
      'idp-clients',
      'create',
      '--name',
      'Acme',
      '--redirect-uri',
      'https://acme.example/cb',
      '--post-logout-uri',
      'https://acme.example/',
      '--json',
    );
    assert.equal(made.code, 0, made.err);
    const { client_id, client_secret } = JSON.parse(made.out) as { client_id: string; client_secret: string };
    assert.match(client_secret, /^idp-secret-/);
    const spa = await cli('idp-clients', 'create', '--name', 'SPA', '--redirect-uri', 'http://localhost:5173/cb', '--public', '--first-party');
    assert.match(spa.out, /public client: no secret/);
    const list = await cli('idp-clients', 'list', '--json');
    const clients = JSON.parse(list.out) as { client_id: string; client_name: string; client_type: string; confidential: boolean }[];
    assert.deepEqual(
      clients.map((c) => [c.client_name, c.client_type, c.confidential]),
      [
        ['Acme', 'third_party', true],
        ['SPA', 'first_party', false],
      ],
    );
    assert.doesNotMatch(list.out, /secret/);
    assert.equal((await cli('idp-clients', 'delete', client_id)).code, 1);
    assert.equal((await cli('idp-clients', 'delete', client_id, '--yes')).code, 0);
    assert.equal((await cli('idp-clients', 'delete', client_id, '--yes')).code, 1);
    assert.deepEqual(
      (JSON.parse((await cli('idp-clients', 'list', '--json')).out) as { client_name: string }[]).map((c) => c.client_name),
      ['SPA'],
    );
  });

  it('roles set and get: policy roles only, shown in users/me', async () => {
    const { token } = await login(t, 'roles-cli@example.com');
    const unknown = await cli('roles', 'set', '--user', 'roles-cli@example.com', '--role', 'root');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /defines no role root/);
    const set = await cli('roles', 'set', '--user', 'roles-cli@example.com', '--role', 'editor', '--json');
    assert.equal(set.code, 0, set.err);
    assert.deepEqual((JSON.parse(set.out) as { roles: string[] }).roles, ['editor']);
    assert.match((await cli('roles', 'get', '--user', 'roles-cli@example.com')).out, /editor/);
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.ok((me.json.data as { roles: string[] }).roles.includes('editor'));
    assert.equal((await cli('roles', 'get', '--user', 'nobody@example.com')).code, 1);
  });

  it('impersonate: needs --admin; the token signs in once as the user', async () => {
    const { data } = await login(t, 'impersonate-cli@example.com');
    assert.equal((await cli('impersonate', '--user', 'impersonate-cli@example.com')).code, 1);
    const r = await cli('impersonate', '--user', 'impersonate-cli@example.com', '--admin', 'ops@corp.example', '--reason', 'ticket 7', '--json');
    assert.equal(r.code, 0, r.err);
    const { token } = JSON.parse(r.out) as { token: string };
    const first = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal((first.json.data as { user_id: string }).user_id, data.user_id);
    const again = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: token } });
    assert.equal(again.json.error_type, 'impersonation_token_not_found');
  });
});
