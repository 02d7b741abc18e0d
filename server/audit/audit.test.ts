/**
 * The audit log (issue 28): each recorded kind (a `/v1` change, a failed secret check, a lockout, a CLI
 * command, impersonation start and use, key rotation, secret create and revoke, consent grant and
 * revoke) is a row with actor, action, target, client IP, request id and time; `GET /v1/audit_logs`
 * filters and pages newest first; the CLI lists; the pruner deletes rows past the retention (test clock).
 * SQLite, and Postgres with TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../cli.ts';
import { readLiveProjectFile } from '../project/file.ts';
import { consent, RP_CALLBACK, pkce, setupIdp } from '../idp/test-flow.ts';
import { pruneOnce } from '../prune.ts';
import { backendCall, basic, createBackendSecret, login, type TestApp, type TestStore, tempDir, testApp, testStore } from '../test-helpers.ts';
import type { AuditLogEntry } from './query.ts';
import { backendAction } from './record.ts';

type Page = { audit_logs: AuditLogEntry[]; next_cursor: string | null };
const DAY = 86_400_000;

describe('audit log', () => {
  let store: TestStore;
  let t: TestApp;
  let secret: string;
  let secretId: string;
  let env: Record<string, string>;
  const iso = () => new Date(t.clock.t).toISOString();

  before(async () => {
    store = await testStore();
    // trustProxy: each call names its client by X-Forwarded-For, as a proxy in front would.
    t = await testApp({ trustProxy: true, rateLimits: { backendSecretFailures: { max: 3, windowMs: 60_000 } } }, { store });
    secret = await createBackendSecret(t);
    secretId = (await t.services.db.kysely.selectFrom('project_secrets').select('secret_id').executeTakeFirstOrThrow()).secret_id;
    env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir };
  });
  after(async () => {
    await t.close();
    await store.cleanup();
  });

  const v1 = (method: string, path: string, body?: unknown, ip = '203.0.113.7') =>
    backendCall(t, secret, method, path, body, { headers: { 'x-forwarded-for': ip } });
  const list = async (query = ''): Promise<Page> => {
    const r = await v1('GET', `/v1/audit_logs${query}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json as unknown as Page;
  };
  const latest = async (action: string): Promise<AuditLogEntry> => (await list(`?action=${action}&limit=1`)).audit_logs[0] ?? assert.fail(`no ${action} row`);
  const cli = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (s) => (out += s), err: (s) => (err += s), env: { ...env, USER: 'ops-alice' }, now: () => t.clock.t });
    return { code, out, err };
  };

  it('names /v1 actions from the route: create, update, delete, literals after the resource', () => {
    assert.equal(backendAction('POST', '/v1/users'), 'user.create');
    assert.equal(backendAction('PUT', '/v1/users/:user_id'), 'user.update');
    assert.equal(backendAction('DELETE', '/v1/users/:user_id/external_id'), 'user.external_id.delete');
    assert.equal(backendAction('POST', '/v1/webhooks/:webhook_id/rotate_secret'), 'webhook.rotate_secret');
    assert.equal(backendAction('POST', '/v1/sessions/revoke'), 'session.revoke');
    assert.equal(backendAction('DELETE', '/v1/webhooks/:webhook_id'), 'webhook.delete');
  });

  it('records each /v1 change with the secret, target, client IP, request id and time; reads are not recorded', async () => {
    t.advance(1000);
    const created = await v1('POST', '/v1/users', { email: 'audited@example.com', name: { first_name: 'Private' }, trusted_metadata: { plan: 'gold' } });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const userId = String(created.json.user_id);
    const row = await latest('user.create');
    assert.deepEqual(row.actor, { kind: 'backend_secret', id: secretId });
    assert.deepEqual(row.target, { kind: 'user', id: userId });
    assert.equal(row.ip_address, '203.0.113.7');
    assert.equal(row.request_id, created.headers.get('x-request-id'));
    assert.equal(row.created_at, iso());
    assert.equal(row.outcome, 'success');
    assert.equal(row.project_id, t.projectId);
    assert.deepEqual(row.details, { method: 'POST', path: '/v1/users', status: 200, fields: ['email', 'name', 'trusted_metadata'] });
    // Field names only: no value of the body is kept.
    assert.ok(!JSON.stringify(row).includes('Private') && !JSON.stringify(row).includes('gold') && !JSON.stringify(row).includes('audited@'));

    t.advance(1000);
    assert.equal((await v1('PUT', `/v1/users/${userId}`, { untrusted_metadata: { a: 1 } }, '203.0.113.8')).status, 200);
    const updated = await latest('user.update');
    assert.deepEqual(updated.target, { kind: 'user', id: userId });
    assert.equal(updated.ip_address, '203.0.113.8');
    assert.deepEqual(updated.details.fields, ['untrusted_metadata']);

    const before = (await list()).audit_logs.length;
    assert.equal((await v1('GET', `/v1/users/${userId}`)).status, 200);
    assert.equal((await v1('POST', '/v1/users/search', { limit: 1 })).status, 200);
    // A refused change is not a change.
    assert.equal((await v1('PUT', '/v1/users/user-test-00000000-0000-4000-8000-000000000000', { untrusted_metadata: {} })).status, 404);
    assert.equal((await list()).audit_logs.length, before);

    t.advance(1000);
    assert.equal((await v1('DELETE', `/v1/users/${userId}`)).status, 200);
    assert.deepEqual((await latest('user.delete')).target, { kind: 'user', id: userId });
  });

  it('records failed secret checks (never the secret) and the lockout they lead to; a locked client’s further calls add nothing', async () => {
    const wrong = `${secret.slice(0, -4)}AAAA`;
    const attempt = () => t.call('GET', '/v1/audit_logs', { headers: { authorization: basic(t.projectId, wrong), 'x-forwarded-for': '198.51.100.66' } });
    for (let i = 0; i < 6; i++) assert.equal((await attempt()).status, 401);
    const failed = (await list('?action=secret_check.failed')).audit_logs.filter((r) => r.ip_address === '198.51.100.66');
    assert.equal(failed.length, 3, 'the three checks before the lock; refusals during the lock are not compared, nor recorded');
    for (const r of failed) {
      assert.equal(r.outcome, 'failure');
      assert.deepEqual(r.actor, { kind: 'anonymous', id: null });
      assert.deepEqual(r.target, { kind: 'project', id: t.projectId });
      assert.match(r.request_id ?? '', /^request-id-test-/);
    }
    const lock = (await list('?action=lockout')).audit_logs.find((r) => r.ip_address === '198.51.100.66') ?? assert.fail('no lockout row');
    assert.deepEqual(lock.actor, { kind: 'system', id: null });
    assert.equal(lock.details.scope, 'backend_secret');
    assert.ok(!JSON.stringify(await list()).includes(wrong.slice(12, 40)));
  });

  it('records a lockout of a user (guessed codes) with the client IP', async () => {
    const { data } = await login(t, 'locked-out@example.com');
    const userId = String(data.user_id);
    const sent = await t.call('POST', '/sdk/v1/otps/email/login_or_create', {
      body: { email: 'locked-out@example.com' },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    assert.equal(sent.status, 200);
    const methodId = String(sent.json.data!.method_id);
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i++) {
      const r = await t.call('POST', '/sdk/v1/otps/authenticate', {
        body: { token: '000000', method_id: methodId },
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
      status = r.status;
    }
    assert.equal(status, 429);
    const lock = (await list(`?action=lockout&target=${userId}`)).audit_logs[0] ?? assert.fail('no lockout row');
    assert.deepEqual(lock.target, { kind: 'user', id: userId });
    assert.equal(lock.ip_address, '192.0.2.44');
  });

  it('records every CLI command (operator, target; refused ones as failures), key rotation server-wide, impersonation start and use', async () => {
    t.advance(1000);
    const created = await cli('secrets', 'create', '--json');
    assert.equal(created.code, 0, created.err);
    const made = JSON.parse(created.out) as { secret_id: string; secret: string };
    const row = await latest('secret.create');
    assert.equal(row.actor.kind, 'admin');
    assert.match(row.actor.id ?? '', /^ops-alice@/);
    assert.deepEqual(row.target, { kind: 'secret', id: made.secret_id });
    assert.equal(row.project_id, t.projectId);
    assert.match(row.request_id ?? '', /^request-id-cli-/);
    assert.equal(row.ip_address, null);
    assert.ok(!JSON.stringify(row).includes(made.secret));

    assert.equal((await cli('secrets', 'revoke', made.secret_id)).code, 0);
    assert.deepEqual((await latest('secret.revoke')).target, { kind: 'secret', id: made.secret_id });
    // Refused: recorded as a failure, and a secret typed where the id goes is not stored.
    t.advance(1);
    assert.equal((await cli('secrets', 'revoke', made.secret)).code, 1);
    const refused = await latest('secret.revoke');
    assert.equal(refused.outcome, 'failure');
    assert.deepEqual(refused.target, { kind: 'secret', id: null });

    t.advance(1);
    const rotated = await cli('keys', 'rotate', '--in', '10m');
    assert.equal(rotated.code, 0, rotated.err);
    const key = await latest('key.rotate');
    assert.equal(key.project_id, null, 'signing keys are every project’s');
    assert.equal(key.target?.kind, 'signing_key');
    assert.match(key.target?.id ?? '', /^jwk-/);

    // An unknown command is not recorded (it may be a pasted secret).
    const count = (await list('?limit=1000')).audit_logs.length;
    assert.equal((await cli('secret-test-pastedbymistake')).code, 1);
    assert.equal((await list('?limit=1000')).audit_logs.length, count);

    const { data } = await login(t, 'impersonated-audit@example.com');
    const userId = String(data.user_id);
    const minted = await cli('impersonate', '--user', userId, '--admin', 'support@corp.example', '--reason', 'ticket 42', '--json');
    assert.equal(minted.code, 0, minted.err);
    const token = (JSON.parse(minted.out) as { token: string }).token;
    const start = await latest('impersonation.start');
    assert.deepEqual(start.target, { kind: 'user', id: userId });
    assert.deepEqual(start.details, { command: 'impersonate', admin_id: 'support@corp.example', reason: 'ticket 42' });
    const used = await t.call('POST', '/sdk/v1/impersonation/authenticate', {
      body: { impersonation_token: token },
      headers: { 'x-forwarded-for': '192.0.2.9' },
    });
    assert.equal(used.status, 200);
    const use = await latest('impersonation.use');
    assert.deepEqual(use.actor, { kind: 'admin', id: 'support@corp.example' });
    assert.deepEqual(use.target, { kind: 'user', id: userId });
    assert.equal(use.ip_address, '192.0.2.9');
    assert.equal(use.request_id, used.headers.get('x-request-id'));
    for (const r of [start, use]) assert.ok(!JSON.stringify(r).includes(token));

    // The CLI lists the same rows, filtered.
    const listed = await cli('audit', 'list', '--action', 'impersonation.use', '--since', '1h');
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, /impersonation\.use {2}admin:support@corp\.example {2}-> user:/);
    assert.ok(!listed.out.includes('secret.create'));
    const json = JSON.parse((await cli('audit', 'list', '--json', '--limit', '2')).out) as AuditLogEntry[];
    assert.equal(json.length, 2);
    assert.equal((await cli('audit', 'list', '--since', 'yesterday')).code, 1);
  });

  it('records consent grants and revokes by the end user', async () => {
    const s = await setupIdp(t, 'consenting@example.com');
    const { challenge } = pkce();
    await consent(t, s.session, { client_id: s.clientId, redirect_uri: RP_CALLBACK, scopes: ['openid', 'email'], code_challenge: challenge });
    const grant = await latest('consent.grant');
    assert.deepEqual(grant.actor, { kind: 'user', id: s.userId });
    assert.deepEqual(grant.target, { kind: 'idp_client', id: s.clientId });
    assert.deepEqual(grant.details.scopes, ['openid', 'email']);
    const revoked = await t.call('POST', `/sdk/v1/users/connected_apps/${s.clientId}/revoke`, { secret: s.session, body: {} });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
    const revoke = await latest('consent.revoke');
    assert.deepEqual(revoke.target, { kind: 'idp_client', id: s.clientId });
    assert.equal(revoke.request_id, revoked.headers.get('x-request-id'));
  });

  it('filters by action, actor, target and time, and pages newest first without repeats', async () => {
    const start = t.clock.t + 1;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.advance(1);
      const r = await v1('POST', '/v1/users', { email: `page-${i}@example.com` });
      ids.push(String(r.json.user_id));
    }
    // Two in the same millisecond: the id breaks the tie.
    t.advance(1);
    for (const i of [5, 6]) ids.push(String((await v1('POST', '/v1/users', { email: `page-${i}@example.com` })).json.user_id));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(`?action=user.create&start_time=${new Date(start).toISOString()}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      assert.ok(page.audit_logs.length <= 2);
      seen.push(...page.audit_logs.map((r) => r.target?.id ?? ''));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 4);
    assert.equal(new Set(seen).size, 7);
    assert.deepEqual(seen.slice(2), ids.slice(0, 5).reverse(), 'newest first');
    assert.deepEqual(new Set(seen.slice(0, 2)), new Set(ids.slice(5)));

    assert.deepEqual(
      (await list(`?target=${ids[2]}`)).audit_logs.map((r) => r.action),
      ['user.create'],
    );
    assert.ok((await list(`?actor=${secretId}`)).audit_logs.every((r) => r.actor.id === secretId));
    const window = await list(`?action=user.create&start_time=${new Date(start + 1).toISOString()}&end_time=${new Date(start + 3).toISOString()}`);
    assert.deepEqual(
      window.audit_logs.map((r) => r.target?.id),
      [ids[2], ids[1]],
    );
    assert.equal((await list('?action=no.such.action')).audit_logs.length, 0);
    // Larger pages are capped, like the user search.
    assert.ok((await list('?limit=5000')).audit_logs.length <= 1000);
  });

  it('refuses bad parameters with 400 and a stable error_type', async () => {
    for (const [query, errorType] of [
      ['?limit=0', 'invalid_request_body'],
      ['?limit=-3', 'invalid_request_body'],
      ['?limit=abc', 'invalid_request_body'],
      ['?start_time=yesterday', 'invalid_request_body'],
      ['?end_time=2030-13-45T00:00:00Z', 'invalid_request_body'],
      ['?start_time=1700000000000', 'invalid_request_body'],
      ['?actoin=user.create', 'invalid_request_body'],
      [`?action=${'a'.repeat(300)}`, 'invalid_request_body'],
      ['?action=', 'invalid_request_body'],
      ['?cursor=garbage', 'invalid_cursor'],
      [`?cursor=a1.${Buffer.from('1:../../etc').toString('base64url')}`, 'invalid_cursor'],
    ] as const) {
      const r = await v1('GET', `/v1/audit_logs${query}`);
      assert.equal(r.status, 400, `${query}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error_type, errorType, query);
    }
  });

  it('prunes rows past the retention (default 365 days) with the test clock; a shorter retention is honoured', async () => {
    const k = t.services.db.kysely;
    const count = async () =>
      Number(
        (
          await k
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const old = await count();
    assert.ok(old > 0);
    t.advance(364 * DAY);
    await v1('POST', '/v1/users', { email: 'fresh@example.com' });
    await pruneOnce(t.services);
    assert.equal(await count(), old + 1, 'nothing is a year old yet');
    t.advance(2 * DAY);
    const report = await pruneOnce(t.services);
    assert.equal(report.audit_log, old);
    assert.equal(await count(), 1);
    t.advance(3 * DAY);
    await pruneOnce(t.services, { retention: { auditMs: 2 * DAY } });
    assert.equal(await count(), 0);
  });

  it('a project file’s audit_retention_days is the retention unless the environment sets one; a bad value fails naming file and key', async () => {
    const k = t.services.db.kysely;
    const count = async () =>
      Number(
        (
          await k
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await v1('POST', '/v1/users', { email: 'retained@example.com' });
    assert.ok((await count()) > 0);
    t.services.project.config.audit_retention_days = 10;
    try {
      t.advance(9 * DAY);
      await pruneOnce(t.services, { retention: { auditMs: 30 * DAY } });
      assert.ok((await count()) > 0, 'the environment’s 30 days win over the file’s 10');
      await pruneOnce(t.services);
      assert.ok((await count()) > 0, 'nine days: kept');
      t.advance(2 * DAY);
      await pruneOnce(t.services);
      assert.equal(await count(), 0, 'eleven days: pruned');
    } finally {
      delete t.services.project.config.audit_retention_days;
    }
    const tmp = tempDir();
    try {
      const path = join(tmp.dir, 'project.json');
      const base = { public_token: 'public-token-live-0123456789abcdef', project_name: 'Live Co', allowed_origins: ['https://app.example.com'] };
      writeFileSync(path, JSON.stringify({ ...base, audit_retention_days: 30 }));
      assert.equal(readLiveProjectFile(path).audit_retention_days, 30);
      for (const bad of [0, 1.5, '30', 40_000]) {
        writeFileSync(path, JSON.stringify({ ...base, audit_retention_days: bad }));
        assert.throws(
          () => readLiveProjectFile(path),
          (err: Error) => err.message.includes(path) && err.message.includes('audit_retention_days'),
          String(bad),
        );
      }
    } finally {
      tmp.cleanup();
    }
  });

  it('records a scheduled key rotation of the pruning tick as the system', async () => {
    await pruneOnce(t.services, { keyRotationMs: 1 });
    const row = await latest('key.rotate');
    assert.deepEqual(row.actor, { kind: 'system', id: null });
    assert.equal(row.project_id, null);
    assert.equal(row.request_id, null);
  });
});
