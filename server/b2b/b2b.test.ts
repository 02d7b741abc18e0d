import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { B2BMemberSearchResponse, RBACPolicy } from '../../sdk-core/schemas/index.ts';
import { login, type TestApp, testApp, type TwoApps, twoApps } from '../test-helpers.ts';
import { createSession } from '../sessions.ts';
import { findOrCreateUserByEmail } from '../users.ts';
import { addOrganizationMember, createOrganization } from './index.ts';

const search = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call('POST', '/sdk/v1/b2b/organizations/members/search', { secret: token, body });
const page = (r: { json: Record<string, unknown> }) => r.json.data as unknown as B2BMemberSearchResponse;

describe('b2b: organization member search', () => {
  let t: TestApp;
  let orgA: string;
  let orgB: string;
  let alice: string;
  before(async () => {
    t = await testApp();
    orgA = (await createOrganization(t.services.db, t.projectId, { name: 'Acme', slug: 'acme' })).organization_id;
    orgB = (await createOrganization(t.services.db, t.projectId, { name: 'Bravo', slug: 'bravo' })).organization_id;
    // 25 members of A (alice among them), 3 of B.
    for (let i = 0; i < 24; i++)
      await addOrganizationMember(t.services.db, t.projectId, orgA, { email: `m${String(i).padStart(2, '0')}@acme.example`, name: `M ${i}`, now: t.clock.t });
    await addOrganizationMember(t.services.db, t.projectId, orgA, { email: 'Alice@Acme.example', name: 'Alice', roles: ['admin'], now: t.clock.t });
    for (let i = 0; i < 3; i++) await addOrganizationMember(t.services.db, t.projectId, orgB, { email: `b${i}@bravo.example`, now: t.clock.t });
    alice = (await login(t, 'alice@acme.example', 600)).token;
  });
  after(() => t.close());

  it('a member finds another member by address (any case), and gets null for a non-member address', async () => {
    const r = await search(t, alice, { organization_id: orgA, email_address: 'M03@acme.EXAMPLE' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = page(r);
    assert.equal(d.member?.email_address, 'm03@acme.example');
    assert.equal(d.member?.organization_id, orgA);
    assert.equal(d.member?.name, 'M 3');
    assert.deepEqual(d.members, [d.member]);
    const me = page(await search(t, alice, { organization_id: orgA, email_address: 'alice@acme.example' }));
    assert.deepEqual(me.member?.roles, [{ role_id: 'admin', sources: [{ type: 'direct_assignment', details: {} }] }]);
    // A member of B is not in A.
    assert.equal(page(await search(t, alice, { organization_id: orgA, email_address: 'b0@bravo.example' })).member, null);
    assert.equal((await search(t, alice, { organization_id: orgA, email_address: 'not an address' })).json.error_type, 'invalid_email');
  });

  it('pages through all members in address order without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: Record<string, unknown> = { organization_id: orgA, limit: 10 };
      if (cursor) body.cursor = cursor;
      const d = page(await search(t, alice, body));
      assert.equal(d.results_metadata.total, 25);
      assert.ok(d.members.length <= 10);
      seen.push(...d.members.map((m) => m.email_address));
      cursor = d.results_metadata.next_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(seen.length, 25);
    assert.deepEqual(seen, [...seen].sort());
    assert.ok(seen.every((e) => e.endsWith('@acme.example')));
    assert.equal((await search(t, alice, { organization_id: orgA, cursor: 'garbage' })).json.error_type, 'invalid_cursor');
    assert.equal((await search(t, alice, { organization_id: orgA, limit: 0 })).json.error_type, 'invalid_request_body');
    assert.equal((await search(t, alice, { organization_id: orgA, limit: 1001 })).json.error_type, 'invalid_request_body');
  });

  it('only members see an organization: a non-member, an unknown organization and a signed-out caller are refused alike', async () => {
    const outsider = (await login(t, 'outsider@example.com', 600)).token;
    const a = await search(t, outsider, { organization_id: orgA, email_address: 'm00@acme.example' });
    const b = await search(t, outsider, { organization_id: 'organization-test-nope' });
    assert.equal(a.status, 404);
    assert.equal(a.json.error_type, 'organization_not_found');
    assert.deepEqual([b.status, b.json.error_type], [404, 'organization_not_found']);
    // Alice is a member of A, not of B.
    assert.equal((await search(t, alice, { organization_id: orgB })).json.error_type, 'organization_not_found');
    assert.equal(
      (await t.call('POST', '/sdk/v1/b2b/organizations/members/search', { body: { organization_id: orgA } })).json.error_type,
      'user_unauthenticated',
    );
  });

  it('an unverified address does not make its holder a member', async () => {
    // Someone signs up with a member's address without proving it (e.g. a password sign-up): unverified.
    const u = await findOrCreateUserByEmail(t.services, 'm05@acme.example');
    const { token } = await createSession(t.services, {
      userId: u.user_id,
      durationMinutes: 60,
      ip: '127.0.0.1',
      userAgent: 'test',
      factor: { type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(t.clock.t).toISOString() },
    });
    assert.equal((await search(t, token, { organization_id: orgA })).json.error_type, 'organization_not_found');
  });
});

describe('b2b: the RBAC policy gates search when it names stytch.member', () => {
  const policy: RBACPolicy = {
    roles: [
      { role_id: 'stytch_user', permissions: [] },
      { role_id: 'org_admin', permissions: [{ resource_id: 'stytch.member', actions: ['*'] }] },
    ],
    resources: [{ resource_id: 'stytch.member', actions: ['search', 'delete'] }],
    scopes: [],
  };
  let t: TestApp;
  before(async () => {
    t = await testApp({ bootstrap: { rbac_policy: policy } });
  });
  after(() => t.close());

  it('a member without the permission gets 403; with a member role (wildcard) it works', async () => {
    const org = (await createOrganization(t.services.db, t.projectId, { name: 'Gated', slug: 'gated' })).organization_id;
    await addOrganizationMember(t.services.db, t.projectId, org, { email: 'plain@gated.example' });
    await addOrganizationMember(t.services.db, t.projectId, org, { email: 'boss@gated.example', roles: ['org_admin'] });
    const plain = (await login(t, 'plain@gated.example', 600)).token;
    const boss = (await login(t, 'boss@gated.example', 600)).token;
    const refused = await search(t, plain, { organization_id: org });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.error_type, 'unauthorized_action');
    assert.equal((await search(t, boss, { organization_id: org })).status, 200);
  });
});

