/**
 * docs/reference/methods/rbac.md#rules RBAC: the decision (wildcards, unknown roles, no or a malformed policy) and `client.rbac` against
 * the real reference server, whose bootstrap serves the policy and whose users/sessions carry the roles.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Db, openDatabase } from '../../server/db/index.ts';
import { setUserRoles } from '../../server/rbac/index.ts';
import type { AuthClient } from '../client.ts';
import type { RBACPolicy } from '../schemas/bootstrap.ts';
import { recordingClient, referenceServer, signInByEmail } from '../test-support.ts';
import { allPermissions, isAuthorized } from './index.ts';

const POLICY: RBACPolicy = {
  roles: [
    { role_id: 'stytch_user', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
    {
      role_id: 'admin',
      permissions: [
        { resource_id: 'documents', actions: ['*'] },
        { resource_id: 'billing', actions: ['*'] },
      ],
    },
  ],
  resources: [
    { resource_id: 'documents', actions: ['read', 'write', 'delete'] },
    { resource_id: 'billing', actions: ['view', 'refund'] },
  ],
  scopes: [],
};

describe('rbac decision (docs/reference/methods/rbac.md#rules)', () => {
  it('an action listed for one of the roles is allowed; others are not', () => {
    assert.equal(isAuthorized(POLICY, ['editor'], 'documents', 'write'), true);
    assert.equal(isAuthorized(POLICY, ['editor'], 'documents', 'delete'), false);
    assert.equal(isAuthorized(POLICY, ['stytch_user', 'editor'], 'documents', 'read'), true);
  });
  it('the * action allows every action on its resource, and only on it', () => {
    assert.equal(isAuthorized(POLICY, ['admin'], 'documents', 'delete'), true);
    assert.equal(isAuthorized(POLICY, ['admin'], 'documents', 'anything-at-all'), true);
    assert.equal(isAuthorized(POLICY, ['admin'], 'other-resource', 'read'), false);
    // '*' is not a resource wildcard, nor a role that matches everything.
    assert.equal(isAuthorized(POLICY, ['*'], 'documents', 'read'), false);
    assert.equal(isAuthorized(POLICY, ['editor'], '*', 'read'), false);
  });
  it('an unknown role, no roles, no policy and a malformed policy grant nothing (and never throw)', () => {
    assert.equal(isAuthorized(POLICY, ['superuser'], 'documents', 'read'), false);
    assert.equal(isAuthorized(POLICY, [], 'documents', 'read'), false);
    assert.equal(isAuthorized(null, ['admin'], 'documents', 'read'), false);
    const broken = { roles: [{ role_id: 'admin', permissions: 'all' }, null], resources: 'x', scopes: [] } as unknown as RBACPolicy;
    assert.equal(isAuthorized(broken, ['admin'], 'documents', 'read'), false);
    assert.deepEqual(allPermissions(broken, ['admin']), {});
  });
  it('allPermissions maps every declared resource and action', () => {
    assert.deepEqual(allPermissions(POLICY, ['editor']), {
      documents: { read: true, write: true, delete: false },
      billing: { view: false, refund: false },
    });
    assert.deepEqual(allPermissions(POLICY, ['admin']), {
      documents: { read: true, write: true, delete: true },
      billing: { view: true, refund: true },
    });
    assert.deepEqual(allPermissions(null, ['admin']), {});
  });
});

describe('client.rbac against the real server', () => {
  let db: Db;
  const made: AuthClient[] = [];
  const { server, dataDir } = referenceServer({ bootstrap: { rbac_policy: POLICY } }, made);
  before(async () => {
    db = await openDatabase({ dataDir });
  });
  after(() => db.close());

  it('signed out: no roles, nothing allowed; signed in: the default role; given roles after a refresh', async () => {
    const { client } = recordingClient(server, made);
    assert.equal(await client.rbac.isAuthorized('documents', 'read'), false);
    await signInByEmail(client, server.url, 'rbac-sdk@example.com');
    assert.equal(await client.rbac.isAuthorized('documents', 'read'), true);
    assert.equal(await client.rbac.isAuthorized('documents', 'write'), false);
    const userId = client.user.getSync()?.user_id ?? '';
    assert.notEqual(userId, '');
    const project = (await (await fetch(`${server.url}/dev/project.json`)).json()) as { project_id: string };
    await setUserRoles(db, project.project_id, userId, ['admin'], { policy: POLICY });
    await client.user.get();
    assert.deepEqual(client.user.getSync()?.roles, ['stytch_user', 'admin']);
    assert.equal(await client.rbac.isAuthorized('billing', 'refund'), true);
    assert.deepEqual(await client.rbac.allPermissions(), {
      documents: { read: true, write: true, delete: true },
      billing: { view: true, refund: true },
    });
  });
});
