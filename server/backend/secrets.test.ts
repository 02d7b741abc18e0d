/**
 * Project secrets and the secret check of the `/v1` backend API (issue 27): created secrets work, several
 * at once, revoked ones stop; the test project's dev secret; every refusal is a 401 unauthorized_credentials
 * in the provider's flat error shape; /v1 answers 404 and 405 as JSON; no CORS preflight.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256Hex } from '../crypto.ts';
import { basic, login, type TestApp, testApp } from '../test-helpers.ts';
import { createProjectSecret, devSecret, listProjectSecrets, revokeProjectSecret } from './secrets.ts';

describe('project secrets and the /v1 secret check', () => {
  let t: TestApp;
  let secret: string;
  let secretId: string;
  let userId: string;
  const v1 = (path: string, s: string, o: { method?: string; body?: unknown; projectId?: string; origin?: string } = {}) =>
    t.call(o.method ?? 'GET', path, {
      headers: { authorization: basic(o.projectId ?? t.projectId, s) },
      ...(o.body ? { body: o.body } : {}),
      ...(o.origin ? { origin: o.origin } : {}),
    });

  before(async () => {
    t = await testApp();
    const created = await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t);
    secret = created.secret;
    secretId = created.secret_id;
    userId = (await login(t, 'backend@example.com')).data.user_id as string;
  });
  after(() => t.close());

  it('a created secret is secret-test-…, authenticates GET /v1/users/{id}, and the answer is flat', async () => {
    assert.match(secret, /^secret-test-[A-Za-z0-9_-]{43}$/);
    const r = await v1(`/v1/users/${userId}`, secret);
    assert.equal(r.status, 200);
    assert.equal(r.json.status_code, 200);
    assert.match(String(r.json.request_id), /^request-id-test-/);
    assert.equal(r.json.user_id, userId);
    assert.equal(r.json.data, undefined);
  });

  it('list shows id and times, never the secret nor its hash; last use is recorded', async () => {
    const list = await listProjectSecrets(t.services.db.kysely, t.projectId);
    const mine = list.find((s) => s.secret_id === secretId);
    assert.ok(mine);
    assert.equal(mine.last_used_at, t.clock.t);
    assert.ok(!JSON.stringify(list).includes(secret));
  });

  it('several secrets are active at once; a revoked one stops at once, the other keeps working', async () => {
    const second = await createProjectSecret(t.services.db.kysely, t.services.project, t.clock.t);
    assert.equal((await v1(`/v1/users/${userId}`, second.secret)).status, 200);
    assert.equal(await revokeProjectSecret(t.services.db.kysely, t.projectId, second.secret_id, t.clock.t), true);
    assert.equal(await revokeProjectSecret(t.services.db.kysely, t.projectId, second.secret_id, t.clock.t), false);
    const r = await v1(`/v1/users/${userId}`, second.secret);
    assert.equal(r.status, 401);
    assert.equal(r.json.error_type, 'unauthorized_credentials');
    assert.equal((await v1(`/v1/users/${userId}`, secret)).status, 200);
  });

  it('the test project dev secret works; a wrong one, another project id, no header: 401 in the flat error shape', async () => {
    const dev = devSecret(t.services) ?? assert.fail('a test project has a dev secret');
    assert.ok(dev.startsWith('secret-test-'));
    assert.equal((await v1(`/v1/users/${userId}`, dev)).status, 200);
    for (const r of [
      await v1(`/v1/users/${userId}`, `${secret}x`),
      await v1(`/v1/users/${userId}`, secret, { projectId: 'project-test-00000000-0000-0000-0000-000000000000' }),
      await t.call('GET', `/v1/users/${userId}`, { auth: false }),
    ]) {
      assert.equal(r.status, 401);
      assert.deepEqual(Object.keys(r.json).sort(), ['error_details', 'error_message', 'error_type', 'error_url', 'request_id', 'status_code']);
      assert.equal(r.json.error_type, 'unauthorized_credentials');
      assert.equal(r.json.status_code, 401);
      assert.ok(!JSON.stringify(r.json).includes(secret));
    }
  });

  it('unknown user 404 user_not_found; unknown /v1 path 404 and other method 405, JSON with error_details', async () => {
    const r = await v1('/v1/users/user-test-00000000-0000-0000-0000-000000000000', secret);
    assert.equal(r.status, 404);
    assert.equal(r.json.error_type, 'user_not_found');
    assert.deepEqual(r.json.error_details, {});
    const nf = await v1('/v1/no/such/route', secret);
    assert.equal(nf.status, 404);
    assert.equal(nf.json.error_type, 'not_found');
    assert.deepEqual(nf.json.error_details, {});
    const na = await v1(`/v1/users/${userId}`, secret, { method: 'PATCH' });
    assert.equal(na.status, 405);
    assert.equal(na.json.error_type, 'method_not_allowed');
    assert.ok(typeof na.json.error_url === 'string');
  });

  it('no CORS preflight is answered on a backend route, even for an allowed origin, and a browser call is refused', async () => {
    const pre = await t.call('OPTIONS', `/v1/users/${userId}`, {
      auth: false,
      origin: 'http://localhost:3000',
      headers: { 'access-control-request-method': 'GET' },
    });
    assert.notEqual(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
    const r = await v1(`/v1/users/${userId}`, secret, { origin: 'http://localhost:3000' });
    assert.equal(r.status, 403);
    assert.equal(r.headers.get('access-control-allow-origin'), null);
  });

  it('the IdP and OAuth routes under /v1/public keep answering without a secret', async () => {
    const r = await t.call('GET', `/v1/public/${t.projectId}/.well-known/openid-configuration`, { auth: false });
    assert.equal(r.status, 200);
  });

  it('/dev/project.json hands out the dev secret: it works on /v1, and no table holds it or its hash', async () => {
    const info = await t.call('GET', '/dev/project.json', { auth: false });
    const dev = String(info.json.secret);
    assert.equal(dev, devSecret(t.services));
    assert.equal((await v1(`/v1/users/${userId}`, dev)).status, 200);
    const k = t.services.db.kysely;
    assert.equal((await k.selectFrom('project_secrets').select('secret_id').where('secret_hash', '=', sha256Hex(dev)).execute()).length, 0);
    assert.equal((await k.selectFrom('server_secrets').select('name').where('secret', '=', dev).execute()).length, 0);
  });

  it('a live project has no dev secret', () => {
    assert.equal(devSecret({ ...t.services, project: { ...t.services.project, mode: 'live' } }), null);
  });
});
