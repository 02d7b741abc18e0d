/**
 * The admin console's calls served by method folders (issue 31): roles with the reserved `admin` role
 * (server/rbac/backend.ts), impersonation links (server/impersonation/backend.ts) and IdP clients
 * (server/idp/backend.ts), with an admin's session, on SQLite and Postgres (with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { grantAdmin } from './access.ts';
import { backendCall, type CallResult, createBackendSecret, login, type TestApp, testApp } from '../test-helpers.ts';

type Json = Record<string, unknown>;
const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['write'] }] },
  ],
  resources: [{ resource_id: 'documents', actions: ['write'] }],
  scopes: [],
};

describe('admin console calls of the methods', () => {
  let t: TestApp;
  let admin: { token: string; userId: string };
  let secret: string;
  const v1 = (method: string, path: string, body?: unknown, token = admin.token): Promise<CallResult> =>
    t.call(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { body } : {}) });

  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } });
    const a = await login(t, 'root@example.com');
    admin = { token: a.token, userId: String(a.data.user_id) };
    await grantAdmin(t.services.db, t.projectId, admin.userId, 'test', t.clock.t);
    secret = await createBackendSecret(t);
  });
  after(() => t.close());

  it('roles: an admin gives policy roles and the admin role; a project secret gives roles but never admin', async () => {
    const u = await login(t, 'helper@example.com');
    const id = String(u.data.user_id);
    const got = await v1('GET', `/v1/users/${id}/roles`);
    assert.deepEqual(got.json.roles, ['stytch_user']);
    assert.equal(got.json.admin, false);
    const put = await v1('PUT', `/v1/users/${id}/roles`, { roles: ['editor', 'admin'] });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    assert.deepEqual(put.json.roles, ['stytch_user', 'editor', 'admin']);
    assert.deepEqual(put.json.given_roles, ['editor']);
    // The new admin's own session now calls /v1.
    assert.equal((await v1('GET', '/v1/secrets', undefined, u.token)).status, 200);
    const bySecret = await backendCall(t, secret, 'PUT', `/v1/users/${id}/roles`, { roles: ['editor'] });
    assert.equal(bySecret.status, 403);
    assert.equal(bySecret.json.error_type, 'admin_role_required');
    assert.equal((await backendCall(t, secret, 'PUT', `/v1/users/${id}/roles`, { roles: ['admin'] })).status, 200);
    const unknown = await v1('PUT', `/v1/users/${id}/roles`, { roles: ['emperor', 'admin'] });
    assert.equal(unknown.status, 400);
    assert.match(String(unknown.json.error_message), /^roles: .*emperor/);
    const self = await v1('PUT', `/v1/users/${admin.userId}/roles`, { roles: [] });
    assert.equal(self.status, 400);
    const revoke = await v1('PUT', `/v1/users/${id}/roles`, { roles: [] });
    assert.equal(revoke.json.admin, false);
    assert.equal((await v1('GET', '/v1/secrets', undefined, u.token)).json.error_type, 'admin_role_required');
  });

  it('impersonation: a one-time link to the redirect page, the admin recorded as impersonator', async () => {
    const u = await login(t, 'customer@example.com');
    const id = String(u.data.user_id);
    const noLink = await v1('POST', '/v1/impersonation', { user_id: id, reason: 'no page' });
    assert.equal(noLink.json.url, null);
    assert.match(String(noLink.json.token), /./);
    const r = await v1('POST', '/v1/impersonation', { user_id: id, reason: 'ticket 42', redirect_url: 'http://localhost:3000/authenticate' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const url = new URL(String(r.json.url));
    assert.equal(url.searchParams.get('stytch_token_type'), 'impersonation');
    assert.equal(url.searchParams.get('token'), r.json.token);
    const redeem = await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: r.json.token } });
    assert.equal(redeem.status, 200, JSON.stringify(redeem.json));
    const factor = ((redeem.json.data as Json).session as { authentication_factors: Json[] }).authentication_factors[0]!;
    assert.equal((factor.impersonated_factor as Json).impersonator_id, admin.userId);
    assert.equal((await t.call('POST', '/sdk/v1/impersonation/authenticate', { body: { impersonation_token: r.json.token } })).status, 404);
    for (const body of [
      { user_id: id },
      { user_id: id, reason: '' },
      { user_id: 'user-test-nobody', reason: 'x' },
      { user_id: id, reason: 'x', redirect_url: 'https://evil.example/' },
    ]) {
      const bad = await v1('POST', '/v1/impersonation', body);
      assert.ok(bad.status === 400 || bad.status === 404, JSON.stringify([body, bad.json]));
    }
    const rows = await t.services.db.kysely.selectFrom('audit_log').select(['actor_kind', 'actor_id']).where('action', '=', 'impersonation.create').execute();
    assert.deepEqual(rows, [
      { actor_kind: 'admin', actor_id: admin.userId },
      { actor_kind: 'admin', actor_id: admin.userId },
    ]);
  });

  it('IdP clients: create (secret once), list without secrets, edit URIs, rotate the secret, delete', async () => {
    const created = await v1('POST', '/v1/idp_clients', { client_name: 'Acme', redirect_uris: ['https://acme.example/cb'] });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const id = String(created.json.client_id);
    assert.match(String(created.json.client_secret), /^idp-secret-/);
    const list = await v1('GET', '/v1/idp_clients');
    const shown = (list.json.idp_clients as Json[]).find((c) => c.client_id === id)!;
    assert.equal(shown.confidential, true);
    assert.equal(shown.source, 'stored');
    assert.ok(!JSON.stringify(list.json).includes(String(created.json.client_secret)));
    assert.ok(!('client_secret_hash' in shown));
    const edited = await v1('PATCH', `/v1/idp_clients/${id}`, { client_name: 'Acme 2', redirect_uris: ['https://acme.example/cb2'] });
    assert.equal(edited.status, 200, JSON.stringify(edited.json));
    assert.deepEqual((edited.json.idp_client as Json).redirect_uris, ['https://acme.example/cb2']);
    const badUri = await v1('PATCH', `/v1/idp_clients/${id}`, { redirect_uris: ['https://acme.example/cb', 'not a uri'] });
    assert.equal(badUri.status, 400);
    assert.match(String(badUri.json.error_message), /redirect_uris\[1\]/);
    const rotated = await v1('POST', `/v1/idp_clients/${id}/rotate_secret`, {});
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.json.client_secret, created.json.client_secret);
    const pub = await v1('POST', '/v1/idp_clients', { client_name: 'SPA', redirect_uris: ['https://spa.example/cb'], public: true });
    assert.equal(pub.json.client_secret, null);
    assert.equal((await v1('POST', `/v1/idp_clients/${String(pub.json.client_id)}/rotate_secret`, {})).status, 400);
    assert.equal((await v1('DELETE', `/v1/idp_clients/${id}`)).status, 200);
    assert.equal((await v1('DELETE', `/v1/idp_clients/${id}`)).json.error_type, 'idp_client_not_found');
    assert.equal((await v1('PATCH', '/v1/idp_clients/idp-client-nope', { client_name: 'x' })).status, 404);
  });
});
