/**
 * Attack (issue 28): the audit log. A backend that holds a secret could want to cover its tracks, and a
 * caller could want to read another project's trail: no `/v1` call writes, changes or deletes a row
 * (every other HTTP method is 405; a body or query sent with the read changes nothing); another
 * project's rows on the same database never show, whatever the filters or a forged cursor; a bad or
 * tampered cursor is 400 invalid_cursor; injection through filters finds nothing; a browser cannot call
 * it; without a secret it is 401. SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../server/cli.ts';
import type { AuditLogEntry } from '../../server/audit/query.ts';
import { backendCall, createBackendSecret, type TestApp, type TestStore, testApp, testStore } from '../../server/test-helpers.ts';

type Page = { audit_logs: AuditLogEntry[]; next_cursor: string | null };

describe('attack: the audit log', () => {
  let store: TestStore;
  let t: TestApp;
  let secret: string;
  let otherProject: string;
  const k = () => t.services.db.kysely;
  const count = async () =>
    Number(
      (
        await k()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const read = async (query = ''): Promise<Page> => {
    const r = await backendCall(t, secret, 'GET', `/v1/audit_logs${query}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json as unknown as Page;
  };

  before(async () => {
    store = await testStore();
    t = await testApp({}, { store });
    secret = await createBackendSecret(t);
    await backendCall(t, secret, 'POST', '/v1/users', { email: 'trail@example.com' });
    t.advance(1);
    await backendCall(t, secret, 'POST', '/v1/users', { email: 'trail-1@example.com' });
    // A second project on the same database, with rows of its own (a secret made for it at the CLI).
    const env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
    const io = { out: () => undefined, err: () => undefined, env, now: () => t.clock.t };
    let out = '';
    assert.equal(await runCli(['projects', 'create', '--name', 'Neighbour', '--json'], { ...io, out: (s) => (out += s) }), 0);
    otherProject = (JSON.parse(out) as { project_id: string }).project_id;
    assert.equal(await runCli(['secrets', 'create', '--project', otherProject], io), 0);
    await k()
      .insertInto('audit_log')
      .values({
        audit_log_id: 'audit-log-test-ffffffff-ffff-4fff-8fff-ffffffffffff',
        project_id: otherProject,
        created_at: t.clock.t + 10,
        action: 'user.create',
        outcome: 'success',
        actor_kind: 'backend_secret',
        actor_id: 'neighbour-secret',
        target_kind: 'user',
        target_id: 'user-test-neighbour',
        ip_address: '192.0.2.200',
        request_id: null,
        details: '{}',
      })
      .execute();
  });
  after(async () => {
    await t.close();
    await store.cleanup();
  });

  it('no /v1 call writes, changes or deletes a row', async () => {
    const before = await count();
    const rows = (await read()).audit_logs;
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      for (const path of ['/v1/audit_logs', `/v1/audit_logs/${rows[0]!.audit_log_id}`]) {
        const r = await backendCall(t, secret, method, path, { action: 'forged', audit_logs: [] });
        assert.ok(r.status === 405 || r.status === 404, `${method} ${path}: ${r.status}`);
        assert.ok(r.json.error_type === 'method_not_allowed' || r.json.error_type === 'not_found');
      }
    }
    assert.equal(await count(), before, 'only reads happened: nothing added, nothing removed');
    assert.deepEqual(
      (await read()).audit_logs.map((r) => r.audit_log_id),
      rows.map((r) => r.audit_log_id),
    );
  });

  it('another project’s rows never show, whatever the filters or cursor', async () => {
    const mine = await read('?limit=1000');
    assert.ok(mine.audit_logs.length > 0);
    for (const r of mine.audit_logs) assert.ok(r.project_id === t.projectId || r.project_id === null, JSON.stringify(r));
    const neighbour = [`?target=user-test-neighbour`, `?actor=neighbour-secret`, `?action=project.create`, '?action=secret.create'];
    for (const q of neighbour) for (const r of (await read(q)).audit_logs) assert.notEqual(r.project_id, otherProject, q);
    // A cursor forged to start just past the neighbour's row is refused (cursors carry a MAC bound to the project).
    const forged = `a1.${Buffer.from(`${t.clock.t + 11}:audit-log-test-ffffffff-ffff-4fff-8fff-fffffffffff0`).toString('base64url')}`;
    const r = await backendCall(t, secret, 'GET', `/v1/audit_logs?cursor=${forged}&limit=1000`);
    assert.equal(r.json.error_type, 'invalid_cursor');
    // A real cursor with its position edited keeps its MAC, and is refused too.
    const real = (await read('?limit=1')).next_cursor ?? assert.fail('one page only');
    const edited = `a1.${Buffer.from(`${t.clock.t + 11}:audit-log-test-ffffffff-ffff-4fff-8fff-fffffffffff0`).toString('base64url')}.${real.split('.')[2]}`;
    assert.equal((await backendCall(t, secret, 'GET', `/v1/audit_logs?cursor=${edited}`)).json.error_type, 'invalid_cursor');
    assert.ok(!JSON.stringify(await read('?limit=1000')).includes(otherProject));
  });

  it('a bad, truncated or tampered cursor is 400 invalid_cursor', async () => {
    await backendCall(t, secret, 'POST', '/v1/users', { email: 'trail-2@example.com' });
    const first = await read('?limit=1');
    assert.ok(first.next_cursor);
    const c = first.next_cursor;
    for (const bad of [
      'x',
      c.slice(0, -3),
      c.replace('.', '.A'),
      `${c}.00`,
      `${c}%27%20OR%201=1--`,
      `a1.${Buffer.from("1:x' OR '1'='1").toString('base64url')}`,
      `a1.${'A'.repeat(600)}`,
      'a1.',
    ]) {
      const r = await backendCall(t, secret, 'GET', `/v1/audit_logs?cursor=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.ok(r.json.error_type === 'invalid_cursor' || r.json.error_type === 'invalid_request_body', `${bad}: ${String(r.json.error_type)}`);
    }
  });

  it('injection through the filters finds nothing', async () => {
    for (const q of ["' OR '1'='1", '%', '_', 'user.create%', '*', "') OR 1=1 --"]) {
      for (const name of ['action', 'actor', 'target']) assert.equal((await read(`?${name}=${encodeURIComponent(q)}`)).audit_logs.length, 0, `${name}=${q}`);
    }
  });

  it('without a secret, with the public token, or from a browser, it is refused', async () => {
    assert.equal((await t.call('GET', '/v1/audit_logs', { auth: false })).status, 401);
    assert.equal((await t.call('GET', '/v1/audit_logs')).status, 401, 'the public token is not a secret');
    const browser = await backendCall(t, secret, 'GET', '/v1/audit_logs', undefined, { origin: 'http://localhost:3000' });
    assert.equal(browser.status, 403);
    assert.equal(browser.json.error_type, 'invalid_origin');
  });
});
