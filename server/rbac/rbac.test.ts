import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { login, type TestApp, testApp } from '../test-helpers.ts';
import { getUserRoles, setRolesOf, setUserRoles } from './index.ts';

type Json = Record<string, unknown>;
const data = (r: { json: Json }) => r.json.data as Json;

/** A policy with an admin wildcard, an editor with two actions, and the default role reading documents. */
export const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
    {
      role_id: 'admin',
      permissions: [
        { resource_id: 'documents', actions: ['*'] },
        { resource_id: 'stytch.member', actions: ['*'] },
      ],
    },
  ],
  resources: [
    { resource_id: 'documents', actions: ['read', 'write', 'delete'] },
    { resource_id: 'stytch.member', actions: ['search'] },
  ],
  scopes: [],
};

describe('rbac: roles on users, sessions and the session JWT', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: POLICY } });
  });
  after(() => t.close());

  it('every user has the default role stytch_user; given roles follow it in users/me, the session and the JWT', async () => {
    const { token, data: first } = await login(t, 'roles@example.com');
    assert.deepEqual((first.user as Json).roles, ['stytch_user']);
    assert.deepEqual((first.session as Json).roles, ['stytch_user']);
    const userId = String(first.user_id);
    assert.deepEqual(await setRolesOf(t.services, userId, ['editor', 'admin', 'editor']), ['editor', 'admin']);
    assert.deepEqual(await getUserRoles(t.services.db, t.projectId, userId), ['editor', 'admin']);
    const me = await t.call('GET', '/sdk/v1/users/me', { secret: token });
    assert.deepEqual((data(me) as { roles: string[] }).roles, ['stytch_user', 'editor', 'admin']);
    const s = await t.call('POST', '/sdk/v1/sessions/authenticate', { secret: token, body: {} });
    const d = data(s) as { session: { roles: string[] }; session_jwt: string };
    assert.deepEqual(d.session.roles, ['stytch_user', 'editor', 'admin']);
    const jwks = (await t.call('GET', '/.well-known/jwks.json', { auth: false })).json as unknown as JSONWebKeySet;
    const { payload } = await jwtVerify(d.session_jwt, createLocalJWKSet(jwks), { currentDate: new Date(t.clock.t) });
    // Inside the session claim, where the provider's SDKs read them (docs/reference/wire-protocol.md#session-jwt).
    assert.deepEqual((payload['https://stytch.com/session'] as { roles: string[] }).roles, ['stytch_user', 'editor', 'admin']);
    assert.equal(payload.roles, undefined);
    // Replacing with none leaves the default.
    assert.deepEqual(await setRolesOf(t.services, userId, []), []);
    assert.deepEqual((data(await t.call('GET', '/sdk/v1/users/me', { secret: token })) as { roles: string[] }).roles, ['stytch_user']);
  });

  it('setUserRoles refuses an unknown role, a malformed role id, an unknown user and another project', async () => {
    const { data: d } = await login(t, 'roles-bad@example.com');
    const userId = String(d.user_id);
    await assert.rejects(setRolesOf(t.services, userId, ['superuser']), /defines no role superuser/);
    await assert.rejects(setRolesOf(t.services, userId, ['bad role']), /not a role id/);
    await assert.rejects(setRolesOf(t.services, 'user-test-nobody', ['admin']), /no user/);
    await assert.rejects(setUserRoles(t.services.db, 'project-test-other', userId, ['admin']), /no project/);
    // The stored policy of this test project is the default one (no roles): the db-level call checks against it.
    await assert.rejects(setUserRoles(t.services.db, t.projectId, userId, ['admin']), /defines no role admin/);
    assert.deepEqual(await getUserRoles(t.services.db, t.projectId, userId), []);
  });
});

describe('rbac: project config (live project file): default_roles, roles_by_email for verified addresses only', () => {
  let t: TestApp;
  before(async () => {
    t = await testApp({
      liveProject: {
        public_token: 'public-token-live-rbacroles0001',
        project_name: 'Roles Co',
        allowed_origins: ['https://app.example.com'],
        bootstrap: { rbac_policy: POLICY },
        default_roles: ['member'],
        roles_by_email: { 'Ops@Corp.Example': ['admin'] },
      },
    });
  });
  after(() => t.close());

  it('a verified address listed in roles_by_email carries its roles; an unverified one does not', async () => {
    const o = { origin: 'https://app.example.com' };
    // The send creates the user with its address unverified (the code would verify it).
    const r = await t.call('POST', '/sdk/v1/otps/email/login_or_create', { ...o, body: { email: 'ops@corp.example' } });
    const userId = String((data(r) as { user_id: string }).user_id);
    const before = await t.services.db.kysely.selectFrom('emails').select('verified').where('user_id', '=', userId).executeTakeFirstOrThrow();
    assert.equal(before.verified, 0);
    const { loadUser } = await import('../users.ts');
    assert.deepEqual((await loadUser(t.services, userId))?.roles, ['member']);
    await t.services.db.kysely.updateTable('emails').set({ verified: 1 }).where('user_id', '=', userId).execute();
    assert.deepEqual((await loadUser(t.services, userId))?.roles, ['member', 'admin']);
  });

  it('a live project file with a malformed rbac_policy refuses to start', async () => {
    await assert.rejects(
      testApp({
        liveProject: {
          public_token: 'public-token-live-rbacbroken01',
          project_name: 'Broken',
          allowed_origins: ['https://app.example.com'],
          bootstrap: { rbac_policy: { roles: [{ role_id: 'x', permissions: 'all' }], resources: [], scopes: [] } },
        },
      }),
      /rbac_policy/,
    );
  });
});
