/** Scope grantability by the RBAC policy (issue 14, docs/reference/methods/idp.md#data): the decision for given roles. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { isScopeToken, judgeScopesFor } from './scopes.ts';

const policy: RBACPolicy = {
  roles: [
    { role_id: 'reader', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'admin', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
    { role_id: 'billing', permissions: [{ resource_id: 'invoices', actions: ['read', 'pay'] }] },
  ],
  resources: [],
  scopes: [
    { scope: 'read:docs', description: 'Read your documents', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { scope: 'write:docs', description: '', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
    {
      scope: 'docs+pay',
      description: 'Docs and payments',
      permissions: [
        { resource_id: 'documents', actions: ['read'] },
        { resource_id: 'invoices', actions: ['pay'] },
      ],
    },
  ],
};
const judge = (roles: string[], scopes: string[]) => judgeScopesFor(policy, roles, scopes).map((r) => [r.scope, r.is_grantable]);

test('custom scopes are grantable by roles holding every listed action (or *); standard scopes by anyone; undeclared by nobody', () => {
  assert.deepEqual(judge([], ['openid', 'read:docs', 'nope']), [
    ['openid', true],
    ['read:docs', false],
    ['nope', false],
  ]);
  assert.deepEqual(judge(['reader'], ['read:docs', 'write:docs', 'docs+pay']), [
    ['read:docs', true],
    ['write:docs', false],
    ['docs+pay', false],
  ]);
  assert.deepEqual(judge(['admin'], ['read:docs', 'write:docs']), [
    ['read:docs', true],
    ['write:docs', true],
  ]);
  assert.deepEqual(judge(['reader', 'billing'], ['docs+pay']), [['docs+pay', true]]);
  assert.equal(judgeScopesFor(policy, [], ['write:docs'])[0]?.description, 'Use the write:docs scope');
  assert.deepEqual(
    judgeScopesFor(null, ['admin'], ['read:docs', 'email']).map((r) => r.is_grantable),
    [false, true],
  );
});

test('scope tokens are RFC 6749 3.3 characters only', () => {
  for (const ok of ['openid', 'read:docs', 'https://api.example/x', 'a!#[]~']) assert.ok(isScopeToken(ok), ok);
  for (const bad of ['', 'a b', 'a"b', 'a\\b', 'é', 'x'.repeat(257), '\u0000']) assert.ok(!isScopeToken(bad), JSON.stringify(bad));
});