describe('b2b: no cross-project leaks', () => {
  let apps: TwoApps;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    apps = await twoApps(
      {},
      { liveProject: { public_token: 'public-token-live-b2bisolation1', project_name: 'B', allowed_origins: ['https://b.example.com'] } },
    );
    ({ a, b } = apps);
  });
  after(() => apps.close());

  it("the same address signed in at project B cannot see project A's organization", async () => {
    const org = (await createOrganization(a.services.db, a.projectId, { name: 'A Org', slug: 'a-org' })).organization_id;
    await addOrganizationMember(a.services.db, a.projectId, org, { email: 'shared@example.com' });
    await assert.rejects(addOrganizationMember(b.services.db, b.projectId, org, { email: 'x@example.com' }), /no organization/);
    const atA = (await login(a, 'shared@example.com', 600)).token;
    assert.equal((await search(a, atA, { organization_id: org })).status, 200);
    // At B (a live project: no dev inbox), the same address with a verified email and a session.
    const user = await b.services.db.kysely.selectFrom('users').select('user_id').where('project_id', '=', b.projectId).executeTakeFirst();
    assert.equal(user, undefined, 'B has no users yet');
    const u = await findOrCreateUserByEmail(b.services, 'shared@example.com');
    await b.services.db.kysely.updateTable('emails').set({ verified: 1 }).where('email_id', '=', u.email_id).execute();
    const { token } = await createSession(b.services, {
      userId: u.user_id,
      durationMinutes: 60,
      ip: '127.0.0.1',
      userAgent: 'test',
      factor: { type: 'otp', delivery_method: 'email', last_authenticated_at: new Date(a.clock.t).toISOString() },
    });
    const r = await b.call('POST', '/sdk/v1/b2b/organizations/members/search', {
      secret: token,
      origin: 'https://b.example.com',
      body: { organization_id: org },
    });
    assert.equal(r.json.error_type, 'organization_not_found');
  });
});
